import { OutcomeRequestSchema, StaffMoveRequestSchema } from "../../../domain/booking-requests";
import type { ApiResult } from "./staff-api";

type Post = <T>(path: string, payload?: unknown) => Promise<ApiResult<T>>;

/** The intents of a booked call (issue 40), on the Calls view and the lead's page. */
export const CALL_INTENTS = { outcome: "call-outcome", move: "call-move" } as const;

/**
 * A booked call marked held or missed ("call-outcome" `{ id, outcome }`), or moved to another time
 * offered ("call-move" `{ id, start }`). Undefined for any other intent (the route's own); a
 * body that does not fit is undefined too, and the route answers it as it answers any other.
 */
export function changeCall(
  intent: string,
  fields: Record<string, unknown>,
  post: Post,
): Promise<ApiResult<unknown>> | undefined {
  const id = typeof fields["id"] === "string" ? fields["id"] : "";
  const path = `/calls/${encodeURIComponent(id)}`;
  if (!id) return undefined;
  if (intent === CALL_INTENTS.outcome) {
    const body = OutcomeRequestSchema.safeParse(fields);
    return body.success ? post(`${path}/outcome`, body.data) : undefined;
  }
  if (intent === CALL_INTENTS.move) {
    const body = StaffMoveRequestSchema.safeParse(fields);
    // Sent as chosen (the schema reads it into an instant): the server checks it again.
    return body.success ? post(`${path}/move`, { start: fields["start"] }) : undefined;
  }
  return undefined;
}
