import { Heading, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, NurseConfirmationData } from "../mail-kinds";
import { MailLayout } from "./mail-layout";
import { MAIL_STYLES as S } from "./mail-styles";
import { NextSteps } from "./next-steps";

const COPY = MAIL_COPY.nurse_confirmation;

/** To a nurse who applied: the application is in, a recruiter will be in touch (spec 2.3). */
export function NurseConfirmation({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: NurseConfirmationData;
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
      <Text style={S.text}>{COPY.intro(brand.brandName)}</Text>
      <Heading as="h2" style={S.h2}>
        {COPY.nextTitle}
      </Heading>
      <NextSteps steps={COPY.nextSteps} />
      <Text style={S.text}>{COPY.watch}</Text>
    </MailLayout>
  );
}
