import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.booking_offer;

/** "Pick a new time for your call" (decision 0045): to the lead after a missed call, when staff offer new times. */
export function BookingOffer({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: { firstName: string; bookingUrl: string; stopUrl?: string | undefined };
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
      <Text style={S.text}>{COPY.body}</Text>
      <Text style={S.text}>
        <Link href={data.bookingUrl} style={S.link}>
          {COPY.action}
        </Link>
      </Text>
    </MailLayout>
  );
}
