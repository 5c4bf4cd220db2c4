import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { isUuid } from "../../domain/fields";
import { RewardOrderSchema, isRewardStep, type RewardStep } from "../../domain/rewards";
import { RewardResendSchema } from "../../domain/staff-requests";
import type { BuiltAs, LeadRewards, RewardAnswer, RewardsMonthAnswer } from "../../domain/staff-console-api";
import { parseBody } from "../validation";
import { STAFF_MESSAGES } from "../staff-messages";
import { REWARD_MESSAGES } from "./reward-messages";
import { ProviderEventSchema, applyProviderEvent, validSignature } from "./reward-webhooks";
import { RewardsProviderError } from "./rewards-provider";
import { heldForApproval } from "./approval-routes";
import { rewardView } from "./reward-view";
import { registerFraudReviewRoutes } from "./fraud-review-routes";
import { monthSpend, rewardById, rewardOf, rewardsOfLead } from "./rewards-repository";
import { defaultRecipient } from "../store/reward-recipients";

/** With a rewards provider, a paying step sent without a reference is an order (else the step is recorded as before). */
export function ordersReward(app: FastifyInstance, body: unknown): boolean {
  if (!app.rewards || typeof body !== "object" || body === null) return false;
  const { to, reference } = body as { to?: unknown; reference?: unknown };
  return isRewardStep(to) && (reference === undefined || (typeof reference === "string" && reference.trim() === ""));
}

/**
 * `POST /api/staff/leads/:id/steps` with `to: "gift_card_sent" | "bonus_sent"` and no reference,
 * when a provider is configured: orders the reward and answers once the provider accepted or
 * refused it. `recipientEmail` overrides the default recipient. An order that needs a second
 * admin (decision 0028) answers 202 with the approval and orders nothing.
 */
export async function orderRewardStep(app: FastifyInstance, request: FastifyRequest, reply: FastifyReply) {
  const { id } = request.params as { id: string };
  const step = parseBody(RewardOrderSchema, request.body, reply, { error: "first-message" });
  if (!step) return reply;
  if (
    await heldForApproval(app, request, reply, {
      leadId: id,
      step: step.to,
      action: "order",
      email: step.recipientEmail,
      note: step.note,
    })
  )
    return reply;
  const outcome = await app.rewards!.order({
    leadId: id,
    step: step.to,
    actor: `staff:${request.staff!.account.email}`,
    email: step.recipientEmail,
    note: step.note,
  });
  if (!outcome.ok)
    return reply
      .code(outcome.status)
      .send({ error: outcome.error, ...(outcome.reward ? { reward: rewardView(outcome.reward) } : {}) });
  return reply.code(201).send({ reward: rewardView(outcome.reward) } satisfies BuiltAs<RewardAnswer>);
}

/**
 * A typed reference for a step whose reward is being ordered from the provider (its answer not
 * yet recorded) would pay twice: refused (409) until the order is settled. Answers true when refused.
 */
export async function refusedWhileOrdering(
  app: FastifyInstance,
  reply: FastifyReply,
  leadId: string,
  step: string,
): Promise<boolean> {
  if (!app.rewards || !isRewardStep(step)) return false;
  const reward = await rewardOf(app.store.db, leadId, step);
  if (reward?.status !== "ordering") return false;
  await reply.code(409).send({ error: REWARD_MESSAGES.orderInFlight });
  return true;
}

/** The console's reward routes, inside the staff scope (session and CSRF). */
export async function registerRewardStaffRoutes(app: FastifyInstance): Promise<void> {
  await registerFraudReviewRoutes(app);
  app.get<{ Params: { id: string } }>("/api/staff/leads/:id/rewards", async (request, reply) => {
    const recipient = isUuid(request.params.id) ? await defaultRecipient(app.store.db, request.params.id) : undefined;
    if (!recipient) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    return {
      enabled: Boolean(app.rewards),
      recipientEmail: recipient.email,
      rewards: await rewardsOfLead(app.store.db, request.params.id),
    } satisfies BuiltAs<LeadRewards>;
  });

  app.post<{ Params: { id: string; rewardId: string } }>(
    "/api/staff/leads/:id/rewards/:rewardId/resend",
    async (request, reply) => {
      const { id, rewardId } = request.params;
      if (!app.rewards) return reply.code(404).send({ error: REWARD_MESSAGES.notConfigured });
      if (!isUuid(id) || !isUuid(rewardId)) return reply.code(404).send({ error: REWARD_MESSAGES.rewardNotFound });
      const body = parseBody(RewardResendSchema, request.body ?? {}, reply, { error: "first-message" });
      if (!body) return reply;
      const target = await rewardById(app.store.db, rewardId);
      const resendable = target?.leadId === id && target.status === "failed" && isRewardStep(target.step);
      if (
        resendable &&
        (await heldForApproval(app, request, reply, {
          leadId: id,
          step: target.step as RewardStep,
          action: "resend",
          rewardId,
          email: body.email,
        }))
      )
        return reply;
      const outcome = await app.rewards.resend({
        leadId: id,
        rewardId,
        actor: `staff:${request.staff!.account.email}`,
        email: body.email,
      });
      if (!outcome.ok) return reply.code(outcome.status).send({ error: outcome.error });
      return { reward: rewardView(outcome.reward) } satisfies BuiltAs<RewardAnswer>;
    },
  );

  app.get("/api/staff/rewards/month", async (request, reply) => {
    if (request.staff?.account.role !== "admin") return reply.code(403).send({ error: STAFF_MESSAGES.adminOnly });
    return {
      ...(await monthSpend(app.store.db)),
      limitUsd: app.config.REWARDS_MONTHLY_LIMIT_USD ?? null,
      enabled: Boolean(app.rewards),
    } satisfies RewardsMonthAnswer;
  });
}

const rawBodies = new WeakMap<FastifyRequest, Buffer>();

/** `POST /api/rewards/tremendous/webhook`: the raw body (its own parser, this route only) for the signature. */
export const tremendousWebhookRoutes: FastifyPluginAsync<{ key: string }> = async (app, options) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser("application/json", { parseAs: "buffer" }, (request, body, done) => {
    rawBodies.set(request, body as Buffer);
    done(null, undefined);
  });
  app.post("/api/rewards/tremendous/webhook", async (request, reply) => {
    const raw = rawBodies.get(request);
    const signature = request.headers["tremendous-webhook-signature"];
    if (!raw || !validSignature(raw, Array.isArray(signature) ? signature[0] : signature, options.key)) {
      return reply.code(401).send({ error: "The webhook signature is missing or wrong." });
    }
    let body: unknown;
    try {
      body = JSON.parse(raw.toString("utf8"));
    } catch {
      return reply.code(400).send({ error: "The body is not JSON." });
    }
    const event = ProviderEventSchema.safeParse(body);
    if (!event.success) return reply.code(400).send({ error: "The body is not a webhook event." });
    if (!app.rewards) return reply.code(404).send({ error: "Not found" });
    try {
      const outcome = await applyProviderEvent(app.rewards, event.data);
      return { received: true, outcome };
    } catch (error) {
      if (!(error instanceof RewardsProviderError)) throw error;
      // The reward could not be read back: the provider sends the event again later.
      request.log.warn({ kind: error.kind, statusCode: error.statusCode }, "reward webhook: provider read failed");
      return reply
        .code(503)
        .send({ error: "The reward could not be read from the provider; send the event again later." });
    }
  });
};
