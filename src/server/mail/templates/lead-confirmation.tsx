import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { LeadConfirmationData, MailBrand, WorkEmailCodeShown } from "../mail-kinds";
import { telHref } from "../mail-text";
import { GreetedMail } from "./greeted-mail";
import { MAIL_STYLES as S } from "./mail-styles";
import { NextSteps } from "./next-steps";
import { WorkEmailCodeBlock } from "./work-email-code-block";

const COPY = MAIL_COPY.lead_confirmation;

/** To a facility lead: the request is in, and what happens next as the site promised it. */
export function LeadConfirmation({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: Omit<LeadConfirmationData, "workEmailCode" | "firstCall"> & {
    shown?: WorkEmailCodeShown | undefined;
    /** The call promise, naming the earliest time offered. */
    callPromise: string;
  };
}) {
  return (
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>
        {COPY.intro(data.facilityName)} {data.callPromise}
      </Text>
      {data.shown ? <WorkEmailCodeBlock shown={data.shown} headingLevel="h2" /> : null}

      <Heading as="h2" style={S.h2}>
        {COPY.nextTitle}
      </Heading>
      <NextSteps steps={COPY.nextSteps} />
      {data.bookingUrl ? (
        <>
          <Heading as="h2" style={S.h2}>
            {COPY.bookingTitle}
          </Heading>
          <Text style={S.text}>
            {COPY.bookingBody}{" "}
            <Link href={data.bookingUrl} style={S.link}>
              {COPY.bookingLink}
            </Link>
          </Text>
        </>
      ) : null}

      <Heading as="h2" style={S.h2}>
        {COPY.qualifyTitle}
      </Heading>
      <Text style={S.text}>{COPY.qualifyBody}</Text>
      <ul style={S.list}>
        <li style={S.listItem}>
          <Link href={data.resumeUrl} style={S.link}>
            {COPY.chatLink}
          </Link>
        </li>
        <li style={S.listItem}>
          <Link href={data.voiceUrl} style={S.link}>
            {COPY.voiceLink}
          </Link>
        </li>
      </ul>

      <Heading as="h2" style={S.h2}>
        {COPY.hotlineTitle}
      </Heading>
      <Text style={S.text}>
        {COPY.hotlineBody}{" "}
        <Link href={telHref(brand.phone)} style={S.link}>
          {brand.phone}
        </Link>
      </Text>
    </GreetedMail>
  );
}
