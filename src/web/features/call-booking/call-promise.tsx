import { useEffect, useState } from "react";
import { CALL_BOOKING_COPY as COPY } from "../../content/call-booking";
import { readQualificationSession } from "../../lib/qualification-session";
import type { CallSession } from "./booking-api";

/** The earliest call time offered to the lead now: its words, null when none; undefined while asking or when unknown. */
function useCallPromise(given?: CallSession): string | null | undefined {
  const [promise, setPromise] = useState<string | null | undefined>(undefined);
  const leadId = given?.leadId;
  const token = given?.token;
  useEffect(() => {
    const session = leadId && token ? { leadId, token } : readQualificationSession();
    if (!session) return;
    let live = true;
    // Read and worded in a module loaded now, not with the page (call-promise-read.ts).
    import("./call-promise-read")
      .then(({ readCallPromise }) => readCallPromise(session))
      .then((answer) => {
        if (live && answer !== undefined) setPromise(answer);
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
