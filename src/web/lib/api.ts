import type { FieldErrors, LeadRequestInput, NurseApplicationInput, QualificationState } from "../../domain";
import { saveQualificationSession } from "./qualification-session";

/**
 * The browser's only way to the server. Pages call these, never `fetch` directly, so tests
 * can replace them and every failure has one shape.
 */
export type SubmitResult =
  /** `qualificationToken`: a stored lead's token for the qualification chat (issue 14). */
  | { ok: true; id: string; qualificationToken?: string }
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
    const data = (await response.json().catch(() => ({}))) as { id?: string; qualificationToken?: string; error?: string; fields?: FieldErrors };
    if (response.ok && typeof data.id === "string") {
      return typeof data.qualificationToken === "string" ? { ok: true, id: data.id, qualificationToken: data.qualificationToken } : { ok: true, id: data.id };
    }
    return { ok: false, status: response.status, error: data.error ?? "Submission failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "Network error", fields: {} };
  }
}

/** Posts a facility lead; on its 201 the browser keeps the lead's qualification session (token, first name, facility name). */
export async function submitLead(lead: LeadRequestInput, idempotencyKey?: string): Promise<SubmitResult> {
  const result = await postJson("/api/leads", lead, { idempotencyKey });
  if (result.ok && result.qualificationToken) {
    saveQualificationSession({ leadId: result.id, token: result.qualificationToken, firstName: lead.firstName.trim(), facilityName: lead.facilityName.trim() });
  }
  return result;
}

export const submitNurseApplication = (application: NurseApplicationInput, idempotencyKey?: string) =>
  postJson("/api/nurse-applications", application, { idempotencyKey });

/** What the qualification chat's API answers: the conversation, or a failure with its status (0: no answer at all). */
export type QualificationResult =
  | { ok: true; state: QualificationState }
  | { ok: false; status: number; error: string; fields: FieldErrors };

async function postQualification(path: string, body: object): Promise<QualificationResult> {
  try {
    const response = await fetch(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });
    const data = (await response.json().catch(() => ({}))) as Partial<QualificationState> & { error?: string; fields?: FieldErrors };
    if (response.ok && typeof data.leadId === "string") return { ok: true, state: data as QualificationState };
    return { ok: false, status: response.status, error: data.error ?? "Request failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "Network error", fields: {} };
  }
}

/** Where the lead's qualification chat stands (to start or resume it). */
export const fetchQualification = (credentials: { leadId: string; token: string }) =>
  postQualification("/api/qualification/session", credentials);

/** One answer (new, changed or sent again); the last one completes the chat. */
export const sendQualificationAnswer = (credentials: { leadId: string; token: string }, questionId: string, value: string) =>
  postQualification("/api/qualification/answers", { ...credentials, questionId, value });
