import type { CodeSession } from "./work-email-api";

/**
 * Whether this lead's code waits for an answer now: /call, opened from an e-mail
 * perhaps hours later, shows the code form only then. Unknown (offline, an ended session): not
 * shown, as its Confirm could not work either. Apart from work-email-api.ts, which the chat's
 * page loads before interaction: this travels only in the code form's own chunk.
 */
export async function codeIsWaiting(session: CodeSession): Promise<boolean> {
  try {
    const response = await fetch("/api/work-email/waiting", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ leadId: session.leadId, token: session.token }),
    });
    if (!response.ok) return false;
    return ((await response.json()) as { waiting?: boolean }).waiting === true;
  } catch {
    return false;
  }
}
