import { z } from "zod";
import { emptyToUndefined, flag } from "./config-fields";

/** The rewards settings (decisions 0017 and 0026): the provider, Tremendous, the month's limit, four eyes. */
export const REWARDS_SETTINGS = {
  // Rewards (decision 0017): the $50 card and the $250 bonus ordered from a provider; unset, staff type the card's reference.
  REWARDS_PROVIDER: z.preprocess(
    emptyToUndefined,
    z.enum(["tremendous"], "must be tremendous (or empty for none)").optional(),
  ),
  TREMENDOUS_API_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  TREMENDOUS_API_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
      .default("https://testflight.tremendous.com/api/v2"),
  ),
  TREMENDOUS_FUNDING_SOURCE_ID: z.preprocess(emptyToUndefined, z.string().default("balance")),
  TREMENDOUS_CAMPAIGN_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  TREMENDOUS_PRODUCT_IDS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .transform((v) =>
        v
          .split(",")
          .map((id) => id.trim())
          .filter(Boolean),
      )
      .optional(),
  ),
  TREMENDOUS_WEBHOOK_KEY: z.preprocess(
    emptyToUndefined,
    z.string().min(16, "must be at least 16 characters").optional(),
  ),
  /** Each call to the provider; past it the order is looked up by its external id. */
  TREMENDOUS_TIMEOUT_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(100, "must be 100 or more").default(15_000),
  ),
  /** The most the rewards ordered in a calendar month (UTC) may add up to (automatic money has a ceiling by default). */
  REWARDS_MONTHLY_LIMIT_USD: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").default(2500),
  ),
  /** Tests only: the process kills itself right after the provider accepts an order, before recording it. */
  REWARDS_TEST_CRASH_AFTER_ORDER: z.preprocess(emptyToUndefined, flag.optional()).default(false),
  /** Four eyes on money (decision 0026): a reward to another address, or a bonus one person verified and filled, waits for a second admin. Unset: on when REWARDS_PROVIDER is set. */
  REWARDS_FOUR_EYES: z.preprocess(emptyToUndefined, flag.optional()),
};
