import type { RewardApprovalView } from "../../../domain/reward-approvals";
import { APPROVAL_TRACE_COPY as COPY, REWARD_COPY } from "../../content/rewards-copy";
import { formatDateTime } from "./console-ui";

/**
 * Every decision leaves a trace: an approval a second admin declined, with who declined
 * it, when and their note, under the lead's Rewards; and each approval asked and decided in the
 * lead's timeline.
 */

const who = (actor: string | null) => (actor ?? "").replace(/^staff:/, "");

/** The lead's declined approvals, under Rewards: what was asked, who declined it and their note. */
export function DeclinedApprovals({ approvals }: { approvals: RewardApprovalView[] }) {
  const declined = approvals.filter((a) => a.status === "declined");
  if (declined.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2" aria-label={COPY.declinedHeading}>
      {declined.map((a) => (
        <li key={a.id} className="rounded-md border border-slate-400 bg-slate-50 p-3">
          <p className="font-medium">
            {COPY.declined(REWARD_COPY.what[a.step], a.recipientEmail, who(a.decidedBy), formatDateTime(a.decidedAt))}
          </p>
          <p className="mt-1 [overflow-wrap:anywhere]">{a.decisionNote ? COPY.note(a.decisionNote) : COPY.noNote}</p>
        </li>
      ))}
    </ul>
  );
}

/** The approvals' trace in the timeline, oldest first: asked, then approved or declined (with the note). */
export function ApprovalTimeline({ approvals }: { approvals: RewardApprovalView[] }) {
  const entries = approvals
    .flatMap((a) => {
      const what = COPY.what(REWARD_COPY.what[a.step], a.recipientEmail);
      const asked = {
        key: `${a.id}-asked`,
        at: a.requestedAt,
        title: COPY.asked(what),
        by: who(a.requestedBy),
        note: "",
      };
      if (!a.decidedAt || a.status === "pending") return [asked];
      const decided = {
        key: `${a.id}-decided`,
        at: a.decidedAt,
        title: a.status === "approved" ? COPY.approvedEntry(what) : COPY.declinedEntry(what),
        by: who(a.decidedBy),
        note: a.decisionNote ?? "",
      };
      return [asked, decided];
    })
    .sort((x, y) => x.at.localeCompare(y.at));
  if (entries.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 text-lg font-bold">{COPY.timeline}</h3>
      <ol className="mt-2 space-y-3">
        {entries.map((entry) => (
          <li key={entry.key} className="border-l-4 border-amber-700 pl-3">
            <p className="font-semibold">{entry.title}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={entry.at}>{formatDateTime(entry.at)}</time> · {entry.by}
            </p>
            {entry.note ? <p className="text-sm [overflow-wrap:anywhere]">{COPY.note(entry.note)}</p> : null}
          </li>
        ))}
      </ol>
    </>
  );
}
