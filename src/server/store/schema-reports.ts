import { bigint, date, doublePrecision, index, pgTable, primaryKey, text, timestamp, uuid } from "drizzle-orm/pg-core";

/**
 * The form's step counts (issue 39, re-exported by schema.ts): how many page loads showed step 1
 * of the landing form or /qualify, reached steps 2 and 3, and submitted, per UTC day and traffic
 * source. Counts only: no cookie, no identifier, no address, nothing of a person.
 */
export const formStepCounts = pgTable(
  "form_step_counts",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** homepage_form | qualify_page */
    form: text("form").notNull(),
    /** The page's traffic source from its utm parameters, else "direct". */
    source: text("source").notNull(),
    /** shown | step2 | step3 | submitted */
    step: text("step").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.form, t.source, t.step] })],
);

/**
 * The funnel report's counts per UTC day (issue 39), kept by triggers (drizzle/*_reports.sql) as
 * leads are stored and steps taken, so a report over months reads thousands of rows, not the
 * leads: per dimension (source, campaign, form, state), key and step, how many leads created that
 * day were counted. Steps are cumulative (a step skipped is counted with the one after it); spam
 * is never counted; deleting or erasing a lead changes nothing here.
 */
export const funnelDayCounts = pgTable(
  "funnel_day_counts",
  {
    /** source | campaign | form | state */
    dimension: text("dimension").notNull(),
    day: date("day", { mode: "string" }).notNull(),
    key: text("key").notNull(),
    /** leads | qualified | role_verified | role_verified_auto | gift_card_sent | first_shift_filled | bonus_sent | rejected */
    step: text("step").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.key, t.step] })],
);

/**
 * How long each lead took to reach qualified, role verified and the card (issue 39), once per
 * lead and step, kept by the same triggers: the report's median and 90th percentile read these
 * rows for the leads created in the range.
 */
export const funnelStepTimes = pgTable(
  "funnel_step_times",
  {
    leadId: uuid("lead_id").notNull(),
    /** qualified | role_verified | gift_card_sent */
    step: text("step").notNull(),
    receivedAt: timestamp("received_at", { withTimezone: true }).notNull(),
    hours: doublePrecision("hours").notNull(),
  },
  (t) => [primaryKey({ columns: [t.leadId, t.step] }), index("funnel_step_times_range_idx").on(t.step, t.receivedAt)],
);
