import { VOICE_CALL_CHECK_PATH } from "../../domain/voice-keys";

// A module of its own, loaded by the voice page only: lib/api.ts is in every page's first JavaScript.
/** Whether the server refuses a call for this lead (409: its person asked not to be contacted); no answer is no refusal. */
export async function isVoiceCallRefused(leadId: string, token: string): Promise<boolean> {
  try {
    const response = await fetch(VOICE_CALL_CHECK_PATH, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ leadId, token }),
    });
    return response.status === 409;
  } catch {
    return false;
  }
}
