import type { RewardStatus, RewardStep } from "../../domain/rewards";

/** The console's words for rewards ordered from the rewards provider (decision 0017). */
export const REWARD_COPY = {
  button: { gift_card_sent: "Send the $50 card", bonus_sent: "Send the $250 bonus" } satisfies Record<
    RewardStep,
    string
  >,
  what: { gift_card_sent: "$50 Visa gift card", bonus_sent: "$250 bonus" } satisfies Record<RewardStep, string>,
  recipient: "Recipient's e-mail",
  recipientHint:
    "The lead's work e-mail. Another address (such as the gift-card e-mail from the chat) waits for a second admin.",
  amount: "Amount",
  note: "Note",
  review: "Review the order",
  emailInvalid: "Enter a valid e-mail address.",
  confirmHeading: "Confirm the order",
  confirmText: (what: string, name: string, email: string) =>
    `Order the ${what} for ${name}, e-mailed to ${email}? It is paid from the rewards account.`,
  confirm: "Order it",
  ordering: "Ordering…",
  cancel: "Cancel",
  ordered: "Ordered. The order is in the timeline and under Rewards.",
  heading: "Rewards",
  none: "No reward ordered yet.",
  fields: {
    status: "Status",
    orderId: "Order id",
    rewardId: "Reward id",
    recipient: "Sent to",
    lastError: "Last problem",
    requestedAt: "Ordered at",
    orderedBy: "Ordered by",
  },
  status: {
    ordering: "Ordering: not confirmed by the provider yet (send again to complete it)",
    ordered: "Ordered",
    pending_approval: "Pending approval at the provider",
    delivered: "Delivered",
    failed: "Delivery failed",
    canceled: "Canceled",
    refused: "Refused by the provider",
  } satisfies Record<RewardStatus, string>,
  timeline: "Card orders and deliveries",
  change: {
    ordered: "Ordered",
    refused: "Refused",
    status: "Status changed",
    resent: "Sent again",
    approval_requested: "Waiting for a second admin's approval",
    approved: "Approved by a second admin",
    declined: "Declined by a second admin",
    flagged: "Flagged by the provider for a fraud review",
    released: "Released after the fraud review",
    blocked: "Blocked after the fraud review",
  } as Record<string, string>,
  resendEmail: "Corrected e-mail",
  resendHint: "Leave as it is to send to the same address again.",
  resend: "Send again",
  resending: "Sending…",
  resent: "Sent again. Its delivery is tracked here.",
  /** Four eyes on money (decision 0028): an order or a re-send held for a second admin. */
  waiting: "Waiting for a second admin's approval. Nothing is ordered until an admin approves it.",
  toApprovals: "See it under Approvals",
  pendingHere: (what: string, email: string, who: string) =>
    `Waiting for a second admin's approval: the ${what} to ${email}, asked by ${who}.`,
  month: {
    heading: "Rewards this month",
    summary: (month: string, spent: number, count: number) =>
      `${month}: $${spent.toLocaleString("en-US")} in ${count} ${count === 1 ? "order" : "orders"}.`,
    limit: (limit: number, spent: number) =>
      `Monthly limit $${limit.toLocaleString("en-US")}: $${Math.max(0, limit - spent).toLocaleString("en-US")} left.`,
    noLimit: "No monthly limit is set (REWARDS_MONTHLY_LIMIT_USD).",
    off: "Rewards are not ordered from a provider here.",
  },
} as const;

/** The Approvals view (/staff/approvals): what each held order asks, in words, and an admin's decision. */
export const APPROVAL_COPY = {
  heading: "Approvals",
  intro:
    "Money to an address other than the lead's work address, a changed recipient, or a bonus whose role and first shift one person marked waits here for a second admin. The one who asked cannot decide.",
  pendingHeading: "Waiting for a decision",
  decidedHeading: "Decided",
  noPending: "Nothing is waiting for approval.",
  noDecided: "No approval decided yet.",
  /** The title: what, for whose lead, to which address (the amount once: it is in `what`). */
  asks: (
    action: "order" | "resend" | "fraud_release",
    what: string,
    facility: string | null | undefined,
    email: string,
  ) => {
    const lead = facility ? `${facility}'s lead` : "a lead";
    if (action === "fraud_release")
      return `Release the ${what} for ${lead} that the provider flagged, e-mailed to ${email}`;
    return action === "resend"
      ? `The ${what} for ${lead}, sent again to ${email}`
      : `The ${what} for ${lead}, e-mailed to ${email}`;
  },
  previous: (email: string) => `Instead of ${email}.`,
  /** Where the recipient came from, when known (it decides whether the address is the lead's). */
  origin: (words: string) => `The recipient is ${words}.`,
  reason: {
    other_recipient: "The address is not the lead's work address.",
    same_verifier: "The same person verified the role and marked the first shift, or asks to pay it.",
    free_mail: "The lead's e-mail is at a free-mail provider: nothing ties it to the facility.",
    no_registry_match: "No registry matched the lead's facility.",
    facility_paid: "The facility was already paid this year through another lead.",
    provider_flagged: "The rewards provider flagged this card for fraud review.",
  } as Record<string, string>,
  unknownReason: "A second admin must approve it.",
  askedBy: (who: string, when: string) => `Asked by ${who} on ${when}.`,
  note: (note: string) => `Their note: ${note}`,
  openLead: "Open the lead",
  openLeadLabel: (email: string) => `Open the lead of the request to ${email}`,
  decisionNote: "Note on your decision",
  approve: "Approve",
  decline: "Decline",
  approving: "Approving…",
  declining: "Declining…",
  approved: (email: string) => `Approved: the order to ${email} is sent to the rewards provider.`,
  declined: (email: string) => `Declined: nothing is ordered for ${email}.`,
  adminsOnly: "Only an admin who did not ask can approve or decline these.",
  decision: { approved: "Approved", declined: "Declined" } as Record<string, string>,
  decidedBy: (decision: string, who: string, when: string) => `${decision} by ${who} on ${when}.`,
  decisionNoteShown: (note: string) => `Decision note: ${note}`,
  countLabel: (count: number) => `${count} waiting`,
} as const;

/** An approval's trace on the lead's page (under Rewards and in its timeline). */
export const APPROVAL_TRACE_COPY = {
  declinedHeading: "Declined by a second admin",
  declined: (what: string, email: string, who: string, when: string) =>
    `Declined by ${who} on ${when}: the ${what} to ${email}. Nothing was ordered.`,
  note: (note: string) => `Their note: “${note}”`,
  noNote: "No note was given.",
  timeline: "Approvals",
  what: (what: string, email: string) => `the ${what} to ${email}`,
  asked: (what: string) => `Asked a second admin to approve ${what}`,
  approvedEntry: (what: string) => `Approved: ${what}`,
  declinedEntry: (what: string) => `Declined: ${what}`,
} as const;
