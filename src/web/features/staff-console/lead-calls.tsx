import { useState } from "react";
import type { LeadCall } from "../../../domain/staff-console-api";
import { STAFF_CALLS_COPY } from "../../content/staff-calls";
import { showsNextSteps } from "../../../domain/call-next-steps";
import { CallRowActions } from "./call-row-actions";
import { MissedCallNextSteps } from "./missed-call-next-steps";
import { DataTable, Section, formatDateTime } from "./console-ui";

const COPY = STAFF_CALLS_COPY.leadCalls;
const T = STAFF_CALLS_COPY.timeline;

/**
 * The calls the lead booked (decision 0036): when (in the viewer's zone, named), with whom, what became
 * of each (and, that a write to the staff member's calendar failed and is being retried);
 * a booked one marked held or missed, or moved, here as on the Calls view; after the latest was
 * missed, new times offered or a call booked for the lead (decision 0045). Nothing when none.
 */
export function LeadCalls({
  calls,
  lead,
  leadId,
  doNotContact = false,
}: {
  calls: LeadCall[] | undefined;
  lead: string;
  /** The lead's id (decision 0045: its next steps after a missed call). */
  leadId?: string;
  /** The person asked not to be contacted: no call actions. */
  doNotContact?: boolean;
}) {
  // The missed call a next step was taken on stays in place after the page is read again (decision 0045).
  const [actedOn, setActedOn] = useState<string>();
  if (!calls || calls.length === 0) return null;
  return (
    <Section id="calls" heading={COPY.heading}>
      <DataTable caption={COPY.caption} columns={Object.values(COPY.columns)}>
        {calls.map((call) => (
          <tr key={call.id} className="border-t border-slate-200 align-top">
            <th scope="row" className="px-3 py-2 font-normal">
              <time dateTime={call.start}>{formatDateTime(call.start)}</time>
            </th>
            <td className="px-3 py-2">{call.with}</td>
            <td className="px-3 py-2">
              {STAFF_CALLS_COPY.calls.statuses[call.status] ?? call.status}
              {call.calendarProblem && <p className="mt-1 text-sm text-amber-800">{COPY.calendarProblem(call.with)}</p>}
            </td>
            <td className="px-3 py-2">
              {doNotContact ? null : <CallRowActions call={call} lead={lead} />}
              {!doNotContact && leadId && (showsNextSteps(call, calls) || actedOn === call.id) ? (
                <MissedCallNextSteps leadId={leadId} lead={lead} onActed={() => setActedOn(call.id)} />
              ) : null}
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

/** Who changed a call: a staff member's e-mail, "the lead", or why the system did. */
const actorOf = (actor: string) =>
  actor.startsWith("staff:") ? actor.slice(6) : actor === "lead" ? T.byLead : (T.bySystem[actor] ?? actor);

/** The calls' history in the lead's timeline, oldest first: booked, moved, cancelled, held, missed, by whom. */
export function CallTimeline({ calls }: { calls: LeadCall[] | undefined }) {
  const changes = (calls ?? [])
    .flatMap((call) => call.history.map((change, n) => ({ ...change, key: `${call.id}-${n}` })))
    .sort((a, b) => a.at.localeCompare(b.at));
  if (changes.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 text-lg font-semibold">{T.heading}</h3>
      <ol className="mt-2 space-y-3">
        {changes.map((change) => (
          <li key={change.key} className="border-l-4 border-slate-400 pl-3">
            <p className="font-semibold">{T.kinds[change.kind](formatDateTime(change.start), change.with)}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={change.at}>{formatDateTime(change.at)}</time> · {actorOf(change.actor)}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}
