import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { allowedNextStatuses, checkStep, isPipelineStatus } from "../../domain/incentive-pipeline";
import {
  ACCEPTED_STATUSES,
  REWARD_AMOUNT_USD,
  checkMonthlyCap,
  externalIdOf,
  type RewardStatus,
} from "../../domain/rewards";
import { facilityLeads, rewards } from "../store/schema";
import { lockKey } from "../store/submission";
import { REWARD_MESSAGES } from "./reward-messages";
import type { Claim, OrderInput, RewardOrdersContext } from "./reward-order-types";
import { monthSpend, recordRewardChange, rewardOf, updateReward } from "./rewards-repository";
import { defaultRecipient } from "../store/reward-recipients";

/** The write-ahead: the lead and its reward row locked, the step checked, the cap checked, the row "ordering" under our lease. */
export async function claimOrder(ctx: RewardOrdersContext, input: OrderInput): Promise<Claim> {
  const { db, leaseMs, monthlyLimitUsd } = ctx.options;
  const recipient = await defaultRecipient(db, input.leadId);
  if (!recipient) return { kind: "refused", outcome: { ok: false, status: 404, error: REWARD_MESSAGES.leadNotFound } };
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
      const lease = { leaseOwner: ctx.owner, leaseUntil: new Date(now.getTime() + leaseMs) };
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
                provider: ctx.options.provider.name,
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
          { webhookUrl: ctx.options.webhookUrl, now },
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
          { webhookUrl: ctx.options.webhookUrl, now },
        );
        return { kind: "refused", outcome: { ok: false, status: 422, error: cap.error, reward } };
      }
      return { kind: "call", reward, lookUpFirst: false };
    })
    .finally(() => ctx.options.onQueued?.());
}
