import { Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
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
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>{COPY.body}</Text>
      <Text style={S.text}>
        <Link href={data.bookingUrl} style={S.link}>
          {COPY.action}
        </Link>
      </Text>
    </GreetedMail>
  );
}
