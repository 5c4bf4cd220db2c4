import type { FieldErrors } from "../../../domain/fields";
import type { QualificationState } from "../../../domain/qualification-requests";

/**
 * The qualification chat's calls (decision 0011), apart from lib/api so that only the chat's own
 * chunk carries them. Every failure has one shape, as in lib/api.
 */
/** What the qualification chat's API answers: the conversation, or a failure with its status (0: no answer at all). */
export type QualificationResult =
  { ok: true; state: QualificationState } | { ok: false; status: number; error: string; fields: FieldErrors };

async function postQualification(path: string, body: object): Promise<QualificationResult> {
  try {
    const response = await fetch(path, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(body),
    });
    const data = (await response.json().catch(() => ({}))) as Partial<QualificationState> & {
      error?: string;
      fields?: FieldErrors;
    };
    if (response.ok && typeof data.leadId === "string") return { ok: true, state: data as QualificationState };
    return { ok: false, status: response.status, error: data.error ?? "Request failed", fields: data.fields ?? {} };
  } catch {
    return { ok: false, status: 0, error: "Network error", fields: {} };
  }
}

/** Where the lead's qualification chat stands (to start or resume it). */
export const fetchQualification = ({ leadId, token }: { leadId: string; token: string }) =>
  postQualification("/api/qualification/session", { leadId, token });

/** One answer (new, changed or sent again); the last one completes the chat. */
export const sendQualificationAnswer = (
  { leadId, token }: { leadId: string; token: string },
  questionId: string,
  value: string,
) => postQualification("/api/qualification/answers", { leadId, token, questionId, value });
