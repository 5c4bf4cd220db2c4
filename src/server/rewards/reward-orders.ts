import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { allowedNextStatuses, checkStep, isPipelineStatus, type PipelineActor } from "../../domain/incentive-pipeline";
import {
  ACCEPTED_STATUSES,
  REWARD_AMOUNT_USD,
  checkMonthlyCap,
  externalIdOf,
  rewardReference,
  type RewardStatus,
  type RewardStep,
} from "../../domain/rewards";
import type { Database } from "../store/database";
import { recordTransition } from "../store/lead-pipeline-repository";
import type { MailSettings } from "../mail/mail-settings";
import { facilityLeads, rewards } from "../store/schema";
import { lockKey } from "../store/submission";
import { REWARD_MESSAGES, providerFailureMessage, resendFailureMessage } from "./reward-messages";
import {
  defaultRecipient,
  monthSpend,
  recordRewardChange,
  rewardById,
  rewardOf,
  updateReward,
  type RewardRow,
} from "./rewards-repository";
import { RewardsProviderError, type ProviderOrder, type RewardsProvider } from "./rewards-provider";

interface RewardOrdersOptions {
  db: Database;
  provider: RewardsProvider;
  log: FastifyBaseLogger;
  /** REWARDS_MONTHLY_LIMIT_USD */
  monthlyLimitUsd?: number | undefined;
  /** PIPELINE_WEBHOOK_URL */
  webhookUrl?: string | undefined;
  /** When e-mail is on: the lead hears that the card is on its way (issue 29). */
  mail?: MailSettings | undefined;
  /** How long one caller holds an order while it talks to the provider (the provider's timeout and a margin). */
  leaseMs: number;
  /** Tests only (REWARDS_TEST_CRASH_AFTER_ORDER): die between the provider's answer and our write. */
  crashAfterOrder?: boolean;
  /** Called after events were queued (the outbox sends them). */
  onQueued?: () => void;
}

interface OrderInput {
  leadId: string;
  step: RewardStep;
  actor: PipelineActor;
  /** The recipient's e-mail as staff confirmed it; the default recipient when left out. */
  email?: string | undefined;
  note?: string | undefined;
  /** A second admin's approval (issue 32): recorded in the reward's history when this order creates the reward. */
  approval?: { by: string; details: Record<string, string> } | undefined;
}

type OrderOutcome =
  | { ok: true; reward: RewardRow }
  | { ok: false; status: 404 | 409 | 422 | 502 | 504; error: string; reward?: RewardRow };

type Claim =
  | { kind: "call"; reward: RewardRow; lookUpFirst: boolean }
  | { kind: "done"; reward: RewardRow }
  | { kind: "busy"; until: Date }
  | { kind: "refused"; outcome: OrderOutcome };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Orders the $50 card and the $250 bonus exactly once. The row with the order's fixed external id
 * is committed before the provider is called; concurrent callers serialize on that row (the
 * lead's and the reward's row locks, and a lease while one talks to the provider): the others
 * wait and get the same result. An answer lost to a timeout or a crash is found again by the
 * external id (a retry, the start-up sweep) and the step recorded then.
 */
export class RewardOrders {
  /** This process's lease owner id: a restarted process never mistakes a dead one's lease for its own. */
  readonly owner = randomUUID();

  constructor(readonly options: RewardOrdersOptions) {}

  async order(input: OrderInput, waited = 0): Promise<OrderOutcome> {
    const claim = await this.claim(input);
    if (claim.kind === "refused") return claim.outcome;
    if (claim.kind === "done") return { ok: true, reward: claim.reward };
    if (claim.kind === "busy") {
      // Another confirmation is talking to the provider: wait for its answer, then answer the same.
      if (waited > this.options.leaseMs + 5_000) return { ok: false, status: 409, error: REWARD_MESSAGES.busy };
      await sleep(150);
      return this.order(input, waited + 150);
    }
    return this.call(claim.reward, claim.lookUpFirst, input.actor);
  }

  /** The write-ahead: the lead and its reward row locked, the step checked, the cap checked, the row "ordering" under our lease. */
  private async claim(input: OrderInput): Promise<Claim> {
    const { db, leaseMs, monthlyLimitUsd } = this.options;
    const recipient = await defaultRecipient(db, input.leadId);
    if (!recipient)
      return { kind: "refused", outcome: { ok: false, status: 404, error: REWARD_MESSAGES.leadNotFound } };
    const now = new Date();
    return db
      .transaction(async (tx): Promise<Claim> => {
        const [lead] = await tx
          .select({ status: facilityLeads.pipelineStatus })
          .from(facilityLeads)
          .where(and(eq(facilityLeads.id, input.leadId), eq(facilityLeads.isSpam, false)))
          .for("update");
        if (!lead) return { kind: "refused", outcome: { ok: false, status: 404, error: REWARD_MESSAGES.leadNotFound } };
        const existing = await rewardOf(tx, input.leadId, input.step, true);
        if (existing && (ACCEPTED_STATUSES as readonly string[]).includes(existing.status))
          return { kind: "done", reward: existing };
        const from = isPipelineStatus(lead.status) ? lead.status : "new";
        if (!allowedNextStatuses(from).includes(input.step)) {
          const check = checkStep(from, { to: input.step, reference: "-" });
          return {
            kind: "refused",
            outcome: { ok: false, status: 409, error: check.ok ? REWARD_MESSAGES.stepTaken : check.error },
          };
        }
        if (existing?.status === "ordering" && existing.leaseUntil && existing.leaseUntil > now)
          return { kind: "busy", until: existing.leaseUntil };
        const lease = { leaseOwner: this.owner, leaseUntil: new Date(now.getTime() + leaseMs) };
        const email = input.email?.trim() || existing?.recipientEmail || recipient.email;
        const note = input.note?.trim() ?? existing?.note ?? "";
        if (existing?.status === "ordering") {
          // An earlier attempt's outcome is unknown: look the order up by its external id first.
          const reward = await updateReward(tx, existing.id, { ...lease, recipientEmail: email, note }, now);
          return { kind: "call", reward, lookUpFirst: true };
        }
        // A new order (or one the provider refused before): the month's cap, counted one order at a time.
        const amountUsd = REWARD_AMOUNT_USD[input.step];
        await lockKey(tx, "rewards:monthly-cap");
        const spent = await monthSpend(tx, now);
        const cap = checkMonthlyCap(monthlyLimitUsd, spent.spentUsd, amountUsd);
        const values = {
          recipientName: recipient.name,
          recipientEmail: email,
          note,
          orderedBy: input.actor,
          requestedAt: now,
          amountUsd,
          lastError: cap.ok ? null : cap.error,
          status: (cap.ok ? "ordering" : "refused") as RewardStatus,
          ...(cap.ok ? lease : { leaseOwner: null, leaseUntil: null }),
        };
        const reward = existing
          ? await updateReward(tx, existing.id, values, now)
          : (
              await tx
                .insert(rewards)
                .values({
                  id: randomUUID(),
                  leadId: input.leadId,
                  step: input.step,
                  externalId: externalIdOf(input.leadId, input.step),
                  provider: this.options.provider.name,
                  ...values,
                  createdAt: now,
                  updatedAt: now,
                })
                .returning()
            )[0]!;
        if (input.approval && !existing)
          await recordRewardChange(
            tx,
            reward,
            { actor: input.approval.by, kind: "approved", details: input.approval.details },
            { webhookUrl: this.options.webhookUrl, now },
          );
        if (!cap.ok) {
          await recordRewardChange(
            tx,
            reward,
            {
              actor: input.actor,
              kind: "refused",
              details: { reason: "monthly_limit", limitUsd: monthlyLimitUsd!, spentUsd: spent.spentUsd },
            },
            { webhookUrl: this.options.webhookUrl, now },
          );
          return { kind: "refused", outcome: { ok: false, status: 422, error: cap.error, reward } };
        }
        return { kind: "call", reward, lookUpFirst: false };
      })
      .finally(() => this.options.onQueued?.());
  }

  /** The provider's part: find (after an unknown outcome) or create the order, then record it. */
  private async call(reward: RewardRow, lookUpFirst: boolean, actor: string): Promise<OrderOutcome> {
    const { provider } = this.options;
    let order: ProviderOrder | undefined;
    try {
      if (lookUpFirst) order = await provider.findOrder(reward.externalId);
      order ??= await provider.createOrder({
        externalId: reward.externalId,
        amountUsd: reward.amountUsd,
        recipient: { name: reward.recipientName, email: reward.recipientEmail },
      });
    } catch (error) {
      return this.failed(reward, error, actor);
    }
    if (this.options.crashAfterOrder) process.kill(process.pid, "SIGKILL");
    return { ok: true, reward: await this.complete(reward.id, order, "staff") };
  }

  /**
   * Records an order the provider accepted: the reward's ids and status, its history, and the
   * pipeline step with the ids as its reference, in one transaction. Safe to repeat.
   */
  async complete(
    rewardId: string,
    order: ProviderOrder,
    by: "staff" | "system:recovery" | "provider:webhook",
  ): Promise<RewardRow> {
    const { db, webhookUrl, log, mail } = this.options;
    const now = new Date();
    try {
      return await db.transaction(async (tx) => {
        const current = (await rewardById(tx, rewardId, true))!;
        if (current.status !== "ordering" && current.status !== "refused") return current;
        const reward = await updateReward(
          tx,
          rewardId,
          {
            status: order.status,
            providerOrderId: order.orderId,
            providerRewardId: order.rewardId,
            lastError: null,
            leaseOwner: null,
            leaseUntil: null,
          },
          now,
        );
        const actor = by === "staff" ? reward.orderedBy : by;
        await recordRewardChange(
          tx,
          reward,
          {
            actor,
            kind: "ordered",
            details: {
              orderId: order.orderId,
              ...(order.rewardId ? { rewardId: order.rewardId } : {}),
              recipient: reward.recipientEmail,
            },
          },
          { webhookUrl, now },
        );
        const step = {
          to: reward.step as RewardStep,
          reference: rewardReference(order.orderId, order.rewardId),
          ...(reward.note ? { note: reward.note } : {}),
        };
        // The recipient is in the timeline and the pipeline event too (issue 32): who the money went to is never lost.
        const stepInput = {
          leadId: reward.leadId,
          actor: reward.orderedBy as PipelineActor,
          step,
          details: { recipient: reward.recipientEmail },
        };
        const transition = await recordTransition(tx, stepInput, {
          webhookUrl,
          now,
          mail: mail && { settings: mail, rewardRecipient: reward.recipientEmail },
        });
        if (!transition.ok)
          log.warn({ rewardId, reason: transition.error }, "reward ordered but its pipeline step was refused");
        return reward;
      });
    } finally {
      this.options.onQueued?.();
    }
  }

  /** A refusal is recorded (nothing was ordered); a 5xx or a timeout leaves the row "ordering" for a safe retry. */
  private async failed(reward: RewardRow, error: unknown, actor: string): Promise<OrderOutcome> {
    const failure =
      error instanceof RewardsProviderError
        ? error
        : new RewardsProviderError("unavailable", "the request to the rewards provider failed");
    const { db, webhookUrl, log } = this.options;
    log.warn({ rewardId: reward.id, kind: failure.kind, statusCode: failure.statusCode }, "reward order not accepted");
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      const current = (await rewardById(tx, reward.id, true))!;
      if (current.status !== "ordering" || current.leaseOwner !== this.owner) return current;
      if (failure.kind !== "refused")
        return updateReward(
          tx,
          reward.id,
          { lastError: failure.providerMessage, leaseOwner: null, leaseUntil: null },
          now,
        );
      const refused = await updateReward(
        tx,
        reward.id,
        { status: "refused", lastError: failure.providerMessage, leaseOwner: null, leaseUntil: null },
        now,
      );
      await recordRewardChange(
        tx,
        refused,
        {
          actor,
          kind: "refused",
          details: {
            reason: "provider",
            message: failure.providerMessage.slice(0, 500),
            ...(failure.statusCode ? { statusCode: failure.statusCode } : {}),
          },
        },
        { webhookUrl, now },
      );
      return refused;
    });
    this.options.onQueued?.();
    const status = failure.kind === "refused" ? 422 : failure.kind === "timeout" ? 504 : 502;
    return { ok: false, status, error: providerFailureMessage(failure), reward: row };
  }

  /** Re-sends a reward whose delivery failed, to a corrected e-mail when given; recorded. */
  async resend(input: {
    leadId: string;
    rewardId: string;
    actor: string;
    email?: string | undefined;
  }): Promise<OrderOutcome> {
    const { db, provider, webhookUrl } = this.options;
    const reward = await rewardById(db, input.rewardId);
    if (!reward || reward.leadId !== input.leadId)
      return { ok: false, status: 404, error: REWARD_MESSAGES.rewardNotFound };
    if (reward.status !== "failed" || !reward.providerRewardId)
      return { ok: false, status: 409, error: REWARD_MESSAGES.notResendable };
    const email = input.email?.trim();
    const changed = Boolean(email && email.toLowerCase() !== reward.recipientEmail.toLowerCase());
    try {
      await provider.resend(reward.providerRewardId, changed ? email : undefined);
    } catch (error) {
      const failure =
        error instanceof RewardsProviderError ? error : new RewardsProviderError("unavailable", "the request failed");
      return {
        ok: false,
        status: failure.kind === "refused" ? 422 : 502,
        error: resendFailureMessage(failure),
        reward,
      };
    }
    const now = new Date();
    const row = await db.transaction(async (tx) => {
      const updated = await updateReward(
        tx,
        reward.id,
        { status: "ordered", ...(changed ? { recipientEmail: email! } : {}) },
        now,
      );
      await recordRewardChange(
        tx,
        updated,
        {
          actor: input.actor,
          kind: "resent",
          details: {
            emailChanged: changed ? "yes" : "no",
            recipient: changed ? email! : reward.recipientEmail,
            ...(changed ? { previousRecipient: reward.recipientEmail } : {}),
          },
        },
        { webhookUrl, now },
      );
      return updated;
    });
    this.options.onQueued?.();
    return { ok: true, reward: row };
  }

  /**
   * Completes orders left "ordering" by a lost answer or a crash: each is looked up at the
   * provider by its external id and, when found, recorded. `ignoreLeases` at the start of the
   * embedded database's only process (no other process can be talking to the provider).
   */
  async recover(rows: RewardRow[]): Promise<number> {
    let completed = 0;
    for (const row of rows) {
      try {
        const order = await this.options.provider.findOrder(row.externalId);
        if (!order) continue; // never reached the provider: the next confirmation orders it
        await this.complete(row.id, order, "system:recovery");
        completed++;
      } catch (error) {
        this.options.log.warn({ rewardId: row.id, err: error }, "reward recovery failed; tried again later");
      }
    }
    return completed;
  }
}
