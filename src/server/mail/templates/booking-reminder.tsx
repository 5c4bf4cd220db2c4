import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
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
    <MailLayout
      brand={brand}
      title={subject}
      preview={COPY.preview}
      reason={COPY.reason(brand.brandName)}
      stopUrl={data.stopUrl}
    >
      <Heading as="h1" style={S.h1}>
        {COPY.heading}
      </Heading>
      <Text style={S.text}>{COPY.greeting(data.firstName)}</Text>
      <Text style={S.text}>{COPY.body(data.when, data.withWhom)}</Text>
      <Text style={S.text}>
        <Link href={data.actionUrl} style={S.link}>
          {COPY.action}
        </Link>
      </Text>
    </MailLayout>
  );
}
