import type { LeadCall, PipelineTransition } from "../../../domain/staff-console-api";
import { CONSOLE_COPY } from "../../content/staff-console";
import { DETAIL_LABELS, METHOD_LABELS, REASON_LABELS, STATUS_LABELS, VIA_LABELS } from "../../content/pipeline-labels";
import {
  AUTOMATIC_METHOD_LABEL,
  DOMAIN_TIE_LABELS,
  EVIDENCE_DETAIL_LABELS,
  ROLE_VERIFIED_AUTOMATICALLY,
  SYSTEM_ACTOR_LABELS,
} from "../../content/automatic-verification-copy";
import { AUTOMATIC_VERIFICATION_METHOD } from "../../../domain/incentive-pipeline";
import { AUTOMATIC_VERIFICATION_ACTOR } from "../../../domain/automatic-verification";
import { Section, formatDateTime } from "./console-ui";
import { RewardTimeline, type LeadRewardsAnswer } from "./lead-rewards";
import { CallTimeline } from "./lead-calls";
import { ApprovalTimeline } from "./approval-trace";
import type { RewardApprovalView } from "../../../domain/reward-approvals";

const COPY = CONSOLE_COPY.lead;

/** A step's details in words: "Verified by: Phone call to the facility", "Amount: $50". */
function detailText(key: string, value: string | number): string {
  // A key not named here is still shown as a word, never as the stored key.
  const label = DETAIL_LABELS[key] ?? EVIDENCE_DETAIL_LABELS[key] ?? COPY.otherDetail;
  if (key === "amountUsd") return `${label}: $${value}`;
  if (key === "method" && value === AUTOMATIC_VERIFICATION_METHOD) return `${label}: ${AUTOMATIC_METHOD_LABEL}`;
  if (key === "method") return `${label}: ${METHOD_LABELS[value as keyof typeof METHOD_LABELS] ?? value}`;
  if (key === "domainTie")
    return `${label}: ${String(value)
      .split(",")
      .map((tie) => DOMAIN_TIE_LABELS[tie] ?? tie)
      .join("; ")}`;
  if (key === "reason") return `${label}: ${REASON_LABELS[value as keyof typeof REASON_LABELS] ?? value}`;
  if (key === "via") return `${label} ${VIA_LABELS[value as keyof typeof VIA_LABELS] ?? value}`;
  return `${label}: ${value}`;
}

const actorText = (actor: string) =>
  actor.startsWith("staff:") ? actor.slice(6) : (SYSTEM_ACTOR_LABELS[actor] ?? actor);

/** "Role verified automatically" when the automatic verification took the step, else the status's label. */
const stepHeading = (t: PipelineTransition) =>
  t.toStatus === "role_verified" && t.actor === AUTOMATIC_VERIFICATION_ACTOR
    ? ROLE_VERIFIED_AUTOMATICALLY
    : (STATUS_LABELS[t.toStatus] ?? t.toStatus);

/** The lead's pipeline steps, oldest first, with who took each and its details, then the rewards' and the calls' histories. */
export function LeadTimeline({
  timeline,
  rewards,
  calls,
  approvals = [],
}: {
  timeline: PipelineTransition[];
  rewards: LeadRewardsAnswer["rewards"];
  calls?: LeadCall[] | undefined;
  approvals?: RewardApprovalView[];
}) {
  // The empty-state sentence only when nothing at all happened to the lead.
  const empty =
    timeline.length === 0 &&
    approvals.length === 0 &&
    rewards.every((r) => r.history.length === 0) &&
    (calls ?? []).every((c) => c.history.length === 0);
  return (
    <Section id="timeline" heading={COPY.timeline}>
      {empty ? (
        <p className="mt-2">{COPY.emptyTimeline}</p>
      ) : timeline.length === 0 ? null : (
        <ol className="mt-2 space-y-3">
          {timeline.map((t) => (
            <li key={t.id} className="border-l-4 border-brand pl-3">
              <p className="font-semibold">{stepHeading(t)}</p>
              <p className="text-sm text-slate-700">
                <time dateTime={t.at}>{formatDateTime(t.at)}</time> · {actorText(t.actor)}
              </p>
              {Object.entries(t.details).map(([key, value]) => (
                <p key={key} className="text-sm">
                  {detailText(key, value)}
                </p>
              ))}
              {t.note ? (
                <p className="text-sm [overflow-wrap:anywhere]">{`${CONSOLE_COPY.steps.note}: ${t.note}`}</p>
              ) : null}
            </li>
          ))}
        </ol>
      )}
      <RewardTimeline rewards={rewards} />
      <ApprovalTimeline approvals={approvals} />
      <CallTimeline calls={calls} />
    </Section>
  );
}
