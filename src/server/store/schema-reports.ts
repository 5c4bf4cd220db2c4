import { bigint, date, pgTable, primaryKey, text } from "drizzle-orm/pg-core";

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
