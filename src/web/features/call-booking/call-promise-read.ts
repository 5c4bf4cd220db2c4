import { firstCallLabel } from "../../../domain/first-call-time";
import { browserTimeZone } from "../../lib/zone-format";
import type { CallSession } from "./booking-api";

/**
 * The earliest call time offered to the lead now, in words ("Monday 9:00 AM EST"), null when
 * none is offered, undefined when it cannot be known. A module of its own, imported when the
 * promise is asked for: its time formatting (Intl) stays out of the page's first JavaScript
 * (decision 0022).
 */
export async function readCallPromise(session: CallSession): Promise<string | null | undefined> {
  const timeZone = browserTimeZone("America/New_York");
  const query = new URLSearchParams({ lead: session.leadId, token: session.token, tz: timeZone });
  const response = await fetch(`/api/bookings/first-time?${query.toString()}`);
  if (!response.ok) return undefined;
  const answer = (await response.json()) as { timeZone?: string; start?: string | null; now?: string };
  const now = Date.parse(answer.now ?? "");
  if (answer.start === null) return null;
  if (typeof answer.start !== "string") return undefined;
  return firstCallLabel(answer.start, answer.timeZone ?? timeZone, Number.isNaN(now) ? Date.now() : now);
}
