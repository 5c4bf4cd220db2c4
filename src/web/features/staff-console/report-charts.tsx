import { useEffect, useRef, useState, type ReactNode, type RefObject } from "react";
import {
  Bar,
  BarChart,
  CartesianGrid,
  Funnel,
  FunnelChart,
  LabelList,
  Legend,
  XAxis,
  YAxis,
  type LabelProps,
} from "recharts";
import { FUNNEL_STEPS, type FunnelCounts, type FunnelReport } from "../../../domain/report-funnel";
import { REPORTS_COPY, sourceLabel, weekOf } from "../../content/staff-reports";
import { DataTable } from "./console-ui";

/**
 * The Reports view's three charts (decision 0039), drawn with Recharts (loaded with the console's
 * chunks only): each an SVG image named by its text alternative (role img, and the figure's caption) and, beside it, the table of its figures for screen readers and printing.
 */
const COPY = REPORTS_COPY.charts;
/** The widest a chart is drawn; narrower screens get the figure's own width (a 390 px phone). */
const WIDTH = 560;
const HEIGHT = 260;
/** Below this, the weeks are named short ("Nov 23") so their ticks fit. */
const NARROW = 480;

/**
 * A funnel step's label and figure on one line, right of its band. Recharts' own label wraps its
 * words to the room between the band and the drawing's edge (the kept margin is outside it), so
 * on a phone "Leads 6" became "Leads" over "6".
 */
const funnelLabel = (fontSize: number) =>
  function FunnelLabel({ x, y, width, height, value }: LabelProps) {
    return (
      <text
        x={Number(x) + Number(width) + 6}
        y={Number(y) + Number(height) / 2}
        dominantBaseline="middle"
        fill="#0f172a"
        fontSize={fontSize}
      >
        {value}
      </text>
    );
  };

/**
 * The width a chart is drawn at: its figure's, at most WIDTH, read again when the figure is
 * resized (a phone turned, a window narrowed). WIDTH on the server and before the first read.
 */
function useChartWidth(): [RefObject<HTMLElement | null>, number] {
  const ref = useRef<HTMLElement>(null);
  const [width, setWidth] = useState(WIDTH);
  useEffect(() => {
    const figure = ref.current;
    if (!figure) return;
    const read = () => setWidth(Math.max(200, Math.min(WIDTH, Math.floor(figure.clientWidth))));
    read();
    if (typeof ResizeObserver === "undefined") return;
    const observer = new ResizeObserver(read);
    observer.observe(figure);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}
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

function ChartWithTable({
  id,
  text,
  chart,
  table,
}: {
  id: string;
  text: string;
  /** The chart drawn at the figure's width. */
  chart: (width: number) => ReactNode;
  table: ReactNode;
}) {
  const [ref, width] = useChartWidth();
  return (
    <div className="mt-3 grid gap-4 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)] lg:items-start">
      <figure ref={ref} aria-describedby={`${id}-text`} className="min-w-0" data-chart={id}>
        {chart(width)}
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
  // Each step's label and figure to the right of its band ("Qualified 4"), in room kept for them.
  const labelled = steps.map((step) => ({ ...step, name: `${step.label} ${step.count}` }));
  return (
    <ChartWithTable
      id="chart-funnel"
      text={text}
      chart={(width) => (
        <FunnelChart
          width={width}
          height={HEIGHT}
          margin={{ top: 5, right: Math.min(170, Math.round(width * 0.45)), bottom: 5, left: 5 }}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.funnel}. ${text}`}
        >
          <Funnel dataKey="count" nameKey="name" data={labelled} isAnimationActive={false}>
            <LabelList dataKey="name" content={funnelLabel(width < NARROW ? 12 : 14)} />
          </Funnel>
        </FunnelChart>
      )}
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
      chart={(width) => (
        <BarChart
          width={width}
          height={HEIGHT}
          data={data}
          margin={{ top: 5, right: 24, bottom: 5, left: 0 }}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.weekly}. ${text}`}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis
            dataKey="week"
            fontSize={width < NARROW ? 12 : 14}
            tickFormatter={(week: string) =>
              width < NARROW ? week.replace(/^Week of /, "").replace(/, \d{4}$/, "") : week
            }
          />
          <YAxis allowDecimals={false} width={32} fontSize={width < NARROW ? 12 : 14} />
          <Legend wrapperStyle={{ fontSize: width < NARROW ? 12 : 14 }} />
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
      )}
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
      chart={(width) => (
        <BarChart
          width={width}
          height={HEIGHT}
          data={buckets}
          margin={{ top: 5, right: 24, bottom: 5, left: 0 }}
          accessibilityLayer={false}
          role="img"
          aria-label={`${COPY.cardTimes}. ${text}`}
        >
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" fontSize={width < NARROW ? 12 : 14} />
          <YAxis allowDecimals={false} width={32} fontSize={width < NARROW ? 12 : 14} />
          <Bar dataKey="leads" fill={COLOURS[0]} isAnimationActive={false} />
        </BarChart>
      )}
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
