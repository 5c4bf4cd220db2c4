import type { FieldErrors, LeadRequestInput, NurseApplicationInput } from "../../domain";

/**
 * The browser's only way to the server. Pages call these, never `fetch` directly, so tests
 * can replace them and every failure has one shape.
 */
export type SubmitResult =
  | { ok: true; id: string }
  | { ok: false; status: number; error: string; fields: FieldErrors };

async function postJson(path: string, body: unknown, init: { idempotencyKey?: string } = {}): Promise<SubmitResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        ...(init.idempotencyKey ? { "Idempotency-Key": init.idempotencyKey } : {}),
      },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as { id?: string; error?: string; fields?: FieldErrors };
    if (response.ok && typeof data.id === "string") return { ok: true, id: data.id };
    return { ok: false, status: response.status, error: data.error ?? "Submission failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "Network error", fields: {} };
  }
}

export const submitLead = (lead: LeadRequestInput, idempotencyKey?: string) =>
  postJson("/api/leads", lead, { idempotencyKey });

export const submitNurseApplication = (application: NurseApplicationInput, idempotencyKey?: string) =>
  postJson("/api/nurse-applications", application, { idempotencyKey });
