import { STOP_CONTACTING_API } from "../../domain/do-not-contact";

// A module of its own, loaded by the stop-contacting page only: lib/api.ts is in every page's first JavaScript.
/** "Stop contacting me" (decision 0033): the token of the e-mail's link; the server's words when refused. */
export async function stopContacting(token: string): Promise<{ ok: true } | { ok: false; error: string | undefined }> {
  try {
    const response = await fetch(STOP_CONTACTING_API, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ token }),
    });
    if (response.ok) return { ok: true };
    const data = (await response.json().catch(() => ({}))) as { error?: string };
    return { ok: false, error: data.error };
  } catch {
    return { ok: false, error: undefined };
  }
}
