import { z } from "zod";
import type { PipelineStatus } from "./incentive-pipeline";

/**
 * The funnel report (decision 0039): leads created in a range of UTC days (a cohort), grouped, and
 * how many reached each step of the incentive pipeline. Shared by the server (the query's
 * shape and its checks) and the console (the table, the charts, the CSV's columns).
 */

/** The steps, in order; a lead counts in every step up to the furthest it reached (cumulative). */
export const FUNNEL_STEPS = [
  "leads",
  "qualified",
  "roleVerified",
  "giftCardSent",
  "firstShiftFilled",
  "bonusSent",
] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

/** How far along the pipeline a status is (0: not started; "rejected" says nothing of how far). */
const STATUS_RANK: Record<PipelineStatus, number> = {
  new: 0,
  qualified: 1,
  role_verified: 2,
  gift_card_sent: 3,
  first_shift_filled: 4,
  bonus_sent: 5,
  rejected: 0,
};

/** How far a lead got: the furthest status it held or left (a rejection's `from` counts, its `to` does not). */
export function furthestRank(
  current: PipelineStatus,
  transitions: readonly { from: PipelineStatus; to: PipelineStatus }[],
): number {
  return Math.max(STATUS_RANK[current], ...transitions.flatMap((t) => [STATUS_RANK[t.from], STATUS_RANK[t.to]]));
}

export const REPORT_GROUPINGS = ["source", "campaign", "form", "region", "state", "week"] as const;
export type ReportGrouping = (typeof REPORT_GROUPINGS)[number];

/** The key of leads without a campaign (`by=campaign`) or a region (a state outside the map). */
export const NO_KEY = "(none)";

/** The longest range one report covers. */
const REPORT_MAX_DAYS = 400;
/** The default range: the last 30 days, today included. */
const REPORT_DEFAULT_DAYS = 30;

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const realDay = (v: string) => {
  const at = DAY.test(v) ? new Date(`${v}T00:00:00Z`) : undefined;
  return at !== undefined && !Number.isNaN(at.getTime()) && at.toISOString().slice(0, 10) === v;
};
const day = z.string().refine(realDay, "must be a date (YYYY-MM-DD)");
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

/** A UTC day `days` before (negative: after) `day`. */
export function dayBefore(dayText: string, days: number): string {
  return new Date(Date.parse(`${dayText}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);
}

/** The query as the console sends it; missing days default to the last 30 days up to `today`. */
export function reportQuerySchema(today: string) {
  return z
    .object({
      from: z.preprocess(blankToUndefined, day.optional()),
      to: z.preprocess(blankToUndefined, day.optional()),
      by: z.preprocess(
        blankToUndefined,
        z.enum(REPORT_GROUPINGS, "must be one of " + REPORT_GROUPINGS.join(", ")).default("source"),
      ),
    })
    .transform((q) => {
      const to = q.to ?? today;
      return { from: q.from ?? dayBefore(to, REPORT_DEFAULT_DAYS - 1), to, by: q.by };
    })
    .refine((q) => q.from <= q.to, { message: "from must be on or before to", path: ["from"] })
    .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= REPORT_MAX_DAYS * 86_400_000, {
      message: `the range must be at most ${REPORT_MAX_DAYS} days`,
      path: ["to"],
    });
}
export type ReportQuery = { from: string; to: string; by: ReportGrouping };

/** The counts of one group: the report's fields, and the role verified automatically and by a person apart. */
export interface FunnelCounts {
  leads: number;
  qualified: number;
  roleVerified: number;
  roleVerifiedAutomatically: number;
  roleVerifiedByStaff: number;
  giftCardSent: number;
  firstShiftFilled: number;
  bonusSent: number;
  rejected: number;
}
export interface FunnelRow extends FunnelCounts {
  key: string;
}

/** Durations in hours, median and 90th percentile; null when no lead of the group got there. */
export interface DurationSummary {
  median: number | null;
  p90: number | null;
}
interface FunnelTimes {
  toQualified: DurationSummary;
  toRoleVerified: DurationSummary;
  toGiftCard: DurationSummary;
  /** The oldest lead of the range still waiting for a person (qualified, not verified nor rejected), in hours. */
  oldestWaitingHours: number | null;
}
export interface FunnelMoney {
  giftCardsUsd: number;
  bonusesUsd: number;
  /** Cards and bonuses over the facilities whose role was verified; null when none was. */
  costPerVerifiedFacilityUsd: number | null;
}

/** Hours to card, by bucket (the time-to-card distribution's bars). */
const CARD_HOUR_BUCKETS = [
  { label: "under 24 h", max: 24 },
  { label: "1-2 days", max: 48 },
  { label: "2-3 days", max: 72 },
  { label: "3-7 days", max: 168 },
  { label: "over 7 days", max: Number.POSITIVE_INFINITY },
] as const;

export interface FunnelReport {
  from: string;
  to: string;
  by: ReportGrouping;
  rows: FunnelRow[];
  totals: FunnelCounts;
  money: FunnelMoney;
  times: FunnelTimes;
  /** Leads per week (the Monday, UTC) and traffic source: the stacked chart. */
  weeklyBySource: { week: string; source: string; leads: number }[];
  /** Leads given a card, per bucket of CARD_HOUR_BUCKETS. */
  cardHours: { label: string; leads: number }[];
}

/** The share of `part` in `whole` as a whole percentage, or null when `whole` is 0. */
export function conversion(part: number, whole: number): number | null {
  return whole === 0 ? null : Math.round((part / whole) * 1000) / 10;
}

/** The money of a group of counts: each card and bonus at its fixed amount. */
export function moneyOf(
  counts: Pick<FunnelCounts, "giftCardSent" | "bonusSent" | "roleVerified">,
  amounts: { card: number; bonus: number },
): FunnelMoney {
  const giftCardsUsd = counts.giftCardSent * amounts.card;
  const bonusesUsd = counts.bonusSent * amounts.bonus;
  return {
    giftCardsUsd,
    bonusesUsd,
    costPerVerifiedFacilityUsd:
      counts.roleVerified === 0 ? null : Math.round(((giftCardsUsd + bonusesUsd) / counts.roleVerified) * 100) / 100,
  };
}

/** A duration kept as counts: so many leads took `hours`. */
export interface HoursCount {
  hours: number;
  count: number;
}

/** The value below which `fraction` of the leads fall (the first whose running count reaches it); null for none. */
export function percentileOfCounts(rows: readonly HoursCount[], fraction: number): number | null {
  const sorted = [...rows].sort((a, b) => a.hours - b.hours);
  const total = sorted.reduce((sum, row) => sum + row.count, 0);
  if (total === 0) return null;
  let seen = 0;
  for (const row of sorted) {
    seen += row.count;
    if (seen >= fraction * total) return row.hours;
  }
  return sorted.at(-1)!.hours;
}

/** The leads per bucket of CARD_HOUR_BUCKETS. */
export function cardHourBuckets(rows: readonly HoursCount[]): { label: string; leads: number }[] {
  return CARD_HOUR_BUCKETS.map((bucket, index) => {
    const lower = index === 0 ? 0 : CARD_HOUR_BUCKETS[index - 1]!.max;
    return {
      label: bucket.label,
      leads: rows.filter((r) => r.hours >= lower && r.hours < bucket.max).reduce((sum, r) => sum + r.count, 0),
    };
  });
}
