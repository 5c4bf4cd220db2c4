import { useEffect, useState } from "react";
import { firstCallLabel } from "../../../domain/first-call-time";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import { readQualificationSession } from "../../lib/qualification-session";
import { browserTimeZone } from "../../lib/zone-format";
import type { CallSession } from "./booking-api";

/** The earliest call time offered to the lead now (issue 49): its words, null when none; undefined while asking or when unknown. */
function useCallPromise(given?: CallSession): string | null | undefined {
  const [promise, setPromise] = useState<string | null | undefined>(undefined);
  const leadId = given?.leadId;
  const token = given?.token;
  useEffect(() => {
    const session = leadId && token ? { leadId, token } : readQualificationSession();
    if (!session) return;
    let live = true;
    const timeZone = browserTimeZone("America/New_York");
    const query = new URLSearchParams({ lead: session.leadId, token: session.token, tz: timeZone });
    fetch(`/api/bookings/first-time?${query.toString()}`)
      .then(async (response) => {
        if (!response.ok) return;
        const answer = (await response.json()) as { timeZone?: string; start?: string | null; now?: string };
        if (!live) return;
        const now = Date.parse(answer.now ?? "");
        if (answer.start === null) setPromise(null);
        else if (typeof answer.start === "string")
          setPromise(firstCallLabel(answer.start, answer.timeZone ?? timeZone, Number.isNaN(now) ? Date.now() : now));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [leadId, token]);
  return promise === undefined ? undefined : promise === null ? COPY.promise.none : COPY.promise.first(promise);
}

/** "The first free time is Monday 9:00 AM EST: pick it or another." as a sentence of its own; nothing until it is known. */
export function CallPromise({ session, className }: { session?: CallSession | undefined; className?: string }) {
  const promise = useCallPromise(session);
  if (!promise) return null;
  return <p className={className}>{promise}</p>;
}
