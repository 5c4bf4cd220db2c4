import { VapiClient, VapiError } from "@vapi-ai/server-sdk";
import {
  CALLBACK_METADATA_KEYS,
  CALLBACK_PURPOSE,
  callbackAssistant,
  type CallbackCallFacts,
} from "../../domain/voice-callback-assistant";
import { VOICE_EVENTS_PATH } from "../../domain/voice-keys";

/**
 * The outbound callback call (decision 0042): `POST {VAPI_API_URL}/call` through the
 * provider's server SDK with the callback assistant (transient, defined in code), our phone
 * number's id and the facility's number; the call's metadata carries the lead and the attempt
 * so the end-of-call report can be matched to a call the product placed.
 */

export interface OutboundCallSettings {
  privateKey: string;
  apiUrl: string;
  phoneNumberId: string;
  /** SITE_URL: the provider sends the report to SITE_URL + /api/voice/events. */
  siteUrl: string;
  secret: string;
  secretHeader: string;
  timeoutSeconds?: number;
}

export interface OutboundCall {
  /** Ten digits (the registry's number). */
  phone: string;
  leadId: string;
  callbackId: string;
  facts: CallbackCallFacts;
}

export type OutboundCallResult = { ok: true; callId: string } | { ok: false; problem: string };

/** Places the call; never throws: a refusal or an unreachable provider is `{ ok: false }` in words without personal data. */
export async function placeOutboundCall(
  settings: OutboundCallSettings,
  call: OutboundCall,
): Promise<OutboundCallResult> {
  const client = new VapiClient({
    token: settings.privateKey,
    baseUrl: settings.apiUrl,
    timeoutInSeconds: settings.timeoutSeconds ?? 20,
  });
  const serverUrl = new URL(VOICE_EVENTS_PATH, settings.siteUrl).href;
  try {
    const created = await client.calls.create({
      phoneNumberId: settings.phoneNumberId,
      customer: { number: `+1${call.phone}` },
      assistant: callbackAssistant(call.facts, {
        url: serverUrl,
        secret: settings.secret,
        header: settings.secretHeader,
      }) as never,
      metadata: {
        [CALLBACK_METADATA_KEYS.purpose]: CALLBACK_PURPOSE,
        [CALLBACK_METADATA_KEYS.leadId]: call.leadId,
        [CALLBACK_METADATA_KEYS.callbackId]: call.callbackId,
      },
    } as never);
    const id = (created as { id?: unknown }).id;
    return typeof id === "string" && id
      ? { ok: true, callId: id }
      : { ok: false, problem: "the provider gave no call id" };
  } catch (error) {
    if (error instanceof VapiError && error.statusCode !== undefined)
      return { ok: false, problem: `the provider answered ${error.statusCode}` };
    return { ok: false, problem: "the provider could not be reached" };
  }
}
