import type { LeadCall } from "../../../domain/staff-console-api";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { Section, formatDateTime } from "./console-ui";

const COPY = STAFF_CALLS_COPY.leadCalls;

/** The calls the lead booked (issue 40): when, with whom, what became of each; nothing when none. */
export function LeadCalls({ calls }: { calls: LeadCall[] | undefined }) {
  if (!calls || calls.length === 0) return null;
  return (
    <Section id="calls" heading={COPY.heading}>
      <ul className="space-y-1">
        {calls.map((call) => (
          <li key={call.id}>
            {COPY.line(
              formatDateTime(call.start),
              call.with,
              STAFF_CALLS_COPY.calls.statuses[call.status] ?? call.status,
            )}
          </li>
        ))}
      </ul>
    </Section>
  );
}
