import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, StaffOverdueDigestData } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.staff_overdue_digest;

/** A digest past this many leads sends staff to the console's list (a mail of 2,000 rows helps nobody). */
const DIGEST_MAX_LEADS = 100;

// Built once (a formatter is costly to build). UTC, said so: staff may sit in several time zones.
const RECEIVED = new Intl.DateTimeFormat("en-US", { dateStyle: "medium", timeStyle: "short", timeZone: "UTC" });

function receivedDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? iso : `${RECEIVED.format(date)} UTC`;
}

/** To staff, once a day: the leads whose promised 24-hour call is overdue, oldest first. */
export function StaffOverdueDigest({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: StaffOverdueDigestData;
}) {
  const shown = data.leads.slice(0, DIGEST_MAX_LEADS);
  const more = data.leads.length - shown.length;
  return (
    <MailLayout brand={brand} title={subject} preview={COPY.preview} reason={COPY.reason(brand.brandName)}>
      <Heading as="h1" style={S.h1}>
        {COPY.heading}
      </Heading>
      <Text style={S.text}>{COPY.intro(data.leads.length)}</Text>
      {shown.length > 0 && (
        <ul style={S.list}>
          {shown.map((lead, index) => (
            <li key={index} style={S.listItem}>
              <Link href={lead.leadUrl} style={S.link}>
                {COPY.leadLink(lead.firstName, lead.facilityName)}
              </Link>
              , {COPY.received(receivedDate(lead.receivedAt))}
            </li>
          ))}
        </ul>
      )}
      {more > 0 && <Text style={S.text}>{COPY.more(more)}</Text>}
      <Text style={S.text}>
        <Link href={data.listUrl} style={S.link}>
          {COPY.listLink}
        </Link>
      </Text>
    </MailLayout>
  );
}
