import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { FRAUD_REVIEW_MESSAGES } from "../../domain/fraud-review";
import type { StaffAccount } from "../store/staff-repository";
import { approvalView } from "./approval-list";
import { decideFraudReview } from "./provider-fraud-review";
import { changeDetails, requestApproval, type ApprovalRow } from "./reward-approvals-repository";
import { rewardById } from "./rewards-repository";

/**
 * Releasing a card the provider flagged waits for a second admin (decision 0040): the first admin's
 * release is an approval (`fraud_release`, reason `provider_flagged`) in the Approvals view; a
 * second admin with a second factor approves it, and only then is the provider told to release.
 */

/** Holds the release: 202 with the approval (the pending one when asked again); 404/409 as the review would answer. */
export async function holdRelease(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { leadId: string; rewardId: string; note: string | undefined },
): Promise<FastifyReply> {
  const db = app.store.db;
  const reward = await rewardById(db, input.rewardId);
  if (!reward || reward.leadId !== input.leadId) return reply.code(404).send({ error: FRAUD_REVIEW_MESSAGES.notFound });
  if (reward.fraudStatus !== "flagged") return reply.code(409).send({ error: FRAUD_REVIEW_MESSAGES.notFlagged });
  const step = reward.step as "gift_card_sent" | "bonus_sent";
  const { approval, created } = await requestApproval(
    db,
    { leadId: input.leadId, step, action: "fraud_release", rewardId: reward.id, note: input.note },
    { reason: "provider_flagged", recipient: reward.recipientEmail, previous: null, conflictedActor: null },
    request.staff!.account,
    app.config.PIPELINE_WEBHOOK_URL,
  );
  if (created)
    await app.securityEvent(request, {
      kind: "reward_approval_requested",
      detail: { leadId: input.leadId, step, action: "fraud_release", ...changeDetails(approval) },
    });
  return reply.code(202).send({ approval: approvalView(approval), message: FRAUD_REVIEW_MESSAGES.releaseWaits });
}

/** Whether this account may approve a held release: an admin with a second factor. */
export const mayApproveRelease = (account: StaffAccount) => account.role === "admin" && account.secondFactor;

/** The approved release, told to the provider in the requesting admin's name. */
export function releaseApproved(app: FastifyInstance, approval: ApprovalRow) {
  return decideFraudReview(app.rewards!, {
    leadId: approval.leadId,
    rewardId: approval.rewardId!,
    decision: "release",
    note: approval.note || undefined,
    actor: approval.requestedBy,
  });
}
