/** TEST SUPPORT: the Tremendous stand-in's orders and rewards, and what its reference requires of a new order. */

interface StandInReward {
  id: string;
  order_id: string;
  created_at: string;
  value: { denomination: number; currency_code: string };
  recipient: { name: string; email: string };
  delivery: { method: string; status: "SCHEDULED" | "PENDING" | "SUCCEEDED" | "FAILED" };
}

export interface StandInOrder {
  id: string;
  external_id: string | null;
  campaign_id: string | null;
  created_at: string;
  status: string;
  payment: { subtotal: number; total: number; fees: number };
  rewards: StandInReward[];
}

export interface OrderBody {
  external_id?: string;
  payment?: { funding_source_id?: string };
  reward?: {
    campaign_id?: string;
    products?: string[];
    value?: { denomination?: number; currency_code?: string };
    recipient?: { name?: string; email?: string };
    delivery?: { method?: string };
  };
}

/** What the reference requires of a single-reward order; the first problem in its words. */
export function orderProblem(body: OrderBody): string | undefined {
  if (!body.payment?.funding_source_id) return "payment.funding_source_id is missing";
  const reward = body.reward;
  if (!reward) return "reward is missing";
  if (!reward.campaign_id && !reward.products?.length) return "Either campaign_id or products must be specified";
  if (typeof reward.value?.denomination !== "number" || reward.value.denomination <= 0)
    return "reward.value.denomination must be a positive number";
  if (!reward.recipient?.name) return "reward.recipient.name is missing";
  if (!reward.recipient.email || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(reward.recipient.email))
    return "Recipient email is invalid";
  return undefined;
}
