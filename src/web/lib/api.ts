import type { FieldErrors } from "../../domain/fields";
import type { LeadRequestInput } from "../../domain/facility-lead";
import type { NurseApplicationInput } from "../../domain/nurse-application";

/**
 * The browser's only way to the server. Pages call these, never `fetch` directly, so tests
 * can replace them and every failure has one shape.
 */
export type SubmitResult =
  /** `qualificationToken`: a stored lead's token for the qualification chat (decision 0011). */
  | { ok: true; id: string; qualificationToken?: string | undefined }
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
    const data = (await response.json().catch(() => ({}))) as {
      id?: string;
      qualificationToken?: string;
      error?: string;
      fields?: FieldErrors;
    };
    if (response.ok && typeof data.id === "string")
      return { ok: true, id: data.id, qualificationToken: data.qualificationToken };
    return { ok: false, status: response.status, error: data.error ?? "Submission failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "Network error", fields: {} };
  }
}

/** Posts a facility lead; on its 201 the browser keeps the lead's qualification session (token, first name, facility name). */
export async function submitLead(lead: LeadRequestInput, idempotencyKey?: string): Promise<SubmitResult> {
  const result = await postJson("/api/leads", lead, { idempotencyKey });
  if (result.ok && result.qualificationToken) {
    // Loaded now, not with the page: the landing page's first JavaScript has no room to spare.
    const { id, qualificationToken } = result;
    await import("./qualification-session")
      .then((module) => module.saveQualificationSession({ ...lead, leadId: id, token: qualificationToken }))
      .catch(() => {});
  }
  return result;
}

export const submitNurseApplication = (application: NurseApplicationInput, idempotencyKey?: string) =>
  postJson("/api/nurse-applications", application, { idempotencyKey });
