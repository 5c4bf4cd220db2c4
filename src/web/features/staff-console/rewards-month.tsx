import type { RewardsMonthAnswer } from "../../../domain/staff-console-api";
import { REWARD_COPY } from "../../content/rewards-copy";
import { Section } from "./console-ui";

const COPY = REWARD_COPY.month;

/** Admins: what the month's rewards add up to, against REWARDS_MONTHLY_LIMIT_USD. */
export function RewardsMonth({ month }: { month: RewardsMonthAnswer }) {
  return (
    <Section id="rewards-month" heading={COPY.heading}>
      {month.enabled ? null : <p className="mt-2">{COPY.off}</p>}
      <p className="mt-2">{COPY.summary(month.month, month.spentUsd, month.count)}</p>
      <p className="mt-1">{month.limitUsd === null ? COPY.noLimit : COPY.limit(month.limitUsd, month.spentUsd)}</p>
    </Section>
  );
}
