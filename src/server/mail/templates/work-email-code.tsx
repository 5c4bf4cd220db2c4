import { Heading, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, WorkEmailCodeShown } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";
import { WorkEmailCodeBlock } from "./work-email-code-block";

const COPY = MAIL_COPY.work_email_code;

/** To a facility lead who asked for a new code (decision 0031): the code and its link, nothing else. */
export function WorkEmailCode({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: { firstName: string; shown: WorkEmailCodeShown; stopUrl?: string | undefined };
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
      <Text style={S.text}>{COPY.intro}</Text>
      <WorkEmailCodeBlock shown={data.shown} headingLevel="h2" />
      <Text style={S.text}>{COPY.ignore}</Text>
    </MailLayout>
  );
}
