import { sql, type SQL } from "drizzle-orm";
import { AUTOMATIC_VERIFICATION_METHOD, BONUS_AMOUNT_USD, GIFT_CARD_AMOUNT_USD } from "../../domain/incentive-pipeline";
import {
  CARD_HOUR_BUCKETS,
  FUNNEL_STEPS,
  NO_KEY,
  STATUS_RANK,
  dayBefore,
  moneyOf,
  type FunnelCounts,
  type FunnelReport,
  type ReportGrouping,
  type ReportQuery,
} from "../../domain/report-funnel";
import type { Database } from "../store/database";

/**
 * The funnel report's one query (issue 39): the leads created in the range (spam left out),
 * each with how far it got (its status, or for a rejected lead the furthest status its
 * history shows), grouped by the asked key, by week and source (the stacked chart) and in total,
 * in one pass with grouping sets. Nothing personal is read: source, campaign, form, state, dates
 * and steps survive erasure (privacy/erase-records.ts keeps utm_campaign), so erasing a person
 * changes no figure.
 */

const rank = (column: SQL) =>
  sql`(case ${column} ${sql.join(
    Object.entries(STATUS_RANK).map(([status, value]) => sql`when ${status} then ${value}`),
    sql` `,
  )} else 0 end)`;

function keyOf(by: ReportGrouping, regions: Record<string, string>): SQL {
  switch (by) {
    case "source":
      return sql`l.traffic_source`;
    case "campaign":
      return sql`coalesce(nullif(l.utm->>'utm_campaign', ''), ${NO_KEY})`;
    case "form":
      return sql`l.form`;
    case "region":
      return sql`coalesce(${JSON.stringify(regions)}::jsonb->>l.location, ${NO_KEY})`;
    case "state":
      return sql`l.location`;
    case "week":
      return sql`to_char(date_trunc('week', l.received_at at time zone 'UTC'), 'YYYY-MM-DD')`;
  }
}

const hours = (later: SQL) => sql`extract(epoch from (${later} - c.received_at)) / 3600`;
const percentile = (fraction: number, value: SQL) =>
  sql`percentile_cont(${sql.raw(String(fraction))}) within group (order by ${value})`;

interface Row {
  set: number;
  key: string | null;
  week: string | null;
  source: string | null;
  leads: number;
  qualified: number;
  roleVerified: number;
  roleVerifiedAutomatically: number;
  giftCardSent: number;
  firstShiftFilled: number;
  bonusSent: number;
  rejected: number;
  toQualifiedMedian: number | null;
  toQualifiedP90: number | null;
  toRoleVerifiedMedian: number | null;
  toRoleVerifiedP90: number | null;
  toGiftCardMedian: number | null;
  toGiftCardP90: number | null;
  oldestWaitingHours: number | null;
  [bucket: `card${number}`]: number;
}

const reached = (step: number) => sql`count(*) filter (where c.furthest >= ${step})::int`;

/** The report for the query; `regions` maps each state's name to its region (by=region). */
export async function funnelReport(
  db: Database,
  query: ReportQuery,
  regions: Record<string, string>,
  now = new Date(),
): Promise<FunnelReport> {
  const from = new Date(`${query.from}T00:00:00Z`);
  const toNext = new Date(`${dayBefore(query.to, -1)}T00:00:00Z`);
  let lower = 0;
  const buckets = CARD_HOUR_BUCKETS.map((bucket, index) => {
    const condition = sql`count(*) filter (where c.card_at is not null and ${hours(sql`c.card_at`)} >= ${lower}${
      Number.isFinite(bucket.max) ? sql` and ${hours(sql`c.card_at`)} < ${bucket.max}` : sql``
    })::int as ${sql.identifier(`card${index}`)}`;
    lower = bucket.max;
    return condition;
  });
  const result = await db.execute(sql`
    with cohort as (
      select l.id, l.received_at, l.pipeline_status, l.traffic_source, ${keyOf(query.by, regions)} as key,
        to_char(date_trunc('week', l.received_at at time zone 'UTC'), 'YYYY-MM-DD') as week
      from facility_leads l
      where not l.is_spam and l.received_at >= ${from.toISOString()}::timestamptz and l.received_at < ${toNext.toISOString()}::timestamptz
    ), history as (
      select t.lead_id,
        max(greatest(${rank(sql`t.from_status`)}, ${rank(sql`t.to_status`)})) as furthest,
        bool_or(t.to_status = 'rejected') as rejected,
        bool_or(t.to_status = 'role_verified' and t.details->>'method' = ${AUTOMATIC_VERIFICATION_METHOD}) as automatic,
        min(t.at) filter (where t.to_status = 'qualified') as qualified_at,
        min(t.at) filter (where t.to_status = 'role_verified') as verified_at,
        min(t.at) filter (where t.to_status = 'gift_card_sent') as card_at
      from lead_transitions t
      where t.at >= ${from.toISOString()}::timestamptz and t.lead_id in (select id from cohort where pipeline_status <> 'new')
      group by t.lead_id
    ), c as (
      select cohort.*, greatest(${rank(sql`cohort.pipeline_status`)}, coalesce(h.furthest, 0)) as furthest,
        cohort.pipeline_status = 'rejected' or coalesce(h.rejected, false) as rejected,
        coalesce(h.automatic, false) as automatic, h.qualified_at, h.verified_at, h.card_at
      from cohort left join history h on h.lead_id = cohort.id
    )
    select grouping(c.key, c.week, c.traffic_source)::int as set, c.key, c.week, c.traffic_source as source,
      count(*)::int as leads, ${reached(1)} as qualified, ${reached(2)} as "roleVerified",
      count(*) filter (where c.furthest >= 2 and c.automatic)::int as "roleVerifiedAutomatically",
      ${reached(3)} as "giftCardSent", ${reached(4)} as "firstShiftFilled", ${reached(5)} as "bonusSent",
      count(*) filter (where c.rejected)::int as rejected,
      ${percentile(0.5, hours(sql`c.qualified_at`))} as "toQualifiedMedian", ${percentile(0.9, hours(sql`c.qualified_at`))} as "toQualifiedP90",
      ${percentile(0.5, hours(sql`c.verified_at`))} as "toRoleVerifiedMedian", ${percentile(0.9, hours(sql`c.verified_at`))} as "toRoleVerifiedP90",
      ${percentile(0.5, hours(sql`c.card_at`))} as "toGiftCardMedian", ${percentile(0.9, hours(sql`c.card_at`))} as "toGiftCardP90",
      extract(epoch from (${now.toISOString()}::timestamptz - min(c.received_at) filter (where c.pipeline_status = 'qualified'))) / 3600 as "oldestWaitingHours",
      ${sql.join(buckets, sql`, `)}
    from c
    group by grouping sets ((c.key), (c.week, c.traffic_source), ())
  `);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const countsOf = (row: Row): FunnelCounts => ({
    leads: row.leads,
    qualified: row.qualified,
    roleVerified: row.roleVerified,
    roleVerifiedAutomatically: row.roleVerifiedAutomatically,
    roleVerifiedByStaff: row.roleVerified - row.roleVerifiedAutomatically,
    giftCardSent: row.giftCardSent,
    firstShiftFilled: row.firstShiftFilled,
    bonusSent: row.bonusSent,
    rejected: row.rejected,
  });
  const emptyTotals = Object.fromEntries(
    [...FUNNEL_STEPS, "roleVerifiedAutomatically", "roleVerifiedByStaff", "rejected"].map((k) => [k, 0]),
  ) as unknown as FunnelCounts;
  // grouping(): 0b011 the key's rows, 0b100 the week and source's, 0b111 the total.
  const total = rows.find((row) => Number(row.set) === 7);
  const hoursOf = (value: number | string | null) => (value === null ? null : Math.round(Number(value) * 10) / 10);
  const totals = total ? countsOf(total) : emptyTotals;
  return {
    from: query.from,
    to: query.to,
    by: query.by,
    rows: rows
      .filter((row) => Number(row.set) === 3)
      .map((row) => ({ key: row.key ?? NO_KEY, ...countsOf(row) }))
      .sort((a, b) => (query.by === "week" ? (a.key < b.key ? -1 : 1) : b.leads - a.leads || (a.key < b.key ? -1 : 1))),
    totals,
    money: moneyOf(totals, { card: GIFT_CARD_AMOUNT_USD, bonus: BONUS_AMOUNT_USD }),
    times: {
      toQualified: { median: hoursOf(total?.toQualifiedMedian ?? null), p90: hoursOf(total?.toQualifiedP90 ?? null) },
      toRoleVerified: {
        median: hoursOf(total?.toRoleVerifiedMedian ?? null),
        p90: hoursOf(total?.toRoleVerifiedP90 ?? null),
      },
      toGiftCard: { median: hoursOf(total?.toGiftCardMedian ?? null), p90: hoursOf(total?.toGiftCardP90 ?? null) },
      oldestWaitingHours: hoursOf(total?.oldestWaitingHours ?? null),
    },
    weeklyBySource: rows
      .filter((row) => Number(row.set) === 4)
      .map((row) => ({ week: row.week!, source: row.source!, leads: row.leads }))
      .sort((a, b) => (a.week === b.week ? (a.source < b.source ? -1 : 1) : a.week < b.week ? -1 : 1)),
    cardHours: CARD_HOUR_BUCKETS.map((bucket, index) => ({ label: bucket.label, leads: total?.[`card${index}`] ?? 0 })),
  };
}
