import { RECIPIENT_ORIGIN_WORDS } from "../../../domain/recipient-origin";
import { useEffect, useRef, useState } from "react";
import { ApprovalDecisionSchema, type RewardApprovalView } from "../../../domain/reward-approvals";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { APPROVAL_COPY, REWARD_COPY } from "../../content/rewards-copy";
import { runAction } from "./console-actions";
import { ApprovalsIntentSchema } from "../../../domain/staff-console-intents";
import type { ApprovalList } from "../../../domain/staff-console-api";
import { CONSOLE_PATHS, leadPath } from "./console-paths";
import { ErrorMessage, StatusMessage, ViewHeading, ViewLink, formatDateTime } from "./console-ui";
import { readApi, type ApiResult } from "./staff-api";
import { useApprovalsForm } from "./use-console-form";
import { isAdmin, requireSession } from "./staff-session";

const COPY = APPROVAL_COPY;

type Approval = RewardApprovalView;
type Decision = "approve" | "decline";

export interface ApprovalsData {
  /** Oldest first: the one waiting longest on top. */
  pending: Approval[];
  /** Newest first. */
  decided: Approval[];
  /** Whether this account may decide (an admin; the server still refuses the one who asked). */
  canDecide: boolean;
}

const who = (actor: string | null) => (actor?.startsWith("staff:") ? actor.slice(6) : (actor ?? ""));

/** The approvals route's read: the pending ones (oldest first) and the decided ones (newest first), for every member of staff. */
export async function loadApprovals(): Promise<ApprovalsData> {
  const session = await requireSession();
  const [pending, all] = await Promise.all([
    readApi<ApprovalList>("/approvals?status=pending"),
    readApi<ApprovalList>("/approvals?status=all"),
  ]);
  return {
    pending: [...pending.approvals].reverse(),
    decided: all.approvals.filter((approval) => approval.status !== "pending"),
    canDecide: isAdmin(session),
  };
}

/** The approvals route's change: approve or decline one, with an optional note (the schema the server parses it with). */
export const changeApprovals = (request: Request) =>
  runAction(request, ApprovalsIntentSchema, async (decision, post): Promise<ApiResult<unknown>> => {
    const body = ApprovalDecisionSchema.safeParse({ note: decision.note || undefined });
    if (!body.success) return { ok: false, status: 400, error: body.error.issues[0]!.message, fields: {} };
    return post(`/approvals/${encodeURIComponent(decision.id)}/${decision.intent}`, body.data);
  });

/** What is asked, in words: card or bonus, the amount, to which address (and instead of which), why, who asked and when, their note. */
function Asked({ approval }: { approval: Approval }) {
  return (
    <>
      <h3 className="text-lg font-bold">
        {COPY.asks(approval.action, REWARD_COPY.what[approval.step], approval.facilityName, approval.recipientEmail)}
      </h3>
      {approval.previousRecipientEmail ? <p>{COPY.previous(approval.previousRecipientEmail)}</p> : null}
      {approval.recipientOrigin && approval.reason === "other_recipient" ? (
        <p>{COPY.origin(RECIPIENT_ORIGIN_WORDS[approval.recipientOrigin])}</p>
      ) : (
        <p>{COPY.reason[approval.reason] ?? COPY.unknownReason}</p>
      )}
      <p className="text-sm text-slate-700">
        {COPY.askedBy(who(approval.requestedBy), formatDateTime(approval.requestedAt))}
      </p>
      {approval.note ? <p>{COPY.note(approval.note)}</p> : null}
      <p className="mt-1">
        <ViewLink
          to={leadPath(approval.leadId, CONSOLE_PATHS.approvals)}
          label={COPY.openLeadLabel(approval.recipientEmail)}
        >
          {COPY.openLead}
        </ViewLink>
      </p>
    </>
  );
}

/** A pending approval, with its note field and the two buttons (admins only). */
function PendingApproval({
  approval,
  canDecide,
  busy,
  onDecide,
}: {
  approval: Approval;
  canDecide: boolean;
  busy: Decision | undefined;
  onDecide: (decision: Decision, note: string) => void;
}) {
  const [note, setNote] = useState("");
  const noteId = `decision-note-${approval.id}`;
  return (
    <li id={`approval-${approval.id}`} className="rounded-lg bg-white p-4 ring-1 ring-slate-300">
      <Asked approval={approval} />
      {canDecide ? (
        <div className="mt-3 max-w-xl">
          <TextField
            id={noteId}
            label={COPY.decisionNote}
            isOptional
            value={note}
            onValueChange={setNote}
            maxLength={500}
          />
          <div className="flex flex-wrap gap-3">
            <Button
              tone="brand"
              isBusy={busy === "approve"}
              busyLabel={COPY.approving}
              onClick={() => onDecide("approve", note)}
            >
              {COPY.approve}
            </Button>
            <Button
              tone="plain"
              isBusy={busy === "decline"}
              busyLabel={COPY.declining}
              onClick={() => onDecide("decline", note)}
            >
              {COPY.decline}
            </Button>
          </div>
        </div>
      ) : null}
    </li>
  );
}

/** Approvals: the pending ones first (oldest first) with Approve and Decline in place (the console.s form hook), the decided ones below. */
export function ApprovalsView({ data }: { data: ApprovalsData }) {
  const decide = useApprovalsForm({ intent: "approve", initial: {}, resetOnDone: true });
  const [asked, setAsked] = useState<{ approval: Approval; decision: Decision }>();
  const { answer } = decide;
  const done =
    answer?.ok && asked
      ? asked.decision === "approve"
        ? COPY.approved(asked.approval.recipientEmail)
        : COPY.declined(asked.approval.recipientEmail)
      : undefined;
  // The pressed button leaves with its item once decided: the answer takes the focus, so a keyboard user is not dropped to the page's top.
  const answerRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (answer) answerRef.current?.focus();
  }, [answer]);

  return (
    <section>
      <ViewHeading>{COPY.heading}</ViewHeading>
      <p className="mt-2 max-w-3xl text-slate-700">{COPY.intro}</p>
      {data.canDecide ? null : <p className="mt-2 font-medium">{COPY.adminsOnly}</p>}
      <div ref={answerRef} tabIndex={-1} className="focus:outline-none">
        <ErrorMessage message={answer && !answer.ok ? answer.error : undefined} />
        <StatusMessage message={done} />
      </div>

      <h2 className="mt-4 text-xl font-bold">{COPY.pendingHeading}</h2>
      {data.pending.length === 0 ? <p className="mt-2">{COPY.noPending}</p> : null}
      <ul hidden={data.pending.length === 0} className="mt-2 space-y-4" aria-label={COPY.pendingHeading}>
        {data.pending.map((approval) => (
          <PendingApproval
            key={approval.id}
            approval={approval}
            canDecide={data.canDecide}
            busy={decide.isBusy && asked?.approval.id === approval.id ? asked.decision : undefined}
            onDecide={(decision, note) => {
              // One decision at a time: a second press while the first is on its way sends nothing.
              if (decide.isBusy) return;
              setAsked({ approval, decision });
              void decide.submit({ intent: decision, id: approval.id, ...(note.trim() ? { note: note.trim() } : {}) });
            }}
          />
        ))}
      </ul>

      <h2 className="mt-8 text-xl font-bold">{COPY.decidedHeading}</h2>
      {data.decided.length === 0 ? <p className="mt-2">{COPY.noDecided}</p> : null}
      <ul hidden={data.decided.length === 0} className="mt-2 space-y-4" aria-label={COPY.decidedHeading}>
        {data.decided.map((approval) => (
          <li key={approval.id} id={`approval-${approval.id}`} className="rounded-lg bg-slate-100 p-4">
            <Asked approval={approval} />
            <p className="mt-2 font-semibold">
              {COPY.decidedBy(
                COPY.decision[approval.status] ?? approval.status,
                who(approval.decidedBy),
                formatDateTime(approval.decidedAt),
              )}
            </p>
            {approval.decisionNote ? <p>{COPY.decisionNoteShown(approval.decisionNote)}</p> : null}
          </li>
        ))}
      </ul>
    </section>
  );
}
