import { parseArgs } from "node:util";
import { VapiClient, VapiError, VapiTimeoutError, type Vapi } from "@vapi-ai/server-sdk";
import { VOICE_ASSISTANT_NAME } from "../../domain/voice-assistant";
import {
  SyncError,
  assistantDifferences,
  assistantPayload,
  redactedPayload,
  syncSettingsOf,
  type SyncSettings,
} from "./assistant-payload";

/**
 * `npm run voice:assistant` (decision 0018): creates the voice assistant at the provider, or updates
 * the one made before (by VAPI_ASSISTANT_ID, else by its name), never a second one; `--check`
 * names each difference between the provider's copy and the repository's definition;
 * `--dry-run` prints the body and calls nothing. Through the provider's server SDK.
 */

const USAGE = `Usage: npm run voice:assistant [-- --dry-run | --check]
  (no option)  create the voice assistant at the provider, or update the one made before
  --dry-run    print the JSON that would be sent (the secret's value hidden); call nothing
  --check      compare the provider's assistant with the repository's; exit 1 naming each difference
Environment: VAPI_PRIVATE_KEY, VAPI_API_URL (default https://api.vapi.ai), VAPI_ASSISTANT_ID (optional),
  SITE_URL, VOICE_WEBHOOK_SECRET, VOICE_WEBHOOK_SECRET_HEADER (default X-Vapi-Secret)`;

/** Up to this many assistants are listed to find ours by name (the provider's list has no name filter). */
const LIST_LIMIT = 1000;
const TIMEOUT_SECONDS = 30;

interface Output {
  log: (line: string) => void;
  error: (line: string) => void;
}

const clientOf = (settings: SyncSettings) =>
  new VapiClient({ token: settings.privateKey!, baseUrl: settings.apiUrl, timeoutInSeconds: TIMEOUT_SECONDS });

/** The provider's error body (`{statusCode, error, message}`, `message` a string or a list) as one line. */
function providerMessage(body: unknown): string {
  if (typeof body === "string") return body.slice(0, 500);
  if (typeof body !== "object" || body === null) return "no message";
  const { message, error } = body as { message?: unknown; error?: unknown };
  if (Array.isArray(message)) return message.map(String).join("; ");
  if (typeof message === "string") return message;
  if (typeof error === "string") return error;
  return JSON.stringify(body).slice(0, 500);
}

/** Any failure of a provider call as a SyncError: its status and message, or why nothing answered. */
function describeFailure(error: unknown, apiUrl: string): SyncError {
  if (error instanceof VapiTimeoutError)
    return new SyncError(`The voice provider at ${apiUrl} did not answer within ${TIMEOUT_SECONDS} s.`);
  if (error instanceof VapiError && error.statusCode !== undefined)
    return new SyncError(`The voice provider answered ${error.statusCode}: ${providerMessage(error.body)}`);
  const reason = error instanceof Error ? error.message : String(error);
  return new SyncError(`Could not reach the voice provider at ${apiUrl}: ${reason}`);
}

async function call<T>(settings: SyncSettings, request: () => Promise<T>): Promise<T> {
  try {
    return await request();
  } catch (error) {
    throw describeFailure(error, settings.apiUrl);
  }
}

/** The assistant this repository made: by VAPI_ASSISTANT_ID (which must exist), else the one of our name; undefined when there is none. */
async function findAssistant(client: VapiClient, settings: SyncSettings): Promise<Vapi.Assistant | undefined> {
  if (settings.assistantId) {
    const id = settings.assistantId;
    return call(settings, () => client.assistants.get({ id }));
  }
  const all = await call(settings, () => client.assistants.list({ limit: LIST_LIMIT }));
  const ours = all.filter((assistant) => assistant.name === VOICE_ASSISTANT_NAME);
  if (ours.length > 1) {
    const ids = ours.map((assistant) => assistant.id).join(", ");
    throw new SyncError(
      `${ours.length} assistants are named "${VOICE_ASSISTANT_NAME}" (${ids}): set VAPI_ASSISTANT_ID to the one to keep.`,
    );
  }
  return ours[0];
}

/** Creates the assistant, or updates the one found; returns its id. */
async function syncAssistant(settings: SyncSettings): Promise<{ id: string; created: boolean }> {
  const client = clientOf(settings);
  const payload = assistantPayload(settings);
  const existing = await findAssistant(client, settings);
  if (existing) {
    const updated = await call(settings, () => client.assistants.update({ id: existing.id, ...payload }));
    return { id: updated.id, created: false };
  }
  // Never retried: a create the provider did but whose answer was lost would make a second assistant.
  const created = await call(settings, () => client.assistants.create(payload, { maxRetries: 0 }));
  return { id: created.id, created: true };
}

/** The differences between the provider's assistant and the repository's definition (none: in step). */
async function checkAssistant(settings: SyncSettings): Promise<{ id: string; differences: string[] }> {
  const existing = await findAssistant(clientOf(settings), settings);
  if (!existing)
    throw new SyncError(
      `No assistant named "${VOICE_ASSISTANT_NAME}" at the provider: run npm run voice:assistant to create it.`,
    );
  return {
    id: existing.id,
    differences: assistantDifferences(assistantPayload(settings), existing, settings.secretHeader),
  };
}

/** The command: parses its options, runs, prints; returns the exit code (0 done or in step, 1 otherwise, 2 usage). */
export async function runVoiceAssistantCli(args: string[], env: NodeJS.ProcessEnv, out: Output): Promise<number> {
  let options: { "dry-run"?: boolean; check?: boolean; help?: boolean };
  try {
    options = parseArgs({
      args,
      options: { "dry-run": { type: "boolean" }, check: { type: "boolean" }, help: { type: "boolean", short: "h" } },
    }).values;
  } catch (error) {
    out.error(`${(error as Error).message}\n${USAGE}`);
    return 2;
  }
  if (options.help) {
    out.log(USAGE);
    return 0;
  }
  if (options["dry-run"] && options.check) {
    out.error(`--dry-run and --check do not go together.\n${USAGE}`);
    return 2;
  }
  try {
    const settings = syncSettingsOf(env, { needKey: !options["dry-run"] });
    if (options["dry-run"]) {
      const target = settings.assistantId
        ? `PATCH ${settings.apiUrl}/assistant/${settings.assistantId}`
        : `POST ${settings.apiUrl}/assistant (or PATCH the assistant named "${VOICE_ASSISTANT_NAME}")`;
      out.log(`Dry run: nothing sent. Would send to ${target}:`);
      out.log(JSON.stringify(redactedPayload(assistantPayload(settings), settings.secretHeader), null, 2));
      return 0;
    }
    if (options.check) {
      const { id, differences } = await checkAssistant(settings);
      if (differences.length === 0) {
        out.log(`Assistant ${id} matches the repository's definition.`);
        return 0;
      }
      out.error(
        `Assistant ${id} differs from the repository's definition (run npm run voice:assistant to put it back):`,
      );
      for (const difference of differences) out.error(`  ${difference}`);
      return 1;
    }
    const { id, created } = await syncAssistant(settings);
    out.log(`${created ? "Created" : "Updated"} assistant ${id} (server URL ${settings.serverUrl}).`);
    out.log(`Put its id in the site's build settings: VITE_VAPI_ASSISTANT_ID=${id}`);
    return 0;
  } catch (error) {
    if (!(error instanceof SyncError)) throw error;
    out.error(error.message);
    return 1;
  }
}
