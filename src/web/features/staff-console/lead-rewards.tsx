import { useState } from "react";
import type { RewardView } from "../../../domain/rewards";
import { Button } from "../../components/button";
import { TextField } from "../../components/text-field";
import { REWARD_COPY } from "../../content/rewards-copy";
import { SYSTEM_ACTOR_LABELS } from "../../content/automatic-verification-copy";
import { Details, ErrorMessage, StatusMessage, formatDateTime } from "./console-ui";
import { useLeadForm } from "./use-console-form";
import { ApprovalWaiting, PendingApprovals, isHeldForApproval } from "./approval-waiting";
import { staffApi } from "./staff-api";
import type { RewardApprovalView } from "../../../domain/reward-approvals";
import type { ApprovalList, LeadRewards } from "../../../domain/staff-console-api";
import { LeadFraudReview } from "./lead-fraud-review";
import { DeclinedApprovals } from "./approval-trace";

const COPY = REWARD_COPY;

/** One of the lead's rewards, as the server answers it (the domain's one type for both sides). */
export type Reward = RewardView;

/** GET /api/staff/leads/:id/rewards, and the lead's approvals (GET /api/staff/approvals?leadId=): the lead page's two reads in one. */
export interface LeadRewardsAnswer extends LeadRewards {
  approvals: RewardApprovalView[];
}

/** The lead route's read of its rewards (`path`: /leads/:id), with its pending approvals; undefined when refused. */
export async function loadLeadRewards(path: string, leadId: string): Promise<LeadRewardsAnswer | undefined> {
  const [rewards, pending] = await Promise.all([
    staffApi<LeadRewards>(`${path}/rewards`),
    // Every approval of the lead: the waiting ones, and the declined ones' trace.
    staffApi<ApprovalList>(`/approvals?${new URLSearchParams({ leadId, status: "all" })}`),
  ]);
  if (!rewards.ok) return undefined;
  return { ...rewards.data, approvals: pending.ok ? pending.data.approvals : [] };
}

const actorText = (actor: string) =>
  actor.startsWith("staff:")
    ? actor.slice(6)
    : actor === "provider:webhook"
      ? "Rewards provider"
      : actor === "system:recovery"
        ? "Recovered after a lost answer"
        : (SYSTEM_ACTOR_LABELS[actor] ?? actor);

/**
 * A lead's rewards: those waiting for a second admin, then each one's status, the provider's
 * ids, the recipient, and re-sending a failed delivery (the history is in the timeline).
 */
export function LeadRewards({ rewards, approvals = [] }: { rewards: Reward[]; approvals?: RewardApprovalView[] }) {
  const [resent, setResent] = useState<"resent" | "held">();
  const pending = (
    <>
      <PendingApprovals approvals={approvals.filter((a) => a.status === "pending")} />
      <DeclinedApprovals approvals={approvals} />
    </>
  );
  if (rewards.length === 0)
    return (
      <>
        {pending}
        {approvals.length === 0 ? <p className="mt-2">{COPY.none}</p> : null}
      </>
    );
  const onResent = (held: boolean) => setResent(held ? "held" : "resent");
  return (
    <>
      {pending}
      {resent === "held" ? <ApprovalWaiting /> : <StatusMessage message={resent && COPY.resent} />}
      <ul className="mt-2 space-y-6">
        {rewards.map((reward) => (
          <li key={reward.id}>
            <h3 className="text-lg font-bold">{COPY.what[reward.step]}</h3>
            <Details
              items={[
                [COPY.fields.status, <strong key="status">{COPY.status[reward.status]}</strong>],
                [COPY.fields.orderId, reward.providerOrderId],
                [COPY.fields.rewardId, reward.providerRewardId],
                [COPY.fields.recipient, reward.recipientEmail],
                [COPY.fields.requestedAt, formatDateTime(reward.requestedAt)],
                [COPY.fields.orderedBy, actorText(reward.orderedBy)],
                ...(reward.lastError ? [[COPY.fields.lastError, reward.lastError] as [string, string]] : []),
              ]}
            />
            {reward.fraudReview ? <LeadFraudReview rewardId={reward.id} review={reward.fraudReview} /> : null}
            {reward.status === "failed" ? <ResendForm reward={reward} onResent={onResent} /> : null}
          </li>
        ))}
      </ul>
    </>
  );
}

/** The rewards' changes in the lead's timeline, oldest first: ordered, refused, delivered, failed, sent again. */
export function RewardTimeline({ rewards }: { rewards: Reward[] }) {
  const changes = rewards
    .flatMap((reward) => reward.history.map((change) => ({ ...change, step: reward.step })))
    .sort((a, b) => a.at.localeCompare(b.at));
  if (changes.length === 0) return null;
  return (
    <>
      <h3 className="mt-4 text-lg font-bold">{COPY.timeline}</h3>
      <ol className="mt-2 space-y-3">
        {changes.map((change) => (
          <li key={change.id} className="border-l-4 border-brand pl-3">
            <p className="font-semibold">{`${COPY.what[change.step]}: ${COPY.status[change.status]}`}</p>
            <p className="text-sm text-slate-700">
              <time dateTime={change.at}>{formatDateTime(change.at)}</time> · {COPY.change[change.kind] ?? change.kind}{" "}
              · {actorText(change.actor)}
            </p>
          </li>
        ))}
      </ol>
    </>
  );
}

/** A failed delivery sent again, to a corrected e-mail when staff change it (recorded in the history). */
function ResendForm({ reward, onResent }: { reward: Reward; onResent: (held: boolean) => void }) {
  const form = useLeadForm<{ email: string }, unknown>({
    intent: "resend",
    initial: { email: reward.recipientEmail },
    body: (values) => ({ email: values.email.trim() }),
    extra: { rewardId: reward.id },
    // A re-send to a new address may wait for a second admin (202): nothing is sent yet.
    onDone: (data) => onResent(isHeldForApproval(data)),
  });
  const { state, submit } = form;
  const id = `resend-${reward.id}`;
  return (
    <form
      className="mt-3 max-w-xl rounded-lg bg-white p-4 ring-1 ring-slate-300"
      aria-label={`${COPY.resend}: ${COPY.what[reward.step]}`}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <TextField
        id={id}
        type="email"
        label={COPY.resendEmail}
        hint={COPY.resendHint}
        value={state.values.email}
        onValueChange={form.change("email")}
        error={state.errors.email}
        maxLength={254}
      />
      <Button type="submit" tone="brand" isBusy={form.isBusy} busyLabel={COPY.resending}>
        {COPY.resend}
      </Button>
      <ErrorMessage message={state.status.kind === "failed" ? state.status.message : undefined} />
    </form>
  );
}
