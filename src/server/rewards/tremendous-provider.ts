import {
  Configuration,
  FraudReviewsApi,
  OrdersApi,
  RewardsApi,
  type CreateOrder200Response,
  type CreateOrderRequest,
  type GetFraudReview200Response,
  type GetOrder200Response,
  type GetReward200Response,
  type ListOrders200Response,
} from "tremendous";
import type { RewardStatus } from "../../domain/rewards";
import { keptReasons } from "../../domain/fraud-review";
import {
  RewardsProviderError,
  type OrderRequest,
  type ProviderFraudReview,
  type ProviderOrder,
  type ProviderReward,
  type RewardsProvider,
} from "./rewards-provider";

interface TremendousOptions {
  apiKey: string;
  apiUrl: string;
  fundingSourceId: string;
  campaignId?: string | undefined;
  productIds?: string[] | undefined;
  /** Each call's limit; past it the call counts as a timeout (the order may exist). */
  timeoutMs: number;
}

/** Order status (older docs: CART for OPEN) → ours. */
export function orderStatusOf(status: string | undefined): RewardStatus {
  switch (status) {
    case "PENDING APPROVAL":
    case "PENDING INTERNAL PAYMENT APPROVAL":
      return "pending_approval";
    case "CANCELED":
      return "canceled";
    case "FAILED":
      return "failed";
    default: // EXECUTED, OPEN, CART, PENDING SETTLEMENT: accepted, not delivered yet
      return "ordered";
  }
}

/** A reward's delivery status → ours (SCHEDULED and PENDING: on its way). */
export function deliveryStatusOf(status: string | undefined): RewardStatus {
  if (status === "SUCCEEDED") return "delivered";
  if (status === "FAILED") return "failed";
  return "ordered";
}

interface Order {
  id: string;
  external_id?: string | null;
  status: string;
  rewards?: { id?: string; delivery?: { status?: string } }[];
}

function providerOrderOf(order: Order): ProviderOrder {
  const reward = order.rewards?.[0];
  const orderStatus = orderStatusOf(order.status);
  // An executed order's reward tells whether it was delivered already.
  const status =
    orderStatus === "ordered" && reward?.delivery?.status ? deliveryStatusOf(reward.delivery.status) : orderStatus;
  return { orderId: order.id, rewardId: reward?.id ?? null, externalId: order.external_id ?? null, status };
}

interface HttpFailure {
  isAxiosError?: boolean;
  code?: string;
  message?: string;
  response?: { status: number; data?: unknown };
}

/** The provider's error body: {errors: {message, payload}}. */
function messageOf(data: unknown): string | undefined {
  if (typeof data !== "object" || data === null) return undefined;
  const errors = (data as { errors?: unknown }).errors;
  if (typeof errors === "object" && errors !== null && typeof (errors as { message?: unknown }).message === "string")
    return (errors as { message: string }).message;
  return undefined;
}

/** The client's failures as ours: what staff are told depends only on the kind and the provider's words. */
export function providerErrorOf(error: unknown): RewardsProviderError {
  const failure = error as HttpFailure;
  if (!failure?.isAxiosError)
    return new RewardsProviderError("unavailable", "the request to the rewards provider failed");
  if (failure.response) {
    const status = failure.response.status;
    const message = messageOf(failure.response.data) ?? `the rewards provider answered ${status}`;
    if (status >= 400 && status < 500 && status !== 429 && status !== 408)
      return new RewardsProviderError("refused", message, status);
    return new RewardsProviderError("unavailable", message, status);
  }
  if (failure.code === "ECONNABORTED" || failure.code === "ETIMEDOUT")
    return new RewardsProviderError("timeout", "the rewards provider did not answer in time");
  // The connection broke after the request was sent: the order may exist, as after a timeout.
  if (failure.code === "ECONNRESET" || failure.code === "ERR_BAD_RESPONSE")
    return new RewardsProviderError("timeout", "the rewards provider's answer was lost");
  return new RewardsProviderError("unavailable", "the rewards provider could not be reached");
}

/**
 * Tremendous through its official Node client (`tremendous` 4.12, OpenAPI-generated over axios):
 * the base URL, the key and a per-call timeout are set on its Configuration.
 */
export class TremendousProvider implements RewardsProvider {
  readonly name = "tremendous";
  private readonly orders: OrdersApi;
  private readonly rewards: RewardsApi;
  private readonly fraudReviews: FraudReviewsApi;

  constructor(private readonly options: TremendousOptions) {
    const configuration = new Configuration({
      basePath: options.apiUrl.replace(/\/$/, ""),
      accessToken: options.apiKey,
      baseOptions: { timeout: options.timeoutMs },
    });
    this.orders = new OrdersApi(configuration);
    this.rewards = new RewardsApi(configuration);
    this.fraudReviews = new FraudReviewsApi(configuration);
  }

  private async call<T>(request: () => Promise<{ data: T }>): Promise<T> {
    try {
      return (await request()).data;
    } catch (error) {
      throw providerErrorOf(error);
    }
  }

  async createOrder(input: OrderRequest): Promise<ProviderOrder> {
    const body: CreateOrderRequest = {
      external_id: input.externalId,
      payment: { funding_source_id: this.options.fundingSourceId },
      reward: {
        ...(this.options.campaignId
          ? { campaign_id: this.options.campaignId }
          : { products: this.options.productIds ?? [] }),
        value: { denomination: input.amountUsd, currency_code: "USD" },
        recipient: { name: input.recipient.name, email: input.recipient.email },
        delivery: { method: "EMAIL" },
      },
    };
    const data = await this.call<CreateOrder200Response>(() => this.orders.createOrder(body));
    return providerOrderOf(data.order as Order);
  }

  async findOrder(externalId: string): Promise<ProviderOrder | undefined> {
    const data = await this.call<ListOrders200Response>(() => this.orders.listOrders(undefined, undefined, externalId));
    const order = (data.orders as Order[]).find((o) => o.external_id === externalId);
    if (!order) return undefined;
    // The list leaves out the rewards: the order itself has them.
    return order.rewards?.length ? providerOrderOf(order) : this.getOrder(order.id);
  }

  async getOrder(orderId: string): Promise<ProviderOrder> {
    const data = await this.call<GetOrder200Response>(() => this.orders.getOrder(orderId));
    return providerOrderOf(data.order as Order);
  }

  async getReward(rewardId: string): Promise<ProviderReward | undefined> {
    try {
      const data = await this.call<GetReward200Response>(() => this.rewards.getReward(rewardId));
      const reward = data.reward as { id?: string; order_id?: string; delivery?: { status?: string } };
      return {
        rewardId: reward.id ?? rewardId,
        orderId: reward.order_id ?? null,
        status: deliveryStatusOf(reward.delivery?.status),
      };
    } catch (error) {
      if (error instanceof RewardsProviderError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  async resend(rewardId: string, email?: string): Promise<void> {
    await this.call(() => this.rewards.resendReward(rewardId, email ? { updated_email: email } : {}));
  }

  async getFraudReview(rewardId: string): Promise<ProviderFraudReview | undefined> {
    try {
      return fraudReviewOf(
        await this.call<GetFraudReview200Response>(() => this.fraudReviews.getFraudReview(rewardId)),
      );
    } catch (error) {
      if (error instanceof RewardsProviderError && error.statusCode === 404) return undefined;
      throw error;
    }
  }

  async decideFraudReview(rewardId: string, decision: "release" | "block"): Promise<ProviderFraudReview> {
    const data = await this.call<GetFraudReview200Response>(() =>
      decision === "release"
        ? this.fraudReviews.releaseFraudReview(rewardId)
        : this.fraudReviews.blockFraudReview(rewardId),
    );
    return fraudReviewOf(data);
  }
}

/** `{fraud_review: {status, reasons}}` → ours (a status it does not name counts as still flagged). */
function fraudReviewOf(data: GetFraudReview200Response): ProviderFraudReview {
  const review = data.fraud_review as { status?: string; reasons?: unknown };
  const status = review.status === "released" || review.status === "blocked" ? review.status : "flagged";
  return { status, reasons: keptReasons(review.reasons) };
}
