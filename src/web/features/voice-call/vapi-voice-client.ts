import type Vapi from "@vapi-ai/web";
import { describeVoiceError, eventOfVapiMessage, isFatalVoiceError, isMicrophoneError } from "./vapi-events";
import type { VoiceClient, VoiceClientEvent, VoiceFailureCause } from "./voice-client";
import { VOICE_FACILITY_KEY, VOICE_FIRST_NAME_KEY, VOICE_LEAD_KEY, VOICE_TOKEN_KEY } from "../../../domain/voice-keys";
import { isVoiceCallRefused } from "../../lib/voice-call-check";

/**
 * The one adapter of the voice SDK (`@vapi-ai/web`). The SDK and its call library (~80 KB gzip)
 * are fetched with `import()` only when the visitor starts a call (or hovers/focuses Start), so
 * no route's first JavaScript carries them (e2e/voice-sdk-bundle.spec.ts proves it).
 */
export interface VapiSettings {
  publicKey: string;
  assistantId: string;
  /** Override of the API base URL (default https://api.vapi.ai). */
  apiUrl?: string;
  /**
   * The visitor's lead, read when a call starts: its token goes to the assistant in
   * `assistantOverrides.metadata` and `.variableValues`, so the provider's end-of-call report
   * brings it back to POST /api/voice/events (decision 0011); its first name and facility name go
   * in `.variableValues`, which the assistant greets with (decision 0018).
   */
  qualification?: () => VoiceLead | undefined;
}

interface VoiceLead {
  leadId: string;
  token: string;
  firstName?: string;
  facilityName?: string;
}

/** The assistant overrides that carry the lead's qualification token and greeting names (names shared with the server and the assistant). */
function qualificationOverrides(lead: VoiceLead | undefined) {
  if (!lead) return undefined;
  const keys = { [VOICE_TOKEN_KEY]: lead.token, [VOICE_LEAD_KEY]: lead.leadId };
  const names = { [VOICE_FIRST_NAME_KEY]: lead.firstName, [VOICE_FACILITY_KEY]: lead.facilityName };
  const given = Object.fromEntries(Object.entries(names).filter(([, value]) => value));
  return { metadata: keys, variableValues: { ...keys, ...given } };
}

type VapiConstructor = typeof Vapi;

/** A start that has not reached call-start by then fails (and is stopped) rather than spin forever. */
export const CONNECT_TIMEOUT_MS = 45_000;

let sdkPromise: Promise<VapiConstructor> | null = null;

/** The SDK is CommonJS (`exports.default`): depending on interop its class is one `default` deeper. */
function loadSdk(): Promise<VapiConstructor> {
  sdkPromise ??= import("@vapi-ai/web").then((module) => {
    const exported = module.default as VapiConstructor | { default: VapiConstructor };
    return "default" in exported ? exported.default : exported;
  });
  // A failed download may be retried on the next start.
  sdkPromise.catch(() => (sdkPromise = null));
  return sdkPromise;
}

export function createVapiVoiceClient(settings: VapiSettings): VoiceClient {
  const listeners = new Set<(event: VoiceClientEvent) => void>();
  const emit = (event: VoiceClientEvent) => listeners.forEach((listener) => listener(event));
  let vapi: Vapi | null = null;
  /** Increments per start; events of an attempt the visitor already left are dropped. */
  let attempt = 0;
  let isAttemptOpen = false;
  let hasAttemptFailed = false;
  let connectTimer: ReturnType<typeof setTimeout> | undefined;

  function fail(reason: string, cause: VoiceFailureCause = "connection") {
    if (!isAttemptOpen || hasAttemptFailed) return;
    hasAttemptFailed = true;
    clearTimeout(connectTimer);
    // The spec logs voice errors; a warning keeps them out of the error console that monitors read.
    console.warn("[voice] call failed:", reason);
    emit({ type: "failed", reason, cause });
  }

  function instance(Sdk: VapiConstructor): Vapi {
    if (vapi) return vapi;
    // avoidEval: the call library loads its call machine with a <script> from c.daily.co rather
    // than fetch + Function(), so the CSP needs no 'unsafe-eval'.
    const created = new Sdk(settings.publicKey, settings.apiUrl, { avoidEval: true });
    // First of all: without an error listener the SDK throws inside its own failure handler and
    // refuses every later start.
    created.on("error", (payload: unknown) => {
      if (isFatalVoiceError(payload)) fail(describeVoiceError(payload));
      else console.warn("[voice] non-critical:", describeVoiceError(payload));
    });
    // A voice call without a microphone is no call: say so, and hang up.
    created.on("camera-error", (payload: unknown) => {
      if (!isMicrophoneError(payload)) return;
      fail(describeVoiceError(payload), "microphone");
      created.stop().catch(() => undefined);
    });
    created.on("call-start", () => {
      clearTimeout(connectTimer);
      if (isAttemptOpen) emit({ type: "call-started" });
    });
    created.on("call-end", () => emit({ type: "call-ended" }));
    created.on("speech-start", () => isAttemptOpen && emit({ type: "speech-started" }));
    created.on("speech-end", () => isAttemptOpen && emit({ type: "speech-ended" }));
    created.on("message", (message: unknown) => {
      const event = eventOfVapiMessage(message);
      if (event && isAttemptOpen) emit(event);
    });
    vapi = created;
    return created;
  }

  return {
    prefetch() {
      loadSdk().catch(() => undefined);
    },
    async start() {
      const current = ++attempt;
      isAttemptOpen = true;
      hasAttemptFailed = false;
      clearTimeout(connectTimer);
      connectTimer = setTimeout(() => {
        if (current !== attempt) return;
        fail("no answer within the connect timeout");
        vapi?.stop().catch(() => undefined);
      }, CONNECT_TIMEOUT_MS);
      try {
        const lead = settings.qualification?.();
        const [Sdk, refused] = await Promise.all([
          loadSdk(),
          lead ? isVoiceCallRefused(lead.leadId, lead.token) : false,
        ]);
        const sdk = instance(Sdk);
        if (current !== attempt || !isAttemptOpen) return;
        if (refused) {
          fail("do not contact", "do_not_contact");
          return;
        }
        const call = await sdk.start(settings.assistantId, qualificationOverrides(lead));
        // A null result without an error event (e.g. "already started") still fails this start.
        if (!call && current === attempt) fail("the call could not be created");
      } catch (error) {
        if (current === attempt) fail(describeVoiceError(error));
      }
    },
    stop() {
      isAttemptOpen = false;
      clearTimeout(connectTimer);
      vapi?.stop().catch((error: unknown) => console.warn("[voice] stop:", describeVoiceError(error)));
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
