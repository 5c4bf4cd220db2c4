import type { FormStepFunnel } from "../../../domain/form-steps";
import type { FormStepsReport } from "../../../domain/staff-console-api";
import {
  FUNNEL_STEPS,
  REPORT_GROUPINGS,
  conversion,
  reportQuerySchema,
  type FunnelCounts,
  type FunnelReport,
} from "../../../domain/report-funnel";
import { Button } from "../../components/button";
import { SelectField } from "../../components/select-field";
import { REPORTS_COPY, groupLabel } from "../../content/staff-reports";
import { errorSummaryItems, useErrorSummaryFocus } from "../../forms/error-focus";
import { DataTable, ErrorMessage, Section, ViewHeading, linkClass } from "./console-ui";
import { DateRangeFields, FilterForm } from "./filter-form";
import { readFilters, searchOf, useListFilters } from "./list-filters";
import { FormStepsTable, MoneyAndTimes } from "./report-figures";
import { CardTimesChart, FunnelStepsChart, WeeklyChart } from "./report-charts";
import { requireSession } from "./staff-session";
import { staffApi } from "./staff-api";

const COPY = REPORTS_COPY;
const FILTERS = ["from", "to", "by"] as const;
const GROUPING_OPTIONS = REPORT_GROUPINGS.map((value) => ({ value, label: COPY.groupings[value] }));
const today = () => new Date().toISOString().slice(0, 10);

export interface ReportsData {
  report?: FunnelReport;
  formSteps?: FormStepFunnel[];
  /** The server's refusal of the range or grouping: its words, and one per field. */
  refusal?: { error: string; fields: Record<string, string> };
}

/** The Reports route's read (every staff role): the funnel and the form's step counts for the address's range and grouping. */
export async function loadReports(request: Request): Promise<ReportsData> {
  await requireSession();
  const search = searchOf(readFilters(new URL(request.url).search, FILTERS));
  const [report, steps] = await Promise.all([
    staffApi<FunnelReport>(`/reports/funnel${search}`),
    staffApi<FormStepsReport>(`/reports/form-steps${search}`),
  ]);
  if (!report.ok) return { refusal: { error: report.error, fields: report.fields } };
  return { report: report.data, ...(steps.ok ? { formSteps: steps.data.forms } : {}) };
}

const cell = "px-3 py-2 text-right tabular-nums";

/**
 * A row's count cells, as an array (not a fragment) so the table names each by its column: on a
 * phone each card reads "Qualified 4 (80%)".
 */
const countsCells = (counts: FunnelCounts) => [
  ...FUNNEL_STEPS.map((step, index) => (
    <td key={step} className={cell}>
      {counts[step]}
      {index > 0 ? (
        <span className="text-xs text-slate-600 sm:block">
          {` (${COPY.conversionOf(conversion(counts[step], counts[FUNNEL_STEPS[index - 1]!]))})`}
        </span>
      ) : null}
    </td>
  )),
  <td key="automatic" className={cell}>
    {counts.roleVerifiedAutomatically}
  </td>,
  <td key="by-staff" className={cell}>
    {counts.roleVerifiedByStaff}
  </td>,
  <td key="rejected" className={cell}>
    {counts.rejected}
  </td>,
  <td key="overall" className={cell}>
    {COPY.conversionOf(conversion(counts.bonusSent, counts.leads))}
  </td>,
];

/** The funnel's table: one row per group, the total last; each step with its conversion from the one before. */
function FunnelTable({ report }: { report: FunnelReport }) {
  const columns = [
    COPY.groupings[report.by],
    ...FUNNEL_STEPS.map((step) => COPY.steps[step]),
    COPY.columns.automatic,
    COPY.columns.byStaff,
    COPY.columns.rejected,
    COPY.columns.overall,
  ];
  return (
    <DataTable caption={COPY.funnelTable} columns={columns} empty={report.rows.length === 0 ? COPY.empty : undefined}>
      {report.rows.map((row) => (
        <tr key={row.key} className="border-t border-slate-200">
          <th scope="row" className="px-3 py-2 text-left font-medium">
            {groupLabel(report.by, row.key)}
          </th>
          {countsCells(row)}
        </tr>
      ))}
      <tr className="border-t-2 border-slate-400 font-semibold">
        <th scope="row" className="px-3 py-2 text-left">
          {COPY.total}
        </th>
        {countsCells(report.totals)}
      </tr>
    </DataTable>
  );
}

/** /staff/reports: the funnel by source, campaign, form, region, state or week, drawn and in tables, with its CSV. */
export function ReportsView({ data }: { data: ReportsData }) {
  const { summaryRef, refused } = useErrorSummaryFocus();
  const filters = useListFilters(FILTERS, reportQuerySchema(today()), refused, { by: "source" });
  const { values } = filters.state;
  const errors = { ...data.refusal?.fields, ...filters.state.errors };
  const { report } = data;
  const csv = report
    ? `/api/staff/reports/funnel.csv${searchOf({ from: report.from, to: report.to, by: report.by })}`
    : "";
  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      <FilterForm
        label={COPY.filters}
        className="mt-4 grid gap-x-4 sm:grid-cols-2 lg:grid-cols-4 lg:items-end"
        summaryClassName="sm:col-span-2 lg:col-span-4"
        summaryRef={summaryRef}
        errors={errorSummaryItems(filters.state.errors, FILTERS, (field) => `report-${field}`)}
        onSubmit={filters.apply}
      >
        <DateRangeFields
          idPrefix="report"
          labels={COPY}
          values={{ from: values.from || report?.from || "", to: values.to || report?.to || "" }}
          errors={errors}
          onChange={filters.set}
        />
        <SelectField
          id="report-by"
          label={COPY.by}
          options={GROUPING_OPTIONS}
          placeholder={COPY.choose}
          value={values.by}
          onValueChange={filters.set("by")}
          error={errors.by}
        />
        <Button type="submit" tone="brand" className="mb-4">
          {COPY.apply}
        </Button>
      </FilterForm>
      <ErrorMessage message={data.refusal?.error} />
      {report ? (
        <>
          <a className={`${linkClass} mt-2 inline-flex min-h-11 items-center`} href={csv} download>
            {COPY.download}
          </a>
          <FunnelTable report={report} />
          <p className="mt-2 max-w-3xl text-sm text-slate-700">{COPY.firstShiftNote}</p>
          <MoneyAndTimes report={report} />
          <Section id="report-funnel" heading={COPY.charts.funnel}>
            <FunnelStepsChart totals={report.totals} />
          </Section>
          <Section id="report-weekly" heading={COPY.charts.weekly}>
            <WeeklyChart weeks={report.weeklyBySource} />
          </Section>
          <Section id="report-card-times" heading={COPY.charts.cardTimes}>
            <CardTimesChart buckets={report.cardHours} />
          </Section>
          {data.formSteps ? <FormStepsTable forms={data.formSteps} /> : null}
        </>
      ) : null}
    </section>
  );
}
