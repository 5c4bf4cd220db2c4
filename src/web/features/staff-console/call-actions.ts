import type { CallIntent } from "../../../domain/staff-console-intents";
import type { Post } from "./console-actions";
import type { ApiResult } from "./staff-api";

/**
 * A booked call's change (decision 0036), on the Calls view and the lead's page: marked held or missed
 * ("call-outcome"), or moved to another time offered ("call-move"); after a missed call (decision 0045),
 * new times e-mailed to the lead ("call-offer-times") or a time booked for them ("call-book"). The
 * server parses the body again with its own schema (booking-requests.ts) and answers in words.
 */
export function changeCall(change: CallIntent, post: Post): Promise<ApiResult<unknown>> {
  switch (change.intent) {
    case "call-outcome":
      return post(`/calls/${encodeURIComponent(change.id)}/outcome`, { outcome: change.outcome });
    case "call-move":
      return post(`/calls/${encodeURIComponent(change.id)}/move`, { start: change.start });
    case "call-offer-times":
      return post(`/leads/${encodeURIComponent(change.lead)}/offer-times`, {});
    case "call-book":
      return post(`/leads/${encodeURIComponent(change.lead)}/book`, { start: change.start });
  }
}
