import { z } from "zod";
import { parseCallbackHours } from "../domain/verification-callback";
import { count, emptyToUndefined, flag } from "./config-fields";

/** The settings of verification from public registries (decisions 0024 and 0029): lookups, the domain tie, the limits, the runner. */
export const VERIFICATION_SETTINGS = {
  // Verification from public registries (docs/decisions/0024): lookups, the domain tie, the limits.
  /** The NPPES NPI Registry API (version 2.1 is asked for in each request). */
  NPPES_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).default("https://npiregistry.cms.hhs.gov/api/"),
  ),
  /** CMS Provider Data's API (its datastore queries are under /datastore/query/). */
  CMS_PROVIDER_DATA_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
      .default("https://data.cms.gov/provider-data/api/1"),
  ),
  /** A facility's website, `{domain}` the lead's e-mail domain; a fixed host (a stand-in) is trusted as the operator's, a host from `{domain}` must resolve to public addresses only. */
  FACILITY_WEBSITE_URL: z.preprocess(
    emptyToUndefined,
    z
      .url({ protocol: /^https?$/, error: "must be an http(s):// URL" })
      .refine((v) => v.includes("{domain}") || v.includes("%7Bdomain%7D"), "must contain {domain}")
      .transform((v) => v.replaceAll("%7Bdomain%7D", "{domain}"))
      .default("https://{domain}/"),
  ),
  /** Automatic verifications per e-mail domain (its ASCII registrable domain) in 24 hours; past it a person decides. */
  VERIFICATION_DOMAIN_DAILY_LIMIT: count(2),
  /** Automatic verifications (each an automatic card with auto-pay) in 24 hours across the product; past it a person decides and admins are told once. */
  VERIFICATION_AUTO_PAY_DAILY_LIMIT: count(10),
  /** A domain tied by its website and name must have been registered (RDAP) at least this many days ago. */
  VERIFICATION_MIN_DOMAIN_AGE_DAYS: count(365),
  /** The IANA RDAP bootstrap file for domains (RFC 9224): which RDAP server answers for each TLD. */
  RDAP_BOOTSTRAP_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).default("https://data.iana.org/rdap/dns.json"),
  ),
  /** With a rewards provider: a lead verified automatically has its $50 card ordered at once (else it stops at "role verified"). */
  VERIFICATION_AUTO_PAY: z.preprocess(emptyToUndefined, flag.optional()).default(false),
  /** The verification runner: leads verified after qualifying, after their code, and by a sweep (tests turn it off or start their own). */
  VERIFICATION_JOB: z.preprocess(emptyToUndefined, flag.optional()).default(true),
  /** How often the runner's sweep re-checks leads left "not checked yet" or confirmed since their decision. */
  VERIFICATION_SWEEP_MS: z.preprocess(
    emptyToUndefined,
    z.coerce.number().int("must be a whole number").min(100, "must be 100 or more").default(60_000),
  ),
  /** Verifications one server process runs at once. */
  VERIFICATION_CONCURRENCY: z.preprocess(
    emptyToUndefined,
    z.coerce
      .number()
      .int("must be a whole number")
      .min(1, "must be 1 or more")
      .max(32, "must be at most 32")
      .default(4),
  ),
  // The callback to the facility's number of record (docs/decisions/0042).
  /** Place an automated call to the facility's number of record when the tie is short of the strong one (needs VAPI_PRIVATE_KEY, VAPI_PHONE_NUMBER_ID, VOICE_WEBHOOK_SECRET). */
  VERIFICATION_CALLBACK: z.preprocess(emptyToUndefined, flag.optional()).default(false),
  /** The facility's business hours on its state's clock ("Mon-Fri 09:00-17:00"), or "any" (tests). */
  VERIFICATION_CALLBACK_HOURS: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .default("Mon-Fri 09:00-17:00")
      .refine((v) => parseCallbackHours(v) !== undefined, 'must be like "Mon-Fri 09:00-17:00" or "any"'),
  ),
  /** Callbacks placed in 24 hours across the product, at most. */
  VERIFICATION_CALLBACKS_DAILY_LIMIT: count(20),
  /** The voice provider's private API key (server side only). */
  VAPI_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  /** The voice provider's id of the phone number the callback is placed from. */
  VAPI_PHONE_NUMBER_ID: z.preprocess(emptyToUndefined, z.string().max(100).optional()),
  /** The voice provider's API (a stand-in on 127.0.0.1 in tests). */
  VAPI_API_URL: z.preprocess(
    emptyToUndefined,
    z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).default("https://api.vapi.ai"),
  ),
};
