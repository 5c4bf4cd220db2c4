import type { FieldErrors } from "../../../domain/fields";

/**
 * The work e-mail code's calls (issue 31), in this feature's own chunk. Every failure has the
 * shape of lib/api's, so the form core's submit takes them as they are.
 */
export type WorkEmailResult =
  { ok: true; message: string } | { ok: false; status: number; error: string; fields: FieldErrors };

async function post(path: string, body: object): Promise<WorkEmailResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as {
      message?: string;
      error?: string;
      fields?: FieldErrors;
    };
    if (response.ok) return { ok: true, message: data.message ?? "" };
    return { ok: false, status: response.status, error: data.error ?? "Request failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "", fields: {} };
  }
}

export interface CodeSession {
  leadId: string;
  token: string;
}

/** The typed code, with the lead's id and qualification token. */
export const confirmWorkEmailCode = (session: CodeSession, code: string) =>
  post("/api/work-email/confirm", { leadId: session.leadId, token: session.token, code });

/** Asks for a new code by e-mail. */
export const requestNewWorkEmailCode = (session: CodeSession) =>
  post("/api/work-email/new-code", { leadId: session.leadId, token: session.token });

/** The e-mail link's token (from its fragment), posted by the page's one Confirm button. */
export const confirmWorkEmailLink = (token: string) => post("/api/work-email/confirm-link", { token });

/** Whether the server sends codes at all (issue 37): without them the form is not shown. Unknown (offline): shown. */
export async function codesAreSent(): Promise<boolean> {
  try {
    const response = await fetch("/api/work-email/status");
    if (!response.ok) return true;
    return ((await response.json()) as { codes?: boolean }).codes !== false;
  } catch {
    return true;
  }
}
