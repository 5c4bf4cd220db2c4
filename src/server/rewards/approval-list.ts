import { and, desc, eq, inArray } from "drizzle-orm";
import type { ApprovalAction, ApprovalReason, ApprovalStatus, RewardApprovalView } from "../../domain/reward-approvals";
import { REWARD_AMOUNT_USD, type RewardStep } from "../../domain/rewards";
import type { Database } from "../store/database";
import { facilityLeads, rewardApprovals } from "../store/schema";
import type { ApprovalRow } from "./reward-approvals-repository";

/** What the console shows of one approval (GET /api/staff/approvals, and the 202 of a held order). */
export const approvalView = (row: ApprovalRow, facilityName?: string | null): RewardApprovalView<Date> => ({
  id: row.id,
  leadId: row.leadId,
  step: row.step as RewardStep,
  action: row.action as ApprovalAction,
  reason: row.reason as ApprovalReason,
  amountUsd: REWARD_AMOUNT_USD[row.step as RewardStep],
  recipientEmail: row.recipientEmail,
  previousRecipientEmail: row.previousRecipientEmail,
  note: row.note,
  status: row.status as ApprovalStatus,
  requestedBy: row.requestedBy,
  requestedAt: row.createdAt,
  decidedBy: row.decidedBy,
  decidedAt: row.decidedAt,
  decisionNote: row.decisionNote,
  ...(facilityName === undefined ? {} : { facilityName }),
});

/**
 * Newest first: the pending ones (the console's list), or those of a status, or all (at most
 * 200); `leadId`: one lead's only (its page shows a pending approval of its reward). Each names
 * its lead's facility (the Approvals view's titles).
 */
export async function listApprovals(
  db: Database,
  status: ApprovalStatus | "all",
  leadId?: string,
): Promise<RewardApprovalView<Date>[]> {
  const rows = await db
    .select({ approval: rewardApprovals, facilityName: facilityLeads.facilityName })
    .from(rewardApprovals)
    .leftJoin(facilityLeads, eq(facilityLeads.id, rewardApprovals.leadId))
    .where(
      and(
        status === "all"
          ? inArray(rewardApprovals.status, ["pending", "approved", "declined"])
          : eq(rewardApprovals.status, status),
        leadId ? eq(rewardApprovals.leadId, leadId) : undefined,
      ),
    )
    .orderBy(desc(rewardApprovals.createdAt), desc(rewardApprovals.id))
    .limit(200);
  return rows.map((row) => approvalView(row.approval, row.facilityName));
}
