import type { CallIntent } from "../../../domain/staff-console-intents";
import type { Post } from "./console-actions";
import type { ApiResult } from "./staff-api";

/**
 * A booked call's change (decision 0036), on the Calls view and the lead's page: marked held or missed
 * ("call-outcome"), or moved to another time offered ("call-move"). The server parses the body
 * again with its own schema (OutcomeRequestSchema, StaffMoveRequestSchema) and answers in words.
 */
export function changeCall(change: CallIntent, post: Post): Promise<ApiResult<unknown>> {
  const path = `/calls/${encodeURIComponent(change.id)}`;
  return change.intent === "call-outcome"
    ? post(`${path}/outcome`, { outcome: change.outcome })
    : post(`${path}/move`, { start: change.start });
}
