import { Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.booking_reminder;

/** "Your call is coming up" (decision 0036): to the lead, BOOKING_REMINDER_MINUTES before the call. */
export function BookingReminder({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: { firstName: string; withWhom: string; when: string; actionUrl: string; stopUrl?: string | undefined };
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
      <Text style={S.text}>{COPY.body(data.when, data.withWhom)}</Text>
      <Text style={S.text}>
        <Link href={data.actionUrl} style={S.link}>
          {COPY.action}
        </Link>
      </Text>
    </GreetedMail>
  );
}
