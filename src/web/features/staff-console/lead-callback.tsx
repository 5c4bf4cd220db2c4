import type { VerificationCallbacks } from "../../../domain/staff-console-api";
import { Button } from "../../components/button";
import { VERIFICATION_CALLBACK_COPY as COPY } from "../../content/verification-callback-copy";
import { Details, ErrorMessage, StatusMessage, formatDateTime } from "./console-ui";
import { useLeadForm } from "./use-console-form";

/** (404) 555-0100 for ten digits; anything else as it is. */
const phoneText = (digits: string) =>
  /^\d{10}$/.test(digits) ? `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}` : digits;

/**
 * The callback to the facility's number of record (decision 0042), inside the lead's Verification
 * section: the number it may dial (or why none), each call's time, number, outcome, who answered
 * and transcript, and a button to place it again by hand while the lead waits for verification.
 */
export function LeadCallback({ callback, canPlace }: { callback: VerificationCallbacks; canPlace: boolean }) {
  const place = useLeadForm({ intent: "place-callback", initial: {}, resetOnDone: true });
  const answer = place.answer;
  return (
    <>
      <h3 className="mt-4 text-lg font-bold">{COPY.heading}</h3>
      <p className="mt-1">{COPY.intro}</p>
      <p className="mt-1">
        {callback.number ? COPY.number(phoneText(callback.number)) : COPY.noNumber(callback.why ?? "")}
      </p>
      {callback.calls.length === 0 ? <p className="mt-1">{COPY.none}</p> : null}
      {callback.calls.map((call) => (
        <section key={call.attempt} aria-label={COPY.attempt(call.attempt)} className="mt-2">
          <h4 className="font-bold">{COPY.attempt(call.attempt)}</h4>
          <Details
            items={[
              call.placedAt ? [COPY.placedAt, formatDateTime(call.placedAt)] : [COPY.dueAt, formatDateTime(call.dueAt)],
              [COPY.calledNumber, phoneText(call.phone)],
              [COPY.placedBy, call.placedBy],
              [COPY.outcome, call.outcome ? (COPY.outcomes[call.outcome] ?? call.outcome) : COPY.underWay],
              [COPY.answeredBy, call.answeredBy],
              [
                COPY.transcript,
                call.transcript ? (
                  <pre key="transcript" className="whitespace-pre-wrap font-sans">
                    {call.transcript}
                  </pre>
                ) : null,
              ],
            ]}
          />
        </section>
      ))}
      <StatusMessage message={answer?.ok ? COPY.placed : undefined} />
      <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
      {canPlace && callback.number ? (
        <Button
          tone="plain"
          className="mt-2"
          isBusy={place.isBusy}
          busyLabel={COPY.placing}
          onClick={() => void place.submit()}
        >
          {COPY.placeAgain}
        </Button>
      ) : null}
    </>
  );
}
