import { bigint, date, doublePrecision, pgTable, primaryKey, smallint, text } from "drizzle-orm/pg-core";

/**
 * The form's step counts (decision 0039, re-exported by schema.ts): how many page loads showed step 1
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
 * The funnel report's counts per UTC day (decision 0039), kept by triggers (drizzle/*_reports.sql) as
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
    /** One of a few rows per count, picked at random, so leads stored at once do not all wait on one row. */
    shard: smallint("shard").notNull().default(0),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.dimension, t.day, t.key, t.step, t.shard] })],
);

/**
 * How long leads took to reach qualified, role verified and the card (decision 0039), kept by the same
 * triggers as counts per UTC day of the lead's creation, step and duration (to the minute under an
 * hour, the quarter hour under two days, else the hour): the report's median, 90th percentile and
 * time-to-card distribution read these few rows, not the leads.
 */
export const funnelStepHours = pgTable(
  "funnel_step_hours",
  {
    day: date("day", { mode: "string" }).notNull(),
    /** qualified | role_verified | gift_card_sent */
    step: text("step").notNull(),
    hours: doublePrecision("hours").notNull(),
    shard: smallint("shard").notNull().default(0),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.step, t.day, t.hours, t.shard] })],
);
