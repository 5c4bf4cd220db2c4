import { and, desc, eq, inArray } from "drizzle-orm";
import type { ApprovalAction, ApprovalReason, ApprovalStatus, RewardApprovalView } from "../../domain/reward-approvals";
import { REWARD_AMOUNT_USD, type RewardStep } from "../../domain/rewards";
import type { Database } from "../store/database";
import { chatQualifications, facilityLeads, rewardApprovals } from "../store/schema";
import { giftCardAddresses } from "../store/reward-recipients";
import { recipientOrigin, type RecipientOrigin } from "../../domain/recipient-origin";
import type { ApprovalRow } from "./reward-approvals-repository";

/** What the console shows of one approval (GET /api/staff/approvals, and the 202 of a held order). */
export const approvalView = (
  row: ApprovalRow,
  facilityName?: string | null,
  recipientOrigin?: RecipientOrigin,
): RewardApprovalView<Date> => ({
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
  ...(recipientOrigin ? { recipientOrigin } : {}),
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
    .select({
      approval: rewardApprovals,
      facilityName: facilityLeads.facilityName,
      leadEmail: facilityLeads.email,
      giftCardEmails: chatQualifications.giftCardEmails,
      answers: chatQualifications.answers,
    })
    .from(rewardApprovals)
    .leftJoin(facilityLeads, eq(facilityLeads.id, rewardApprovals.leadId))
    .leftJoin(chatQualifications, eq(chatQualifications.leadId, rewardApprovals.leadId))
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
  // Where each recipient came from, so the view describes it truthfully.
  return rows.map((row) =>
    approvalView(
      row.approval,
      row.facilityName,
      recipientOrigin(row.approval.recipientEmail, {
        email: row.leadEmail ?? "",
        giftCardEmails: giftCardAddresses(row),
      }),
    ),
  );
}
