import { sql, type SQL } from "drizzle-orm";
import { BONUS_AMOUNT_USD, GIFT_CARD_AMOUNT_USD } from "../../domain/incentive-pipeline";
import {
  NO_KEY,
  cardHourBuckets,
  dayBefore,
  moneyOf,
  percentileOfCounts,
  type FunnelCounts,
  type FunnelReport,
  type ReportGrouping,
  type ReportQuery,
} from "../../domain/report-funnel";
import type { Database } from "../store/database";

/**
 * The funnel report (decision 0039), read from the counts the database keeps per UTC day
 * (funnel_day_counts and funnel_step_hours, kept by the triggers of drizzle/*_reports.sql as leads
 * are stored and steps taken), so a report over months reads thousands of rows, not the leads.
 * Nothing personal is read or kept there: source, campaign, form, state, days and steps.
 */

/** The column each step's count is kept under. */
const STEP_FIELDS: Record<string, keyof FunnelCounts> = {
  leads: "leads",
  qualified: "qualified",
  role_verified: "roleVerified",
  role_verified_auto: "roleVerifiedAutomatically",
  gift_card_sent: "giftCardSent",
  first_shift_filled: "firstShiftFilled",
  bonus_sent: "bonusSent",
  rejected: "rejected",
};

const emptyCounts = (): FunnelCounts => ({
  leads: 0,
  qualified: 0,
  roleVerified: 0,
  roleVerifiedAutomatically: 0,
  roleVerifiedByStaff: 0,
  giftCardSent: 0,
  firstShiftFilled: 0,
  bonusSent: 0,
  rejected: 0,
});

const WEEK = sql`to_char(date_trunc('week', day::timestamp), 'YYYY-MM-DD')`;

/** Which kept dimension a grouping reads, and its key. */
function groupingOf(by: ReportGrouping): { dimension: string; key: SQL } {
  switch (by) {
    case "region":
      return { dimension: "state", key: sql`key` }; // each state's count, put in its region below
    case "week":
      return { dimension: "source", key: WEEK };
    default:
      return { dimension: by, key: sql`key` };
  }
}

const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;
const hoursOf = (value: number | string | null | undefined) =>
  value === null || value === undefined ? null : Math.round(Number(value) * 10) / 10;

/** The report for the query; `regions` maps each state's name to its region (by=region). */
export async function funnelReport(
  db: Database,
  query: ReportQuery,
  regions: Record<string, string>,
  now = new Date(),
): Promise<FunnelReport> {
  const { dimension, key } = groupingOf(query.by);
  const keyOf = (rowKey: string) => (query.by === "region" ? (regions[rowKey] ?? NO_KEY) : rowKey);
  const inRange = sql`day >= ${query.from}::date and day <= ${query.to}::date`;
  const from = `${query.from}T00:00:00Z`;
  const toNext = `${dayBefore(query.to, -1)}T00:00:00Z`;
  const received = sql`received_at >= ${from}::timestamptz and received_at < ${toNext}::timestamptz`;

  const counted = rowsOf<{ key: string; step: string; n: number }>(
    await db.execute(sql`select ${key} as key, step, sum(count)::int as n from funnel_day_counts
      where dimension = ${dimension} and ${inRange} group by 1, 2`),
  );
  const weekly = rowsOf<{ week: string; source: string; leads: number }>(
    await db.execute(sql`select ${WEEK} as week, key as source, sum(count)::int as leads from funnel_day_counts
      where dimension = 'source' and step = 'leads' and ${inRange} group by 1, 2 order by 1, 2`),
  );
  const hours = rowsOf<{ step: string; hours: number; count: number }>(
    await db.execute(sql`select step, hours, sum(count)::int as count from funnel_step_hours
      where ${inRange} group by 1, 2`),
  );
  const timesOf = (step: string) => {
    const rows = hours
      .filter((row) => row.step === step)
      .map((row) => ({ hours: Number(row.hours), count: row.count }));
    return { median: percentileOfCounts(rows, 0.5), p90: percentileOfCounts(rows, 0.9), rows };
  };
  const [toQualified, toRoleVerified, toGiftCard] = ["qualified", "role_verified", "gift_card_sent"].map(timesOf);
  // The leads of the range waiting for a person: qualified, neither verified nor rejected yet (the pipeline's index).
  const [waiting] = rowsOf<{ hours: number | string | null }>(
    await db.execute(sql`select extract(epoch from (${now.toISOString()}::timestamptz - min(received_at))) / 3600 as hours
      from facility_leads where pipeline_status = 'qualified' and not is_spam and ${received}`),
  );

  const byKey = new Map<string, FunnelCounts>();
  const totals = emptyCounts();
  for (const row of counted) {
    const field = STEP_FIELDS[row.step];
    if (!field) continue;
    const group = keyOf(row.key);
    const counts = byKey.get(group) ?? emptyCounts();
    counts[field] += row.n;
    totals[field] += row.n;
    byKey.set(group, counts);
  }
  for (const counts of [...byKey.values(), totals])
    counts.roleVerifiedByStaff = counts.roleVerified - counts.roleVerifiedAutomatically;
  const rows = [...byKey]
    .map(([rowKey, counts]) => ({ key: rowKey, ...counts }))
    .sort((a, b) => (query.by === "week" ? (a.key < b.key ? -1 : 1) : b.leads - a.leads || (a.key < b.key ? -1 : 1)));
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    rows,
    totals,
    money: moneyOf(totals, { card: GIFT_CARD_AMOUNT_USD, bonus: BONUS_AMOUNT_USD }),
    times: {
      toQualified: { median: hoursOf(toQualified!.median), p90: hoursOf(toQualified!.p90) },
      toRoleVerified: { median: hoursOf(toRoleVerified!.median), p90: hoursOf(toRoleVerified!.p90) },
      toGiftCard: { median: hoursOf(toGiftCard!.median), p90: hoursOf(toGiftCard!.p90) },
      oldestWaitingHours: hoursOf(waiting?.hours),
    },
    weeklyBySource: weekly,
    cardHours: cardHourBuckets(toGiftCard!.rows),
  };
}
