import { z } from "zod";

/**
 * Server configuration, read once from the environment and validated at start.
 * A bad value stops the start with a message naming the variable.
 */

const port = z.coerce.number().int().min(0).max(65535);
const optionalUrl = z.url().optional();
const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const flag = z.enum(["true", "false", "1", "0"]).transform((v) => v === "true" || v === "1");
const count = (fallback: number) => z.preprocess(emptyToUndefined, z.coerce.number().int("must be a whole number").min(0, "must be 0 or more").default(fallback));
const httpUrl = z.preprocess(
  emptyToUndefined,
  z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" }).optional(),
);
/** A comma-separated list of client addresses, e.g. "127.0.0.1,::1"; empty for none. */
const ipList = z
  .string()
  .transform((v) => v.split(",").map((ip) => ip.trim()).filter(Boolean))
  .pipe(z.array(z.string().regex(/^[0-9a-fA-F:.]+$/, "must be a comma-separated list of IP addresses")));

const EnvSchema = z.object({
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z.string().min(1).default("./data"),
  DATABASE_URL: z.preprocess(emptyToUndefined, z.string().regex(/^postgres(ql)?:\/\//, "must be a postgres:// URL").optional()),
  BUILD_DIR: z.string().min(1).default("build"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  ADMIN_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  /** The bearer token of GET /metrics (Prometheus); unset, ADMIN_TOKEN is used; neither, /metrics answers 404. */
  METRICS_TOKEN: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  SITE_URL: z.preprocess(emptyToUndefined, optionalUrl),
  TRUST_PROXY: z.preprocess(emptyToUndefined, flag.optional()).default(false),
  // Slow clients: a request (headers and body) must arrive within this; else 408, connection closed.
  REQUEST_TIMEOUT_MS: z.preprocess(emptyToUndefined, z.coerce.number().int("must be a whole number").min(100, "must be 100 or more").default(30_000)),
  /** Open connections allowed per client address (0 off); not applied behind a proxy (TRUST_PROXY). */
  MAX_CONNECTIONS_PER_IP: count(64),
  // Forwarding (the outbox): each destination is off when unset.
  QUALIFY_WEBHOOK_URL: httpUrl,
  HOMEPAGE_WEBHOOK_URL: httpUrl,
  NURSE_FORM_URL: httpUrl,
  /** The staff console's pipeline steps, as signed events for the provider's CRM. */
  PIPELINE_WEBHOOK_URL: httpUrl,
  /** One event per completed qualification, chat or voice (issue 14). */
  QUALIFICATION_WEBHOOK_URL: httpUrl,
  /** Standard Webhooks secret (optionally `whsec_` + base64); signatures are sent when set. */
  WEBHOOK_SIGNING_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  /** The first retry's wait; each next one doubles, up to 6 hours. */
  OUTBOX_RETRY_BASE_MS: z.preprocess(emptyToUndefined, z.coerce.number().int("must be a whole number").min(1, "must be 1 or more").default(5000)),
  // Abuse protection: 0 turns a limit off.
  RATE_LIMIT_PER_MINUTE: count(10),
  RATE_LIMIT_PER_DAY: count(100),
  RATE_LIMIT_EXEMPT_IPS: ipList.default(["127.0.0.1", "::1"]),
  MIN_FILL_SECONDS: z.preprocess(emptyToUndefined, z.coerce.number().min(0, "must be 0 or more").default(3)),
  /** Answers of the qualification chat per client IP per minute (a chat is about ten requests); 0 turns it off. */
  CHAT_RATE_LIMIT_PER_MINUTE: count(60),
  /** The voice provider's server messages: the shared secret and the header it comes in; unset, POST /api/voice/events answers 404. */
  VOICE_WEBHOOK_SECRET: z.preprocess(emptyToUndefined, z.string().min(16, "must be at least 16 characters").optional()),
  VOICE_WEBHOOK_SECRET_HEADER: z.preprocess(emptyToUndefined, z.string().regex(/^[A-Za-z0-9-]{1,100}$/, "must be an HTTP header name").default("X-Vapi-Secret")),
  REDIS_URL: z.preprocess(emptyToUndefined, z.string().regex(/^rediss?:\/\//, "must be a redis:// URL").optional()),
  // The browser integrations, read here too so the CSP allows exactly what is configured.
  VITE_VAPI_PUBLIC_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_VAPI_ASSISTANT_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_VAPI_API_URL: z.preprocess(emptyToUndefined, optionalUrl),
  VITE_CHAT_WIDGET_SRC: z.preprocess(emptyToUndefined, optionalUrl),
  VITE_GOOGLE_TAG_ID: z.preprocess(emptyToUndefined, z.string().optional()),
  VITE_ADS_CONVERSION_SEND_TO: z.preprocess(emptyToUndefined, z.string().optional()),
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
  return { ...loadConfig({}), LOG_LEVEL: "silent", ...overrides };
}
