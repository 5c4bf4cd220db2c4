import { FORM_STEP_LIMITS, type FormStep } from "../../domain/form-steps";
import { NO_KEY, type FunnelStep, type ReportGrouping } from "../../domain/report-funnel";
import { TRAFFIC_SOURCES, labelOf } from "../../domain/enumerations";
import { FORM_LABELS } from "./pipeline-labels";

/** "1 week", "2 weeks", "1.5 hours". */
const plural = (count: number, one: string) => `${count.toLocaleString("en-US")} ${count === 1 ? one : `${one}s`}`;

/** "Week of Nov 23, 2026" for a week's Monday (YYYY-MM-DD, UTC). */
export const weekOf = (monday: string) => {
  const at = Date.parse(`${monday}T00:00:00Z`);
  return Number.isFinite(at)
    ? `Week of ${new Date(at).toLocaleDateString("en-US", { timeZone: "UTC", month: "short", day: "numeric", year: "numeric" })}`
    : monday;
};

/** A group's name as the lead list says it: "Google", "Landing page", "Week of Nov 23, 2026". */
export function groupLabel(by: ReportGrouping, key: string): string {
  if (key === NO_KEY) return "None given";
  if (by === "source") return sourceLabel(key);
  if (by === "week") return weekOf(key);
  if (by === "form") return FORM_LABELS[key] ?? key;
  return key;
}

/** A traffic source as the lead list names it. */
export const sourceLabel = (source: string) => labelOf(TRAFFIC_SOURCES, source);

/** The console's Reports view (decision 0039): what the funnel yields, drawn and in tables. */
export const REPORTS_COPY = {
  nav: "Reports",
  heading: "Reports",
  intro:
    "Leads created in the range (UTC days, both included), followed through the pipeline: a lead counts at every step up to the furthest it reached. Spam is left out; erased people still count (the figures hold nothing personal).",
  filters: "Report range and grouping",
  from: "Created from",
  to: "Created to",
  by: "Group by",
  choose: "Choose a grouping",
  apply: "Show report",
  download: "Download this table (CSV)",
  groupings: {
    source: "Traffic source",
    campaign: "Campaign (UTM campaign)",
    form: "Form",
    region: "Region",
    state: "State",
    week: "Week (from Monday, UTC)",
  } satisfies Record<ReportGrouping, string>,
  steps: {
    leads: "Leads",
    qualified: "Qualified",
    roleVerified: "Role verified",
    giftCardSent: "Card sent",
    firstShiftFilled: "First shift filled",
    bonusSent: "Bonus sent",
  } satisfies Record<FunnelStep, string>,
  funnelTable: "The funnel by group",
  firstShiftNote:
    "First shift filled counts every lead stepped there. The public “spots left” claim counts fewer: only facilities a registry matched (an NPI or CCN on their latest verification) whose first shift an admin recorded or whose card was really ordered from the rewards provider; a card reference typed by hand does not count.",
  columns: {
    automatic: "Verified automatically",
    byStaff: "Verified by a person",
    rejected: "Rejected",
    overall: "Lead to bonus",
  },
  conversionOf: (percent: number | null) => (percent === null ? "–" : `${percent}%`),
  total: "Total",
  empty: "No lead was created in this range.",
  money: {
    heading: "Money",
    cards: "Cards ordered",
    bonuses: "Bonuses ordered",
    perFacility: "Cost per verified facility",
  },
  times: {
    heading: "Time from lead",
    toQualified: "To qualified",
    toRoleVerified: "To role verified",
    toGiftCard: "To card",
    median: "median",
    p90: "90th percentile",
    oldestWaiting: "Oldest lead waiting for a person",
    none: "–",
    /** Minutes, hours or days, plurals right ("under a minute", "12 minutes", "1.5 hours", "3 days"). */
    hours: (hours: number) => {
      const minutes = Math.round(hours * 60);
      if (minutes < 1) return "under a minute";
      if (minutes < 60) return plural(minutes, "minute");
      if (hours < 48) return plural(Math.round(hours * 10) / 10, "hour");
      return plural(Math.round((hours / 24) * 10) / 10, "day");
    },
  },
  charts: {
    funnel: "The funnel, all groups",
    funnelText: (steps: { label: string; count: number }[]) =>
      `Funnel chart: ${steps.map((s) => `${s.label} ${s.count}`).join(", ")}.`,
    weekly: "Leads per week, by traffic source",
    weeklyText: (weeks: number, leads: number) =>
      `Stacked bar chart of ${plural(leads, "lead")} over ${plural(weeks, "week")} by traffic source; the table beside it has each figure.`,
    cardTimes: "Time from lead to card",
    cardTimesText: (buckets: { label: string; leads: number }[]) =>
      `Bar chart of the time from lead to card: ${buckets.map((b) => `${b.label} ${b.leads}`).join(", ")}.`,
    week: "Week",
    source: "Source",
    leads: "Leads",
    time: "Time to card",
  },
  steps2: {
    heading: "Where visitors leave the forms",
    intro:
      "Page loads counted at each step of the landing form and /qualify, once per step per page load, without cookies or identifiers.",
    leftOut: `Left out: known crawlers, and beacons from one client (an IPv4 address, or an IPv6 /64) past ${FORM_STEP_LIMITS.perClientPerMinute} a minute or ${FORM_STEP_LIMITS.perClientPerDay} a day; those are answered as any other and not counted.`,
    forms: { homepage_form: "Landing form", qualify_page: "Qualify page" } as Record<string, string>,
    labels: {
      shown: "Step 1 shown",
      step2: "Step 2 reached",
      step3: "Step 3 reached",
      submitted: "Submitted",
    } satisfies Record<FormStep, string>,
    step: "Step",
    count: "Page loads",
    fromPrevious: "From the step before",
  },
} as const;
