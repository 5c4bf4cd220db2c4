import { Heading, Text } from "@react-email/components";
import { MAIL_COPY } from "../mail-copy";
import type { MailBrand, RewardOrderedData } from "../mail-kinds";
import { GreetedMail } from "./greeted-mail";
import { MAIL_STYLES as S } from "./mail-styles";

const COPY = MAIL_COPY.reward_ordered;
// Built once: toLocaleString builds a formatter on every call.
const DOLLARS = new Intl.NumberFormat("en-US", { maximumFractionDigits: 2 });

/** "$50 Visa gift card", "$250 first-shift bonus": the words for a reward, in subject and heading alike. */
export function rewardWhat(data: Pick<RewardOrderedData, "reward" | "amountUsd">): string {
  return COPY.what[data.reward](`$${DOLLARS.format(data.amountUsd)}`);
}

/** To a lead whose reward was ordered: on its way, sent by whom, to which address. */
export function RewardOrdered({
  brand,
  subject,
  data,
}: {
  brand: MailBrand;
  subject: string;
  data: RewardOrderedData;
}) {
  const what = rewardWhat(data);
  return (
    <GreetedMail
      brand={brand}
      subject={subject}
      copy={COPY}
      heading={COPY.heading(what)}
      firstName={data.firstName}
      stopUrl={data.stopUrl}
    >
      <Text style={S.text}>{COPY.body(what)}</Text>
      <Heading as="h2" style={S.h2}>
        {COPY.deliveryTitle}
      </Heading>
      <Text style={S.text}>{COPY.delivery(data.sentBy, data.recipientEmail)}</Text>
      <Text style={S.text}>{COPY.spam(data.sentBy)}</Text>
      <Text style={S.text}>{COPY.questions}</Text>
    </GreetedMail>
  );
}
