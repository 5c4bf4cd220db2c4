import { z } from "zod";
import { parseTrustProxy, type TrustProxy } from "./client-address";
import { count, emptyToUndefined, flag, httpUrl, ipList, optionalUrl, port } from "./config-fields";
import { MAIL_SETTINGS, senderOf } from "./config-mail";
import { REWARDS_SETTINGS } from "./config-rewards";
import { VERIFICATION_SETTINGS } from "./config-verification";
import { BOOKING_SETTINGS } from "./config-bookings";
import { REPORTS_SETTINGS, checkReportsSettings } from "./config-reports";
import { refuseHalfConfigured } from "./config-half-configured";

/**
 * Server configuration, read once from the environment and validated at start.
 * A bad value stops the start with a message naming the variable.
 */

const EnvSchema = z
  .object({
    PORT: port.default(3000),
    HOST: z.string().min(1).default("127.0.0.1"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL")
        .optional(),
    ),
    /** PostgreSQL: migrate at start (the default), or only check that the owner has (`npm run db:migrate`): the application's role may then lack DDL rights. */
    MIGRATE_AT_START: z
      .preprocess(emptyToUndefined, z.enum(["true", "false"], "must be true or false").default("true"))
      .transform((v) => v === "true"),
    BUILD_DIR: z.string().min(1).default("build"),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    ADMIN_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    /** The bearer token of GET /metrics (Prometheus); unset, /metrics answers 404 (ADMIN_TOKEN is never used for it: decision 0026). */
    METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
    SITE_URL: z.preprocess(emptyToUndefined, optionalUrl),
    /** The proxies in front whose X-Forwarded-For entries are believed (src/server/client-address.ts); `true` is refused. */
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): TrustProxy => {
        try {
          return parseTrustProxy(value);
        } catch (error) {
          ctx.addIssue({ code: "custom", message: (error as Error).message });
          return z.NEVER;
        }
      }),
    // Slow clients: a request (headers and body) must arrive within this; else 408, connection closed.
    REQUEST_TIMEOUT_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(100, "must be 100 or more").default(30_000),
    ),
    /** After SIGTERM, how long the server keeps serving while GET /api/ready answers 503, so the load balancer stops sending it requests before its listener closes (docs/operations.md). */
    DRAIN_DELAY_MS: count(5_000),
    /** Open connections allowed per client address (0 off); not applied to the trusted proxies' own connections (TRUST_PROXY). */
    MAX_CONNECTIONS_PER_IP: count(64),
    // Forwarding (the outbox): each destination is off when unset.
    QUALIFY_WEBHOOK_URL: httpUrl,
    HOMEPAGE_WEBHOOK_URL: httpUrl,
    NURSE_FORM_URL: httpUrl,
    /** The staff console's pipeline steps, as signed events for the provider's CRM. */
    PIPELINE_WEBHOOK_URL: httpUrl,
    /** One event per completed qualification, chat or voice (decision 0011). */
    QUALIFICATION_WEBHOOK_URL: httpUrl,
    /** Standard Webhooks secret (optionally `whsec_` + base64); signatures are sent when set. */
    WEBHOOK_SIGNING_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
    /** The first retry's wait; each next one doubles, up to 6 hours. */
    OUTBOX_RETRY_BASE_MS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").default(5000),
    ),
    // Abuse protection: 0 turns a limit off.
    RATE_LIMIT_PER_MINUTE: count(10),
    RATE_LIMIT_PER_DAY: count(100),
    RATE_LIMIT_EXEMPT_IPS: ipList.default(["127.0.0.1", "::1"]),
    MIN_FILL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0, "must be 0 or more").default(3)),
    /** Answers of the qualification chat per client IP per minute (a chat is about ten requests); 0 turns it off. */
    CHAT_RATE_LIMIT_PER_MINUTE: count(60),
    /** The voice provider's server messages: the shared secret and the header it comes in; unset, POST /api/voice/events answers 404. */
    VOICE_WEBHOOK_SECRET: z.preprocess(
      emptyToUndefined,
      z.string().min(16, "must be at least 16 characters").optional(),
    ),
    VOICE_WEBHOOK_SECRET_HEADER: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^[A-Za-z0-9-]{1,100}$/, "must be an HTTP header name")
        .default("X-Vapi-Secret"),
    ),
    // The staff console (decision 0015): session lifetimes, the second factor for everyone, the key
    // that seals TOTP keys.
    STAFF_SESSION_IDLE_MINUTES: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int("must be a whole number")
        .min(1, "must be 1 or more")
        .max(24 * 60, "must be at most 1440")
        .default(120),
    ),
    STAFF_SESSION_ABSOLUTE_HOURS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int("must be a whole number")
        .min(1, "must be 1 or more")
        .max(24 * 7, "must be at most 168")
        .default(12),
    ),
    /** Tries per minute per client address (IPv6: per /64) at sign-in, the second factor and a password change (decision 0026); 0 turns it off. */
    STAFF_RATE_LIMIT_PER_MINUTE: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").default(30),
    ),
    /** The console on its own origin (decision 0026), e.g. https://console.example.org: the console and its API answer only there, with __Host- cookies. */
    STAFF_ORIGIN: z.preprocess(
      emptyToUndefined,
      z
        .url({ protocol: /^https?$/, error: "must be an https:// origin" })
        .refine(
          (v) => new URL(v).protocol === "https:" || ["localhost", "127.0.0.1"].includes(new URL(v).hostname),
          "must be an https:// origin (its cookies are __Host-: Secure only)",
        )
        .transform((v) => new URL(v).origin)
        .optional(),
    ),
    STAFF_REQUIRE_SECOND_FACTOR: z.preprocess(emptyToUndefined, flag.optional()).default(false),
    STAFF_SECRET_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) => Buffer.from(v, /^[0-9a-fA-F]{64}$/.test(v) ? "hex" : "base64"))
        .refine((key) => key.length === 32, "must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)")
        .optional(),
    ),
    /**
     * The work e-mail code's key (decision 0031): 32 bytes, hex or base64. Codes are
     * derived from it at send time and stored as keyed hashes; unset, no code is sent.
     */
    WORK_EMAIL_CODE_KEY: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .transform((v) => Buffer.from(v, /^[0-9a-fA-F]{64}$/.test(v) ? "hex" : "base64"))
        .refine((key) => key.length === 32, "must be 32 bytes, as 64 hex digits or base64 (openssl rand -base64 32)")
        .optional(),
    ),
    ...MAIL_SETTINGS,
    // A person's data: how long each kind is kept; the job runs at start and daily.
    RETENTION_SPAM_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").default(30),
    ),
    RETENTION_DELIVERED_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").default(30),
    ),
    RETENTION_LEAD_MONTHS: z.preprocess(
      emptyToUndefined,
      z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").default(24),
    ),
    /** The retention job (tests that seed old rows turn it off and run it themselves). */
    RETENTION_JOB: z.preprocess(emptyToUndefined, flag.optional()).default(true),
    REDIS_URL: z.preprocess(
      emptyToUndefined,
      z
        .string()
        .regex(/^rediss?:\/\//, "must be a redis:// URL")
        .optional(),
    ),
    // The browser integrations, read here too so the CSP allows exactly what is configured.
    VITE_VAPI_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
    VITE_VAPI_ASSISTANT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    VITE_VAPI_API_URL: z.preprocess(emptyToUndefined, optionalUrl),
    VITE_CHAT_WIDGET_SRC: z.preprocess(emptyToUndefined, optionalUrl),
    VITE_GOOGLE_TAG_ID: z.preprocess(emptyToUndefined, z.string().optional()),
    VITE_ADS_CONVERSION_SEND_TO: z.preprocess(emptyToUndefined, z.string().optional()),
    ...REWARDS_SETTINGS,
    ...VERIFICATION_SETTINGS,
    ...BOOKING_SETTINGS,
    ...REPORTS_SETTINGS,
    /** Days the security log and remembered devices are kept (decision 0026); applied daily. */
    SECURITY_LOG_RETENTION_DAYS: z.preprocess(
      emptyToUndefined,
      z.coerce
        .number()
        .int("must be a whole number")
        .min(30, "must be 30 or more")
        .max(3650, "must be at most 3650")
        .default(400),
    ),
  })
  .superRefine((env, context) => {
    checkReportsSettings(env, context);
    const dkim = [env.DKIM_DOMAIN, env.DKIM_SELECTOR, env.DKIM_PRIVATE_KEY].filter(Boolean).length;
    if (env.MAIL_FROM && !senderOf(env))
      context.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: 'must be one e-mail address with an optional display name, e.g. "Brand" <hello@example.org>',
      });
    if (dkim > 0 && dkim < 3)
      context.addIssue({
        code: "custom",
        path: ["DKIM_PRIVATE_KEY"],
        message: "DKIM_DOMAIN, DKIM_SELECTOR and DKIM_PRIVATE_KEY are set together or not at all",
      });
    const missing = (path: string, message: string) => context.addIssue({ code: "custom", path: [path], message });
    refuseHalfConfigured(env, missing);
    if (env.REWARDS_PROVIDER !== "tremendous") return;
    if (!env.TREMENDOUS_API_KEY) missing("TREMENDOUS_API_KEY", "is required with REWARDS_PROVIDER=tremendous");
    if (!env.TREMENDOUS_CAMPAIGN_ID && !env.TREMENDOUS_PRODUCT_IDS?.length)
      missing("TREMENDOUS_CAMPAIGN_ID", "or TREMENDOUS_PRODUCT_IDS is required with REWARDS_PROVIDER=tremendous");
    if (!env.TREMENDOUS_WEBHOOK_KEY)
      missing(
        "TREMENDOUS_WEBHOOK_KEY",
        "is required with REWARDS_PROVIDER=tremendous (delivery webhooks are signed with it)",
      );
  });

export type Config = z.infer<typeof EnvSchema>;

export class ConfigError extends Error {
  override name = "ConfigError";
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = EnvSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join("\n")}`);
  }
  return result.data;
}

/** A config for tests: defaults plus overrides, no environment read. */
export function testConfig(overrides: Partial<Config> = {}): Config {
  return { ...loadConfig({}), LOG_LEVEL: "silent", RETENTION_JOB: false, VERIFICATION_JOB: false, ...overrides };
}
