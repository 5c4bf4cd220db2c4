import type { RewardStatus, RewardStep } from "../../domain/rewards";

/** The console's words for rewards ordered from the rewards provider (issue 21). */
export const REWARD_COPY = {
  button: { gift_card_sent: "Send the $50 card", bonus_sent: "Send the $250 bonus" } satisfies Record<
    RewardStep,
    string
  >,
  what: { gift_card_sent: "$50 Visa gift card", bonus_sent: "$250 bonus" } satisfies Record<RewardStep, string>,
  recipient: "Recipient's e-mail",
  recipientHint: "The gift-card e-mail the lead gave in the chat, else the lead's e-mail. Correct it if needed.",
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
    flagged: "Flagged by the provider for a fraud review",
    released: "Released after the fraud review",
    blocked: "Blocked after the fraud review",
  } as Record<string, string>,
  resendEmail: "Corrected e-mail",
  resendHint: "Leave as it is to send to the same address again.",
  resend: "Send again",
  resending: "Sending…",
  resent: "Sent again. Its delivery is tracked here.",
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
