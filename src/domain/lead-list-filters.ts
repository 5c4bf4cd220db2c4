import { z } from "zod";
import { LEAD_FORMS } from "./enumerations";
import { PIPELINE_STATUSES } from "./incentive-pipeline";

/**
 * The console's lead list filters, read by the server from the query string and
 * built by the console: one shape on both sides.
 */

/** The forms a lead can come from; "chat" is the qualifying chat's own form. */
export const LEAD_LIST_FORMS = [...new Set([...LEAD_FORMS, "chat"])] as [string, ...string[]];

/**
 * "call": the promised 24-hour call is late; "gift_card": the $50 card is late after verification;
 * "card_delivery": a card or bonus ordered from the rewards provider is not delivered 24 hours later;
 * "verification": the role needs a person (not verified automatically, or a card flagged by the provider).
 */
export const DUE_KINDS = ["verification", "call", "gift_card", "card_delivery"] as const;
export type DueKind = (typeof DUE_KINDS)[number];

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "must be a date (YYYY-MM-DD)")
  .refine((v) => !Number.isNaN(Date.parse(v)), "must be a real date");
const blankToUndefined = (value: unknown) => (typeof value === "string" && value.trim() === "" ? undefined : value);

export const LeadListQuerySchema = z.object({
  status: z.preprocess(blankToUndefined, z.enum(PIPELINE_STATUSES).optional()),
  form: z.preprocess(blankToUndefined, z.enum(LEAD_LIST_FORMS).optional()),
  /** Received on or after this day (UTC). */
  from: z.preprocess(blankToUndefined, day.optional()),
  /** Received on or before this day (UTC). */
  to: z.preprocess(blankToUndefined, day.optional()),
  /** Name, e-mail, phone or facility: a word or part of one anywhere (exact and prefix matches first). */
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, "must be at most 200 characters").optional()),
  due: z.preprocess(blankToUndefined, z.enum(DUE_KINDS).optional()),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
});
export type LeadListQuery = z.infer<typeof LeadListQuerySchema>;

/** How many rows a page of the list holds. */
export const LEAD_PAGE_SIZE = 50;

/** The console's search of nurse applications: free text, as the server reads it. */
export const ApplicationSearchSchema = z.object({
  q: z.preprocess(blankToUndefined, z.string().trim().max(200, "must be at most 200 characters").optional()),
});
