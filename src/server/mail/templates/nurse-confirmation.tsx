import { Heading, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, NurseConfirmationData } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
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
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>{COPY.intro(brand.brandName)}</Text>
      <Heading as="h2" style={S.h2}>
        {COPY.nextTitle}
      </Heading>
      <NextSteps steps={COPY.nextSteps} />
      <Text style={S.text}>{COPY.watch}</Text>
    </GreetedMail>
  );
}
