import type { FormStepFunnel } from "../../../domain/form-steps";
import { conversion, type DurationSummary, type FunnelReport } from "../../../domain/report-funnel";
import { REPORTS_COPY } from "../../content/staff-reports";
import { DataTable, Section } from "./console-ui";

/** The Reports view's money, times and the forms' step counts (decision 0039), as tables and figures. */
const COPY = REPORTS_COPY;
const usd = (amount: number | null) =>
  amount === null ? COPY.times.none : `$${amount.toLocaleString("en-US", { maximumFractionDigits: 2 })}`;
const hours = (value: number | null) => (value === null ? COPY.times.none : COPY.times.hours(value));

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-sm text-slate-700">{label}</dt>
      <dd className="text-xl font-bold tabular-nums">{value}</dd>
    </div>
  );
}

const durationText = (summary: DurationSummary) =>
  `${hours(summary.median)} ${COPY.times.median}, ${hours(summary.p90)} ${COPY.times.p90}`;

export function MoneyAndTimes({ report }: { report: FunnelReport }) {
  const { money, times } = report;
  return (
    <div className="grid gap-0 lg:grid-cols-2 lg:gap-6">
      <Section id="report-money" heading={COPY.money.heading}>
        <dl className="mt-3 grid gap-3 sm:grid-cols-3">
          <Figure label={COPY.money.cards} value={usd(money.giftCardsUsd)} />
          <Figure label={COPY.money.bonuses} value={usd(money.bonusesUsd)} />
          <Figure label={COPY.money.perFacility} value={usd(money.costPerVerifiedFacilityUsd)} />
        </dl>
      </Section>
      <Section id="report-times" heading={COPY.times.heading}>
        <dl className="mt-3 grid gap-3 sm:grid-cols-2">
          <Figure label={COPY.times.toQualified} value={durationText(times.toQualified)} />
          <Figure label={COPY.times.toRoleVerified} value={durationText(times.toRoleVerified)} />
          <Figure label={COPY.times.toGiftCard} value={durationText(times.toGiftCard)} />
          <Figure label={COPY.times.oldestWaiting} value={hours(times.oldestWaitingHours)} />
        </dl>
      </Section>
    </div>
  );
}

/** Where visitors leave each form: page loads per step, and the share kept from the step before. */
export function FormStepsTable({ forms }: { forms: FormStepFunnel[] }) {
  return (
    <Section id="report-form-steps" heading={COPY.steps2.heading}>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.steps2.intro}</p>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.steps2.leftOut}</p>
      {forms.map(({ form, steps }) => (
        <DataTable
          key={form}
          caption={COPY.steps2.forms[form] ?? form}
          columns={[COPY.steps2.step, COPY.steps2.count, COPY.steps2.fromPrevious]}
        >
          {steps.map(({ step, count }, index) => (
            <tr key={step} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {COPY.steps2.labels[step]}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{count}</td>
              <td className="px-3 py-2 text-right tabular-nums">
                {index === 0 ? "" : COPY.conversionOf(conversion(count, steps[index - 1]!.count))}
              </td>
            </tr>
          ))}
        </DataTable>
      ))}
    </Section>
  );
}
