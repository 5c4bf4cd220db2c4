import type { FastifyInstance } from "fastify";
import { isUuid } from "../../domain/fields";
import type { FraudReviewed } from "../../domain/staff-console-api";
import { FRAUD_REVIEW_MESSAGES, FraudReviewDecisionSchema } from "../../domain/fraud-review";
import { parseBody } from "../validation";
import { decideFraudReview } from "./provider-fraud-review";
import { holdRelease } from "./fraud-release-approval";
import { rewardView } from "./reward-view";

/**
 * `POST /api/staff/leads/:id/rewards/:rewardId/fraud-review` `{decision: "release" | "block", note?}`:
 * a flagged reward released or blocked through the provider's fraud review API (decision 0030),
 * recorded in the reward's history and the security log. The last controls (decision 0040): for an
 * admin with a second factor only (403 otherwise); a block goes through at once, a release is
 * held (202) until a second admin approves it under Approvals (approval-routes.ts). 404 without
 * a provider or reward, 409 when it is not flagged (already decided, or a second click), 502
 * when the provider refused.
 */
export async function registerFraudReviewRoutes(app: FastifyInstance): Promise<void> {
  app.post<{ Params: { id: string; rewardId: string } }>(
    "/api/staff/leads/:id/rewards/:rewardId/fraud-review",
    async (request, reply) => {
      const { id, rewardId } = request.params;
      if (!app.rewards) return reply.code(404).send({ error: FRAUD_REVIEW_MESSAGES.notConfigured });
      if (!isUuid(id) || !isUuid(rewardId)) return reply.code(404).send({ error: FRAUD_REVIEW_MESSAGES.notFound });
      const { account } = request.staff!;
      if (account.role !== "admin" || !account.secondFactor)
        return reply.code(403).send({ error: FRAUD_REVIEW_MESSAGES.adminWithSecondFactor });
      const body = parseBody(FraudReviewDecisionSchema, request.body, reply, { error: "first-message" });
      if (!body) return reply;
      if (body.decision === "release")
        return holdRelease(app, request, reply, { leadId: id, rewardId, note: body.note });
      const outcome = await decideFraudReview(app.rewards, {
        leadId: id,
        rewardId,
        decision: body.decision,
        note: body.note,
        actor: `staff:${request.staff!.account.email}`,
      });
      if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
      await app.securityEvent(request, {
        kind: "reward_blocked",
        detail: { leadId: id, rewardId },
      });
      return {
        reward: { ...rewardView(outcome.reward), fraudStatus: outcome.reward.fraudStatus },
      } satisfies FraudReviewed;
    },
  );
}
