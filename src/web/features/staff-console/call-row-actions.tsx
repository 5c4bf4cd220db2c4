import { useState } from "react";
import { Button } from "../../components/button";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { CallMoveForm } from "./call-move-form";
import { ErrorMessage } from "./console-ui";
import { useCallForm } from "./use-console-form";

const COPY = STAFF_CALLS_COPY;

/**
 * A booked call's buttons (decision 0036), on the Calls view and the lead's page: held and missed once
 * it has started (the server refuses them before), move before it starts, which opens the times offered. Nothing for a call no longer booked.
 */
export function CallRowActions({ call, lead }: { call: { id: string; status: string; start: string }; lead: string }) {
  const mark = useCallForm({ intent: "call-outcome", initial: {}, extra: { id: call.id }, resetOnDone: true });
  const [moving, setMoving] = useState(false);
  const [shownAt] = useState(() => Date.now());
  if (call.status !== "booked") return null;
  const { answer } = mark;
  const busy = mark.isBusy;
  const submit = (outcome: "held" | "missed") => void mark.submit({ outcome });
  const ahead = Date.parse(call.start) > shownAt;
  return (
    <div>
      <div className="flex flex-wrap gap-2">
        {ahead ? null : (
          <>
            <Button
              tone="plain"
              aria-label={COPY.calls.markHeld(lead)}
              isBusy={busy}
              busyLabel={COPY.calls.marking}
              onClick={() => submit("held")}
            >
              {COPY.calls.held}
            </Button>
            <Button
              tone="plain"
              aria-label={COPY.calls.markMissed(lead)}
              disabled={busy}
              onClick={() => submit("missed")}
            >
              {COPY.calls.missed}
            </Button>
          </>
        )}
        {ahead ? (
          <Button
            tone="plain"
            aria-label={COPY.move.openLabel(lead)}
            aria-expanded={moving}
            onClick={() => setMoving((open) => !open)}
          >
            {COPY.move.open}
          </Button>
        ) : null}
      </div>
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
      {moving ? <CallMoveForm callId={call.id} lead={lead} onClose={() => setMoving(false)} /> : null}
    </div>
  );
}
