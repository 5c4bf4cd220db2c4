import { APPROVAL_COPY, REWARD_COPY } from "../../content/rewards-copy";
import type { RewardApprovalView } from "../../../domain/reward-approvals";
import { CONSOLE_PATHS } from "./console-paths";
import { ViewLink } from "./console-ui";

/**
 * An order or a re-send held for a second admin answers 202 `{ approval }` (decision 0028): whether
 * this answer is one.
 */
export const isHeldForApproval = (data: unknown): boolean =>
  typeof data === "object" && data !== null && "approval" in data && Boolean((data as { approval?: unknown }).approval);

/** "Waiting for a second admin's approval" with the way to the Approvals view; `announced`: a form's answer (a status). */
export function ApprovalWaiting({
  message = REWARD_COPY.waiting,
  announced = true,
}: {
  message?: string;
  announced?: boolean;
}) {
  return (
    <p
      role={announced ? "status" : undefined}
      className="mt-3 rounded-md border border-amber-700 bg-amber-50 p-3 font-medium text-amber-900"
    >
      {message} <ViewLink to={CONSOLE_PATHS.approvals}>{REWARD_COPY.toApprovals}</ViewLink>
    </p>
  );
}

/** A lead's rewards waiting for a second admin, each in words (the lead page, under Rewards). */
export function PendingApprovals({ approvals }: { approvals: RewardApprovalView[] }) {
  if (approvals.length === 0) return null;
  return (
    <ul className="mt-2 space-y-2" aria-label={APPROVAL_COPY.pendingHeading}>
      {approvals.map((approval) => (
        <li key={approval.id}>
          <ApprovalWaiting
            announced={false}
            message={REWARD_COPY.pendingHere(
              REWARD_COPY.what[approval.step],
              approval.recipientEmail,
              approval.requestedBy.replace(/^staff:/, ""),
            )}
          />
        </li>
      ))}
    </ul>
  );
}
