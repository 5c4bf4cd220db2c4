import type { ReactNode } from "react";
import { Bar, BarChart, CartesianGrid, Funnel, FunnelChart, LabelList, Legend, XAxis, YAxis } from "recharts";
import { FUNNEL_STEPS, type FunnelCounts, type FunnelReport } from "../../../domain/report-funnel";
import { REPORTS_COPY, sourceLabel, weekOf } from "../../content/staff-reports";
import { DataTable } from "./console-ui";

/**
 * The Reports view's three charts (decision 0039), drawn with Recharts (loaded with the console's
 * chunks only): each an SVG image named by its text alternative (role img, and the figure's caption) and, beside it, the table of its figures for screen readers and printing.
 */
const COPY = REPORTS_COPY.charts;
const WIDTH = 560;
const HEIGHT = 260;
/** Dark enough against white for bars (3:1 at least), distinct in hue. */
const COLOURS = [
  "#1d4ed8",
  "#b45309",
  "#047857",
  "#7c3aed",
  "#be123c",
  "#111827",
  "#a21caf",
  "#0369a1",
  "#854d0e",
  "#64748b",
];

function ChartWithTable({ id, text, chart, table }: { id: string; text: string; chart: ReactNode; table: ReactNode }) {
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <figure aria-describedby={`${id}-text`} className="overflow-x-auto" data-chart={id}>
        {chart}
        <figcaption id={`${id}-text`} className="mt-2 text-sm text-slate-700">
          {text}
        </figcaption>
      </figure>
      {table}
    </div>
  );
}

/** The funnel of the whole range: each step's leads, widest first. */
export function FunnelStepsChart({ totals }: { totals: FunnelCounts }) {
  const steps = FUNNEL_STEPS.map((step, index) => ({
    label: REPORTS_COPY.steps[step],
    count: totals[step],
    fill: COLOURS[index % COLOURS.length],
  }));
  const text = COPY.funnelText(steps);
  return (
    <ChartWithTable
      id="chart-funnel"
      text={text}
      chart={
        <FunnelChart
          width={WIDTH}
          height={HEIGHT}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.funnel}. ${text}`}
        >
          <Funnel dataKey="count" nameKey="label" data={steps} isAnimationActive={false}>
            <LabelList position="right" dataKey="label" fill="#0f172a" stroke="none" />
          </Funnel>
        </FunnelChart>
      }
      table={
        <DataTable caption={COPY.funnel} columns={[REPORTS_COPY.steps2.step, COPY.leads]}>
          {steps.map((step) => (
            <tr key={step.label} className="border-t border-slate-200">
              <th scope="row" className="px-3 py-2 text-left font-medium">
                {step.label}
              </th>
              <td className="px-3 py-2 text-right tabular-nums">{step.count}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

/** Leads per week, stacked by traffic source. */
export function WeeklyChart({ weeks }: { weeks: FunnelReport["weeklyBySource"] }) {
  const sources = [...new Set(weeks.map((w) => w.source))].sort();
  const byWeek = new Map<string, Record<string, number | string>>();
  // Weeks and sources named as the lead list names them ("Week of Nov 23, 2026", "Google").
  for (const { week, source, leads } of weeks)
    byWeek.set(week, { ...(byWeek.get(week) ?? { week: weekOf(week) }), [source]: leads });
  const data = [...byWeek.values()];
  const text = COPY.weeklyText(
    data.length,
    weeks.reduce((sum, w) => sum + w.leads, 0),
  );
  return (
    <ChartWithTable
      id="chart-weekly"
      text={text}
      chart={
        <BarChart
          width={WIDTH}
          height={HEIGHT}
          data={data}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.weekly}. ${text}`}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="week" />
          <YAxis allowDecimals={false} />
          <Legend />
          {sources.map((source, index) => (
            <Bar
              key={source}
              dataKey={source}
              name={sourceLabel(source)}
              stackId="leads"
              fill={COLOURS[index % COLOURS.length]}
              isAnimationActive={false}
            />
          ))}
        </BarChart>
      }
      table={
        <DataTable caption={COPY.weekly} columns={[COPY.week, COPY.source, COPY.leads]}>
          {weeks.map((w) => (
            <tr key={`${w.week}-${w.source}`} className="border-t border-slate-200">
              <td className="px-3 py-2">{weekOf(w.week)}</td>
              <td className="px-3 py-2">{sourceLabel(w.source)}</td>
              <td className="px-3 py-2 text-right tabular-nums">{w.leads}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}

/** How long leads took from creation to their card, in buckets. */
export function CardTimesChart({ buckets }: { buckets: FunnelReport["cardHours"] }) {
  const text = COPY.cardTimesText(buckets);
  return (
    <ChartWithTable
      id="chart-card-times"
      text={text}
      chart={
        <BarChart
          width={WIDTH}
          height={HEIGHT}
          data={buckets}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.cardTimes}. ${text}`}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Bar dataKey="leads" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      }
      table={
        <DataTable caption={COPY.cardTimes} columns={[COPY.time, COPY.leads]}>
          {buckets.map((b) => (
            <tr key={b.label} className="border-t border-slate-200">
              <td className="px-3 py-2">{b.label}</td>
              <td className="px-3 py-2 text-right tabular-nums">{b.leads}</td>
            </tr>
          ))}
        </DataTable>
      }
    />
  );
}
