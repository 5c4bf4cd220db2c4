import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.booking_invite;

/** A booked, moved or cancelled call (decision 0036), to the lead or the staff member; the invite itself travels beside it as text/calendar. */
export function BookingInvite({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: {
    recipient: "lead" | "staff";
    change: "booked" | "moved" | "cancelled";
    firstName: string;
    withWhom: string;
    when: string;
    actionUrl: string;
    stopUrl?: string | undefined;
  };
}) {
  const lead = data.recipient === "lead";
  return (
    <MailLayout
      brand={brand}
      title={subject}
      preview={COPY.preview}
      reason={COPY.reason(brand.brandName)}
      stopUrl={data.stopUrl}
    >
      <Heading as="h1" style={S.h1}>
        {COPY.heading(data.change)}
      </Heading>
      <Text style={S.text}>{COPY.greeting(data.firstName)}</Text>
      <Text style={S.text}>{COPY.when(data.when)}</Text>
      <Text style={S.text}>{COPY.withWhom(data.withWhom)}</Text>
      <Text style={S.text}>{lead ? COPY.leadBody(data.change) : COPY.staffBody(data.change)}</Text>
      <Text style={S.text}>
        <Link href={data.actionUrl} style={S.link}>
          {lead ? COPY.leadAction(data.change) : COPY.staffAction}
        </Link>
      </Text>
    </MailLayout>
  );
}
