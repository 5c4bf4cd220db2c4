import { Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
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
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading(data.change)}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>{COPY.when(data.when)}</Text>
      <Text style={S.text}>{COPY.withWhom(data.withWhom)}</Text>
      <Text style={S.text}>{lead ? COPY.leadBody(data.change) : COPY.staffBody(data.change)}</Text>
      <Text style={S.text}>
        <Link href={data.actionUrl} style={S.link}>
          {lead ? COPY.leadAction(data.change) : COPY.staffAction}
        </Link>
      </Text>
    </GreetedMail>
  );
}
