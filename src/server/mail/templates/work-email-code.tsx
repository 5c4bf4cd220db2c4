import { Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, WorkEmailCodeShown } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
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
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>{COPY.intro}</Text>
      <WorkEmailCodeBlock shown={data.shown} headingLevel="h2" />
      <Text style={S.text}>{COPY.ignore}</Text>
    </GreetedMail>
  );
}
