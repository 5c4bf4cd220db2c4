import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { isUuid } from "../../domain/fields";
import { APPROVAL_MESSAGES, ApprovalDecisionSchema, ApprovalListQuerySchema } from "../../domain/reward-approvals";
import type { ApprovalDecided, ApprovalHeld, ApprovalList, BuiltAs } from "../../domain/staff-console-api";
import { parseBody } from "../validation";
import { STAFF_MESSAGES } from "../staff-messages";
import {
  approvalById,
  approvalNeeded,
  changeDetails,
  decideApproval,
  requestApproval,
  type MoneyRequest,
} from "./reward-approvals-repository";
import { FRAUD_REVIEW_MESSAGES } from "../../domain/fraud-review";
import { approvalView, listApprovals } from "./approval-list";
import { mayApproveRelease, releaseApproved } from "./fraud-release-approval";
import { recordRewardChange, rewardById, rewardOf } from "./rewards-repository";
import { rewardView } from "./reward-view";
import { recipientOriginOf } from "../store/reward-recipients";

const domainOf = (email: string) => email.trim().toLowerCase().split("@").pop() ?? "";

/**
 * What the security log keeps of an approval: its id, reason and the recipients' domains (a card
 * to staff's own domain stands out), never an address or a note: the log outlives an erasure
 * (decision 0037), the addresses stay in reward_approvals until the person is erased.
 */
const loggedDetails = (approval: Parameters<typeof changeDetails>[0]) => ({
  approvalId: approval.id,
  reason: approval.reason,
  recipientDomain: domainOf(approval.recipientEmail),
  ...(approval.previousRecipientEmail ? { previousRecipientDomain: domainOf(approval.previousRecipientEmail) } : {}),
});

/** REWARDS_FOUR_EYES, on by default when a rewards provider orders real money. */
const fourEyesOn = (app: FastifyInstance) => app.config.REWARDS_FOUR_EYES ?? Boolean(app.config.REWARDS_PROVIDER);

/**
 * Holds an order or a re-send that needs a second admin (202 `{ approval: { id, ... } }`,
 * nothing ordered), logged with both recipients. With four eyes on, ordering money needs a
 * second factor on the account (403 without, decision 0043). Answers true when held or refused.
 */
export async function heldForApproval(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  money: MoneyRequest,
): Promise<boolean> {
  if (!fourEyesOn(app)) return false;
  const { account } = request.staff!;
  if (!account.secondFactor) {
    await reply.code(403).send({ error: APPROVAL_MESSAGES.secondFactor });
    return true;
  }
  const db = app.store.db;
  const needed = await approvalNeeded(db, { ...money, orderedBy: `staff:${account.email}` });
  if (!needed) return false;
  const { approval, created } = await requestApproval(db, money, needed, account, app.config.PIPELINE_WEBHOOK_URL);
  if (created) {
    await app.securityEvent(request, {
      kind: "reward_approval_requested",
      detail: {
        leadId: money.leadId,
        step: money.step,
        action: money.action,
        ...loggedDetails(approval),
        // Where the recipient came from (a word, never the address), for the log's sentence.
        recipientOrigin: await recipientOriginOf(app.store.db, money.leadId, approval.recipientEmail),
      },
    });
    if (app.config.PIPELINE_WEBHOOK_URL) app.outbox?.wake();
  }
  await reply.code(202).send({
    approval: approvalView(approval),
    message: APPROVAL_MESSAGES.waiting,
  } satisfies BuiltAs<ApprovalHeld>);
  return true;
}

/**
 * GET /api/staff/approvals (every signed-in member of staff: the one who asked sees theirs wait;
 * `?leadId=` one lead's), POST /api/staff/approvals/:id/approve and /decline: admins only, never the one who asked.
 */
export async function registerApprovalRoutes(app: FastifyInstance): Promise<void> {
  const db = () => app.store.db;
  app.get("/api/staff/approvals", async (request, reply) => {
    const query = parseBody(ApprovalListQuerySchema, request.query, reply, { error: "first-message" });
    if (!query) return reply;
    return { approvals: await listApprovals(db(), query.status, query.leadId) } satisfies BuiltAs<ApprovalList>;
  });

  app.register(async (admin) => {
    admin.addHook("onRequest", async (request, reply) => {
      if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    });

    const decide =
      (status: "approved" | "declined") =>
      async (request: FastifyRequest<{ Params: { id: string } }>, reply: FastifyReply) => {
        const body = parseBody(ApprovalDecisionSchema, request.body ?? {}, reply, { error: "first-message" });
        if (!body) return reply;
        const existing = isUuid(request.params.id) ? await approvalById(db(), request.params.id) : undefined;
        if (!existing) return reply.code(404).send({ error: APPROVAL_MESSAGES.notFound });
        if (existing.status !== "pending") return reply.code(409).send({ error: APPROVAL_MESSAGES.notPending });
        if (existing.action === "fraud_release" && !mayApproveRelease(request.staff!.account))
          return reply.code(403).send({ error: FRAUD_REVIEW_MESSAGES.adminWithSecondFactor });
        const approval = await decideApproval(db(), existing.id, {
          status,
          by: request.staff!.account,
          note: body.note,
        });
        if (!approval) {
          const again = await approvalById(db(), existing.id);
          return again?.status !== "pending"
            ? reply.code(409).send({ error: APPROVAL_MESSAGES.notPending })
            : reply.code(403).send({ error: APPROVAL_MESSAGES.ownRequest });
        }
        const details = { ...changeDetails(approval), ...(body.note ? { note: body.note } : {}) };
        await app.securityEvent(request, {
          kind: status === "approved" ? "reward_approval_approved" : "reward_approval_declined",
          detail: {
            leadId: approval.leadId,
            step: approval.step,
            action: approval.action,
            requestedBy: approval.requestedBy,
            ...loggedDetails(approval),
            recipientOrigin: await recipientOriginOf(db(), approval.leadId, approval.recipientEmail),
          },
        });
        const reward = approval.rewardId
          ? await rewardById(db(), approval.rewardId)
          : await rewardOf(db(), approval.leadId, approval.step as "gift_card_sent" | "bonus_sent");
        if (reward) {
          await db().transaction((tx) =>
            recordRewardChange(
              tx,
              reward,
              { actor: approval.decidedBy!, kind: status, details },
              { webhookUrl: app.config.PIPELINE_WEBHOOK_URL },
            ),
          );
          app.outbox?.wake();
        }
        if (status === "declined" || !app.rewards)
          return { approval: approvalView(approval) } satisfies BuiltAs<ApprovalDecided>;
        if (approval.action === "fraud_release") {
          const released = await releaseApproved(app, approval);
          if (!released.ok)
            return reply.code(released.status).send({ error: released.error, approval: approvalView(approval) });
          await app.securityEvent(request, {
            kind: "reward_released",
            detail: { leadId: approval.leadId, rewardId: approval.rewardId!, approvalId: approval.id },
          });
          return {
            approval: approvalView(approval),
            reward: rewardView(released.reward),
          } satisfies BuiltAs<ApprovalDecided>;
        }
        // Approved: the order (or re-send) goes through the one exactly-once path, in the requester's name.
        const outcome =
          approval.action === "resend" && approval.rewardId
            ? await app.rewards.resend({
                leadId: approval.leadId,
                rewardId: approval.rewardId,
                actor: approval.requestedBy,
                email: approval.recipientEmail,
              })
            : await app.rewards.order({
                leadId: approval.leadId,
                step: approval.step as "gift_card_sent" | "bonus_sent",
                actor: approval.requestedBy as `staff:${string}`,
                email: approval.recipientEmail,
                note: approval.note || undefined,
                approval: reward ? undefined : { by: approval.decidedBy!, details },
              });
        if (!outcome.ok)
          return reply.code(outcome.status).send({
            error: outcome.error,
            approval: approvalView(approval),
            ...(outcome.reward ? { reward: rewardView(outcome.reward) } : {}),
          });
        return {
          approval: approvalView(approval),
          reward: rewardView(outcome.reward),
        } satisfies BuiltAs<ApprovalDecided>;
      };
    admin.post<{ Params: { id: string } }>("/api/staff/approvals/:id/approve", decide("approved"));
    admin.post<{ Params: { id: string } }>("/api/staff/approvals/:id/decline", decide("declined"));
  });
}
