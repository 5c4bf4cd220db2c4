import { Heading, Link, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, StaffAutoPayPausedData } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.staff_auto_pay_paused;

/** To admins, once: automatic cards stopped at a ceiling, and verified leads now wait for a person (decision 0040). */
export function StaffAutoPayPaused({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: StaffAutoPayPausedData;
}) {
  return (
    <MailLayout brand={brand} title={subject} preview={COPY.preview} reason={COPY.reason(brand.brandName)}>
      <Heading as="h1" style={S.h1}>
        {COPY.heading}
      </Heading>
      <Text style={S.text}>{COPY.body(data.ceiling, data.limit)}</Text>
      <Text style={S.text}>{COPY.waits}</Text>
      <Text style={S.text}>
        <Link href={data.listUrl} style={S.link}>
          {COPY.listLink}
        </Link>
      </Text>
    </MailLayout>
  );
}
