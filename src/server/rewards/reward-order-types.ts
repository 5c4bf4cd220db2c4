import type { FastifyBaseLogger } from "fastify";
import type { PipelineActor } from "../../domain/incentive-pipeline";
import type { RewardStep } from "../../domain/rewards";
import type { MailSettings } from "../mail";
import type { Database } from "../store/database";
import type { RewardsProvider } from "./rewards-provider";
import type { RewardRow } from "./rewards-repository";

/** The shapes the reward orders' steps share (claim, call, complete, recover: reward-order-*.ts). */

export interface RewardOrdersOptions {
  db: Database;
  provider: RewardsProvider;
  log: FastifyBaseLogger;
  /** REWARDS_MONTHLY_LIMIT_USD */
  monthlyLimitUsd?: number | undefined;
  /** PIPELINE_WEBHOOK_URL */
  webhookUrl?: string | undefined;
  /** When e-mail is on: the lead hears that the card is on its way (decision 0023). */
  mail?: MailSettings | undefined;
  /** How long one caller holds an order while it talks to the provider (the provider's timeout and a margin). */
  leaseMs: number;
  /** Tests only (REWARDS_TEST_CRASH_AFTER_ORDER): die between the provider's answer and our write. */
  crashAfterOrder?: boolean;
  /** Called after events were queued (the outbox sends them). */
  onQueued?: () => void;
}

export interface OrderInput {
  leadId: string;
  step: RewardStep;
  actor: PipelineActor;
  /** The recipient's e-mail as staff confirmed it; the default recipient when left out. */
  email?: string | undefined;
  note?: string | undefined;
  /** A second admin's approval (decision 0028): recorded in the reward's history when this order creates the reward. */
  approval?: { by: string; details: Record<string, string> } | undefined;
}

export type OrderOutcome =
  | { ok: true; reward: RewardRow }
  | { ok: false; status: 404 | 409 | 422 | 502 | 504; error: string; reward?: RewardRow };

export type Claim =
  | { kind: "call"; reward: RewardRow; lookUpFirst: boolean }
  | { kind: "done"; reward: RewardRow }
  | { kind: "busy"; until: Date }
  | { kind: "refused"; outcome: OrderOutcome };

/** The orders' settings and this process's lease owner id, passed to each step. */
export interface RewardOrdersContext {
  readonly options: RewardOrdersOptions;
  readonly owner: string;
}
