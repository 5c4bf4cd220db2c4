import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import type { Store } from "../store/database";
import { RewardOrders } from "./reward-orders";
import { orderingRewards } from "./rewards-repository";
import { tremendousWebhookRoutes } from "./reward-routes";
import { TremendousProvider } from "./tremendous-provider";

declare module "fastify" {
  interface FastifyInstance {
    /** The reward orders, when a rewards provider is configured (REWARDS_PROVIDER). */
    rewards: RewardOrders | undefined;
  }
}

/** How often orders left "ordering" (a lost answer, another process's crash) are looked for. */
const SWEEP_MS = 60_000;

/**
 * The rewards provider from the config (none: staff type the card's reference, as before), its
 * webhook route, and the sweep that completes orders whose answer was lost: at start (the
 * embedded database's only process: every "ordering" row is an orphan) and every minute after.
 */
export async function setUpRewards(app: FastifyInstance, config: Config, store: Store): Promise<void> {
  if (config.REWARDS_PROVIDER !== "tremendous") {
    app.decorate("rewards", undefined);
    return;
  }
  const provider = new TremendousProvider({
    apiKey: config.TREMENDOUS_API_KEY!,
    apiUrl: config.TREMENDOUS_API_URL,
    fundingSourceId: config.TREMENDOUS_FUNDING_SOURCE_ID,
    campaignId: config.TREMENDOUS_CAMPAIGN_ID,
    productIds: config.TREMENDOUS_PRODUCT_IDS,
    timeoutMs: config.TREMENDOUS_TIMEOUT_MS,
  });
  const orders = new RewardOrders({
    db: store.db,
    provider,
    log: app.log,
    monthlyLimitUsd: config.REWARDS_MONTHLY_LIMIT_USD,
    webhookUrl: config.PIPELINE_WEBHOOK_URL,
    mail: app.mail,
    leaseMs: config.TREMENDOUS_TIMEOUT_MS * 2 + 5_000,
    crashAfterOrder: config.REWARDS_TEST_CRASH_AFTER_ORDER,
    onQueued: () => app.outbox?.wake(),
  });
  app.decorate("rewards", orders);
  await app.register(tremendousWebhookRoutes, { key: config.TREMENDOUS_WEBHOOK_KEY! });

  let timer: NodeJS.Timeout | undefined;
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = (ignoreLeases: boolean) => {
    sweeping = orderingRewards(store.db, { ignoreLeases })
      .then((rows) => orders.recover(rows))
      .then(
        (completed) => completed > 0 && app.log.info({ completed }, "rewards: orders whose answer was lost recorded"),
      )
      .catch((error: unknown) => app.log.warn({ err: error }, "rewards: recovery sweep failed"));
    return sweeping;
  };
  app.addHook("onReady", async () => {
    void sweep(store.kind === "pglite");
    timer = setInterval(() => void sweep(false), SWEEP_MS);
    timer.unref();
  });
  app.addHook("onClose", async () => {
    clearInterval(timer);
    await sweeping;
  });
}
