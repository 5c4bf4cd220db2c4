import type { Vapi } from "@vapi-ai/server-sdk";
import { z } from "zod";
import {
  VOICE_ASSISTANT_NAME,
  VOICE_FIRST_MESSAGE,
  VOICE_INSTRUCTIONS,
  VOICE_STRUCTURED_DATA_SCHEMA,
} from "../../domain/voice-assistant";
import { VOICE_EVENTS_PATH } from "../../domain/voice-keys";

/**
 * What `npm run voice:assistant` sends to the voice provider (decision 0018): the domain's
 * assistant definition plus where its server messages go and the secret they carry. Written
 * against the provider's API reference (`POST /assistant`, `PATCH /assistant/{id}`), typed
 * with its server SDK's `CreateAssistantDto`.
 */

const DEFAULT_VAPI_API_URL = "https://api.vapi.ai";

/** The assistant's language model (the provider's own OpenAI account; no key of ours). */
const MODEL = { provider: "openai", model: "gpt-4o" } as const;

/** The server messages the assistant sends: the end-of-call report (answers, summary, transcript) and status updates. */
const SERVER_MESSAGES = ["end-of-call-report", "status-update"] as const;

export interface SyncSettings {
  /** The provider's private API key; absent only for --dry-run. */
  privateKey: string | undefined;
  apiUrl: string;
  /** The assistant made before, when known. */
  assistantId: string | undefined;
  /** SITE_URL + the voice events route. */
  serverUrl: string;
  secretHeader: string;
  secret: string;
}

export class SyncError extends Error {
  override name = "SyncError";
}

const emptyToUndefined = (value: unknown) => (value === "" ? undefined : value);
const httpUrl = z.url({ protocol: /^https?$/, error: "must be an http(s):// URL" });

/** The same rules as the server's settings (src/server/config.ts), so the assistant sends what the server accepts. */
const EnvSchema = z.object({
  VAPI_PRIVATE_KEY: z.preprocess(emptyToUndefined, z.string().optional()),
  VAPI_API_URL: z.preprocess(emptyToUndefined, httpUrl.default(DEFAULT_VAPI_API_URL)),
  VAPI_ASSISTANT_ID: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,100}$/, "must be an assistant id")
      .optional(),
  ),
  SITE_URL: z.preprocess(
    emptyToUndefined,
    z.string({ error: "is required: the public origin the provider sends the call's report to" }).pipe(httpUrl),
  ),
  VOICE_WEBHOOK_SECRET: z.preprocess(
    emptyToUndefined,
    z.string({ error: "is required: the secret the server checks" }).min(16, "must be at least 16 characters"),
  ),
  VOICE_WEBHOOK_SECRET_HEADER: z.preprocess(
    emptyToUndefined,
    z
      .string()
      .regex(/^[A-Za-z0-9-]{1,100}$/, "must be an HTTP header name")
      .default("X-Vapi-Secret"),
  ),
});

/** Variables the browser build reads (vite.config.ts envPrefix): the private key must be in none of them. */
const isBrowserVariable = (name: string) => name.startsWith("VITE_") || name.startsWith("SITE_URL");

/** The settings from the environment; a bad or missing one is a SyncError naming the variable. */
export function syncSettingsOf(env: NodeJS.ProcessEnv, { needKey }: { needKey: boolean }): SyncSettings {
  const result = EnvSchema.safeParse(env);
  const problems = result.success ? [] : result.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`);
  const key = result.success ? result.data.VAPI_PRIVATE_KEY : undefined;
  if (needKey && result.success && !key)
    problems.push("VAPI_PRIVATE_KEY is required: the voice provider's private API key");
  if (key) {
    for (const [name, value] of Object.entries(env)) {
      if (isBrowserVariable(name) && value?.includes(key))
        problems.push(
          `${name} holds VAPI_PRIVATE_KEY: the browser build would publish it (the browser takes the public key only)`,
        );
    }
  }
  if (!result.success || problems.length > 0)
    throw new SyncError(`Invalid settings:\n${problems.map((line) => `  ${line}`).join("\n")}`);
  const data = result.data;
  return {
    privateKey: key,
    apiUrl: data.VAPI_API_URL.replace(/\/+$/, ""),
    assistantId: data.VAPI_ASSISTANT_ID,
    serverUrl: `${data.SITE_URL.replace(/\/+$/, "")}${VOICE_EVENTS_PATH}`,
    secretHeader: data.VOICE_WEBHOOK_SECRET_HEADER,
    secret: data.VOICE_WEBHOOK_SECRET,
  };
}

/** The assistant as the repository defines it: the body of both the create and the update. */
export function assistantPayload(
  settings: Pick<SyncSettings, "serverUrl" | "secretHeader" | "secret">,
): Vapi.CreateAssistantDto {
  return {
    name: VOICE_ASSISTANT_NAME,
    firstMessage: VOICE_FIRST_MESSAGE,
    model: { ...MODEL, messages: [{ role: "system", content: VOICE_INSTRUCTIONS }] },
    serverMessages: [...SERVER_MESSAGES],
    server: { url: settings.serverUrl, headers: { [settings.secretHeader]: settings.secret } },
    analysisPlan: { structuredDataPlan: { enabled: true, schema: VOICE_STRUCTURED_DATA_SCHEMA } },
  };
}

/** The payload as --dry-run prints it: the secret's value replaced, so it never lands in a terminal's scrollback. */
export function redactedPayload(payload: Vapi.CreateAssistantDto, secretHeader: string): Vapi.CreateAssistantDto {
  return { ...payload, server: { ...payload.server, headers: { [secretHeader]: "<VOICE_WEBHOOK_SECRET>" } } };
}

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

const shown = (value: unknown) => {
  const text = value === undefined ? "nothing" : JSON.stringify(value);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
};

/** Lists compared as sets where order means nothing to the provider. */
const UNORDERED = new Set(["serverMessages"]);

function compare(path: string, expected: unknown, actual: unknown, secretPath: string, out: string[]): void {
  if (isPlainObject(expected)) {
    if (!isPlainObject(actual)) return void out.push(`${path}: expected an object, found ${shown(actual)}`);
    // Only what the repository sets is compared: the provider fills in its own defaults around it.
    for (const key of Object.keys(expected))
      compare(path ? `${path}.${key}` : key, expected[key], findKey(actual, key, path), secretPath, out);
    return;
  }
  const normal = (value: unknown) =>
    UNORDERED.has(path) && Array.isArray(value) ? JSON.stringify([...value].sort()) : JSON.stringify(value);
  if (normal(expected) === normal(actual)) return;
  if (path === secretPath) return void out.push(`${path}: differs from VOICE_WEBHOOK_SECRET (value not shown)`);
  out.push(`${path}: expected ${shown(expected)}, found ${shown(actual)}`);
}

/** Header names are case-insensitive; every other key is exact. */
function findKey(actual: Record<string, unknown>, key: string, path: string): unknown {
  if (path !== "server.headers") return actual[key];
  const found = Object.keys(actual).find((name) => name.toLowerCase() === key.toLowerCase());
  return found === undefined ? undefined : actual[found];
}

/** Each difference between the provider's copy and the repository's definition, by path ("firstMessage: expected ..., found ..."). */
export function assistantDifferences(
  expected: Vapi.CreateAssistantDto,
  actual: unknown,
  secretHeader: string,
): string[] {
  const out: string[] = [];
  compare("", expected, actual, `server.headers.${secretHeader}`, out);
  return out;
}
