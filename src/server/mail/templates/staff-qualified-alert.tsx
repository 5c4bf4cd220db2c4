import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, StaffQualifiedAlertData } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.staff_qualified_alert;

/** To staff: a lead qualified and waits for role verification. First name and facility only. */
export function StaffQualifiedAlert({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: StaffQualifiedAlertData;
}) {
  return (
    <MailLayout brand={brand} title={subject} preview={COPY.preview} reason={COPY.reason(brand.brandName)}>
      <Heading as="h1" style={S.h1}>
        {COPY.heading}
      </Heading>
      <Text style={S.text}>{COPY.body(data.firstName, data.facilityName, COPY.channel[data.channel])}</Text>
      <Text style={S.text}>{COPY.promise}</Text>
      <Text style={S.text}>
        <Link href={data.leadUrl} style={S.link}>
          {COPY.leadLink(data.facilityName)}
        </Link>
      </Text>
    </MailLayout>
  );
}
