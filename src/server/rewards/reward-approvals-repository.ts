import { randomUUID } from "node:crypto";
import { and, desc, eq, ne, or, sql } from "drizzle-orm";
import {
  approvalReasonOf,
  type ApprovalAction,
  type ApprovalReason,
  type ApprovalStatus,
} from "../../domain/reward-approvals";
import { allowedNextStatuses, isPipelineStatus } from "../../domain/incentive-pipeline";
import { ACCEPTED_STATUSES, type RewardStep } from "../../domain/rewards";
import type { Database } from "../store/database";
import { facilityLeads, leadTransitions, rewardApprovals } from "../store/schema";
import { recordRewardChange, rewardById, rewardOf } from "./rewards-repository";
import { defaultRecipient } from "../store/reward-recipients";
import { facilityFactsOf } from "./four-eyes-facts";

export type ApprovalRow = typeof rewardApprovals.$inferSelect;

/** What is asked for, before it is ordered or re-sent. */
export interface MoneyRequest {
  leadId: string;
  step: RewardStep;
  action: ApprovalAction;
  /** The address typed (order: optional; resend: the new one). */
  email?: string | undefined;
  rewardId?: string | undefined;
  note?: string | undefined;
  /** Who asks for it (`staff:<e-mail>`): one who verified the role cannot pay it alone (decision 0043). */
  orderedBy?: string | undefined;
}

export interface NeededApproval {
  reason: ApprovalReason;
  recipient: string;
  previous: string | null;
  conflictedActor: string | null;
}

/**
 * The lead's own address: the work e-mail it gave (and confirmed, for an automatic card). The
 * chat's gift-card e-mail is another recipient (decision 0040): a person's decision, with four eyes.
 */
async function leadAddresses(
  db: Database,
  leadId: string,
): Promise<{ addresses: string[]; email: string; status: string } | undefined> {
  const [row] = await db
    .select({ email: facilityLeads.email, status: facilityLeads.pipelineStatus })
    .from(facilityLeads)
    .where(eq(facilityLeads.id, leadId));
  if (!row) return undefined;
  return { addresses: [row.email], email: row.email, status: row.status };
}

/** The last staff member who took each step of a lead (who verified the role, who filled the shift). */
async function lastActorOf(db: Database, leadId: string, to: string): Promise<string | undefined> {
  const [row] = await db
    .select({ actor: leadTransitions.actor })
    .from(leadTransitions)
    .where(and(eq(leadTransitions.leadId, leadId), eq(leadTransitions.toStatus, to)))
    .orderBy(desc(leadTransitions.at))
    .limit(1);
  return row?.actor;
}

/**
 * Whether an order or a re-send must wait for a second admin (domain/reward-approvals.ts), and
 * with which recipients: undefined when it may go on now (or the lead is unknown: the order path answers 404).
 */
export async function approvalNeeded(db: Database, request: MoneyRequest): Promise<NeededApproval | undefined> {
  const lead = await leadAddresses(db, request.leadId);
  const fallback = await defaultRecipient(db, request.leadId);
  if (!lead || !fallback) return undefined;
  const existing = request.rewardId
    ? await rewardById(db, request.rewardId)
    : await rewardOf(db, request.leadId, request.step);
  if (request.action === "resend" && (!existing || existing.leadId !== request.leadId)) return undefined;
  // An order the pipeline refuses, or one already accepted, is answered by the order path (409, or the reward): nothing to approve.
  const status = isPipelineStatus(lead.status) ? lead.status : "new";
  if (
    request.action === "order" &&
    existing?.status !== "ordering" &&
    !allowedNextStatuses(status).includes(request.step)
  )
    return undefined;
  if (request.action === "order" && existing && (ACCEPTED_STATUSES as readonly string[]).includes(existing.status))
    return undefined;
  const previous = existing?.recipientEmail ?? fallback.email;
  const recipient = request.email?.trim() || previous;
  const approved = await db
    .select({ recipient: rewardApprovals.recipientEmail, reason: rewardApprovals.reason })
    .from(rewardApprovals)
    .where(
      and(
        eq(rewardApprovals.leadId, request.leadId),
        eq(rewardApprovals.step, request.step),
        eq(rewardApprovals.status, "approved"),
      ),
    );
  const [verifiedBy, firstShiftBy] = await Promise.all([
    lastActorOf(db, request.leadId, "role_verified"),
    request.step === "bonus_sent" ? lastActorOf(db, request.leadId, "first_shift_filled") : undefined,
  ]);
  const reason = approvalReasonOf({
    step: request.step,
    recipient,
    leadAddresses: lead.addresses,
    approvedAddresses: approved.filter((a) => a.reason === "other_recipient").map((a) => a.recipient),
    verifiedBy,
    firstShiftBy,
    sameVerifierApproved: approved.some((a) => a.reason === "same_verifier"),
    approvedReasons: approved.map((a) => a.reason as ApprovalReason),
    orderedBy: request.orderedBy,
    facility:
      request.action === "order"
        ? await facilityFactsOf(db, { id: request.leadId, email: lead.email }, request.step)
        : undefined,
  });
  // A re-send to the address it already has is not a change of recipient.
  if (!reason || (request.action === "resend" && reason !== "other_recipient")) return undefined;
  return {
    reason,
    recipient,
    previous: previous.toLowerCase() === recipient.toLowerCase() ? null : previous,
    conflictedActor: reason === "same_verifier" ? (verifiedBy ?? null) : null,
  };
}

/**
 * Records a request for approval (or returns the one already pending for this lead and step),
 * with both recipients in the reward's history when the reward exists.
 */
export async function requestApproval(
  db: Database,
  request: MoneyRequest,
  needed: NeededApproval,
  requester: { id: string; email: string },
  webhookUrl: string | undefined,
): Promise<{ approval: ApprovalRow; created: boolean }> {
  return db.transaction(async (tx) => {
    const [pending] = await tx
      .select()
      .from(rewardApprovals)
      .where(
        and(
          eq(rewardApprovals.leadId, request.leadId),
          eq(rewardApprovals.step, request.step),
          eq(rewardApprovals.status, "pending"),
        ),
      )
      .for("update");
    if (pending) return { approval: pending, created: false };
    const [approval] = await tx
      .insert(rewardApprovals)
      .values({
        id: randomUUID(),
        leadId: request.leadId,
        step: request.step,
        action: request.action,
        rewardId: request.rewardId ?? null,
        reason: needed.reason,
        recipientEmail: needed.recipient,
        previousRecipientEmail: needed.previous,
        note: request.note?.trim() ?? "",
        requestedById: requester.id,
        requestedBy: `staff:${requester.email}`,
        conflictedActor: needed.conflictedActor,
      })
      .onConflictDoNothing()
      .returning();
    if (!approval) {
      // A concurrent request for the same reward was recorded first: answer with it.
      const [first] = await tx
        .select()
        .from(rewardApprovals)
        .where(
          and(
            eq(rewardApprovals.leadId, request.leadId),
            eq(rewardApprovals.step, request.step),
            eq(rewardApprovals.status, "pending"),
          ),
        );
      return { approval: first!, created: false };
    }
    const reward = request.rewardId
      ? await rewardById(tx, request.rewardId)
      : await rewardOf(tx, request.leadId, request.step);
    if (reward)
      await recordRewardChange(
        tx,
        reward,
        { actor: approval.requestedBy, kind: "approval_requested", details: changeDetails(approval) },
        { webhookUrl },
      );
    return { approval, created: true };
  });
}

/** What the reward's history, its pipeline event and the security log keep of an approval. */
export const changeDetails = (approval: ApprovalRow): Record<string, string> => ({
  approvalId: approval.id,
  reason: approval.reason,
  recipient: approval.recipientEmail,
  ...(approval.previousRecipientEmail ? { previousRecipient: approval.previousRecipientEmail } : {}),
});

/**
 * Decides a pending approval once: refused (undefined) when it is not pending, or the admin is
 * the one who asked (or, for a bonus one person verified and filled, that person).
 */
export async function decideApproval(
  db: Database,
  id: string,
  decision: {
    status: Exclude<ApprovalStatus, "pending">;
    by: { id: string; email: string };
    note?: string | undefined;
  },
): Promise<ApprovalRow | undefined> {
  const actor = `staff:${decision.by.email}`;
  const [row] = await db
    .update(rewardApprovals)
    .set({
      status: decision.status,
      decidedBy: actor,
      decidedAt: new Date(),
      decisionNote: decision.note?.trim() || null,
    })
    .where(
      and(
        eq(rewardApprovals.id, id),
        eq(rewardApprovals.status, "pending"),
        ne(rewardApprovals.requestedById, decision.by.id),
        or(sql`${rewardApprovals.conflictedActor} is null`, ne(rewardApprovals.conflictedActor, actor)),
      ),
    )
    .returning();
  return row;
}

export async function approvalById(db: Database, id: string): Promise<ApprovalRow | undefined> {
  const [row] = await db.select().from(rewardApprovals).where(eq(rewardApprovals.id, id));
  return row;
}
