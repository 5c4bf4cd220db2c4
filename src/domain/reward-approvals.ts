import { z } from "zod";
import type { RewardStep } from "./rewards";
import type { RecipientOrigin } from "./recipient-origin";

/**
 * Four eyes on money (docs/decisions/0026): which reward orders and re-sends wait for
 * a second account's approval before anything is ordered. Pure rules; the server
 * (src/server/rewards/reward-approvals.ts) stores the approvals and orders once approved.
 */

/**
 * Why an order waits: money to an address the lead did not give; one person verified the role and
 * orders it (or filled the shift); a lead whose facility no one can vouch for (a free-mail
 * address, no registry match) or whose facility was already paid this year (decision 0043); or the
 * provider flagged it.
 */
export type ApprovalReason =
  "other_recipient" | "same_verifier" | "free_mail" | "no_registry_match" | "facility_paid" | "provider_flagged";

/** What is approved: a first order (or a retry after a refusal), a re-send to another address, or the release of a card the provider flagged (decision 0040). */
export type ApprovalAction = "order" | "resend" | "fraud_release";
export type ApprovalStatus = "pending" | "approved" | "declined";

export interface ApprovalCheck {
  step: RewardStep;
  /** The address the money would go to. */
  recipient: string;
  /** The lead's own e-mail and the gift-card e-mail it gave in the chat (when any). */
  leadAddresses: readonly string[];
  /** Addresses a second admin already approved for this lead and step. */
  approvedAddresses: readonly string[];
  /** The staff actor who verified the role and who marked the first shift (bonus only). */
  verifiedBy?: string | undefined;
  firstShiftBy?: string | undefined;
  /** Whether a "same_verifier" approval was already given for this lead's bonus. */
  sameVerifierApproved?: boolean;
  /** Who orders it (`staff:<e-mail>`), and what is known of the lead's facility (decision 0043). */
  orderedBy?: string | undefined;
  facility?: FacilityFacts | undefined;
  /** Reasons a second admin already approved for this lead and step. */
  approvedReasons?: readonly ApprovalReason[];
}

/** What a card's facility is known by: the lead's address, the registries, the cards already paid. */
export interface FacilityFacts {
  /** The lead's e-mail is at a free-mail or disposable provider. */
  freeMail: boolean;
  /** A registry (NPPES, CMS) matched the lead's facility. */
  registryMatch: boolean;
  /** Another lead of the same registry facility had this step paid in the last 365 days. */
  paidThisYear: boolean;
}

/**
 * Four eyes on every card one person could fake (decision 0043): the reasons an order by staff waits
 * for a second admin even to the lead's own address. Its own rule, apart from the recipient's.
 */
export function fourEyesReasonsOf(check: {
  step: RewardStep;
  orderedBy?: string | undefined;
  verifiedBy?: string | undefined;
  firstShiftBy?: string | undefined;
  facility?: FacilityFacts | undefined;
}): ApprovalReason[] {
  const byStaff = check.verifiedBy?.startsWith("staff:") === true;
  const oneHand =
    byStaff &&
    (check.verifiedBy === check.orderedBy || (check.step === "bonus_sent" && check.verifiedBy === check.firstShiftBy));
  const facility = check.facility;
  return [
    ...(oneHand ? (["same_verifier"] as const) : []),
    ...(facility?.freeMail ? (["free_mail"] as const) : []),
    ...(facility && !facility.registryMatch ? (["no_registry_match"] as const) : []),
    ...(facility?.paidThisYear ? (["facility_paid"] as const) : []),
  ];
}

const same = (a: string) => (b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The reason an order must wait for a second account, or undefined when it may go on at once. */
export function approvalReasonOf(check: ApprovalCheck): ApprovalReason | undefined {
  const known = [...check.leadAddresses, ...check.approvedAddresses];
  if (!known.some(same(check.recipient))) return "other_recipient";
  const approved = new Set<ApprovalReason>(check.approvedReasons ?? []);
  if (check.sameVerifierApproved) approved.add("same_verifier");
  return fourEyesReasonsOf(check).find((reason) => !approved.has(reason));
}

/** An admin's decision: an optional note, kept in the reward's history and the security log. */
export const ApprovalDecisionSchema = z.strictObject({
  note: z.string().trim().max(500, "Keep the note under 500 characters.").optional(),
});

/** The list's filter: pending (the default) or every approval, newest first; optionally one lead's. */
export const ApprovalListQuerySchema = z.object({
  status: z
    .enum(["pending", "approved", "declined", "all"], "Choose pending, approved, declined or all.")
    .default("pending"),
  leadId: z.uuid("Give a lead's id.").optional(),
});

export const APPROVAL_MESSAGES = {
  notFound: "No approval with this id.",
  notPending: "This approval was already decided.",
  ownRequest: "A second admin must approve this: you asked for it (or verified this lead and filled its shift).",
  secondFactor: "Ordering money needs a second factor: set one up on the Security page first.",
  waiting: "A second admin must approve this before anything is ordered: it is listed under Approvals.",
} as const;

/** What the console's approval list shows (GET /api/staff/approvals): one per request. */
export interface RewardApprovalView<D = string> {
  id: string;
  leadId: string;
  step: RewardStep;
  action: ApprovalAction;
  reason: ApprovalReason;
  amountUsd: number;
  recipientEmail: string;
  previousRecipientEmail: string | null;
  note: string;
  status: ApprovalStatus;
  requestedBy: string;
  requestedAt: D;
  decidedBy: string | null;
  decidedAt: D | null;
  decisionNote: string | null;
  /** The lead's facility, in the list (the view's title names it); absent in a held order's answer. */
  facilityName?: string | null;
  /** Where the recipient address came from (in the list; absent in a held order's answer). */
  recipientOrigin?: RecipientOrigin;
}
