import { startTremendousStandIn } from "../src/server/test-support/tremendous-stand-in";

/**
 * TEST SUPPORT: `npm run rewards:stand-in` runs the Tremendous stand-in for `npm run dev`.
 * Point the product at it with REWARDS_PROVIDER=tremendous, TREMENDOUS_API_URL=<printed URL>,
 * TREMENDOUS_API_KEY=stand-in-key, TREMENDOUS_CAMPAIGN_ID=stand-in, TREMENDOUS_WEBHOOK_KEY=<below>.
 * STAND_IN_PORT (4010), STAND_IN_WEBHOOK_URL (the dev server's webhook), STAND_IN_WEBHOOK_KEY and
 * STAND_IN_AUTO_DELIVER_MS (each card "delivered" that long after its order; -1 for never).
 */
const port = Number(process.env.STAND_IN_PORT ?? 4010);
const webhookKey = process.env.STAND_IN_WEBHOOK_KEY ?? "stand-in-webhook-key-0123456789";
const webhookUrl = process.env.STAND_IN_WEBHOOK_URL ?? "http://127.0.0.1:3000/api/rewards/tremendous/webhook";
const autoDeliver = Number(process.env.STAND_IN_AUTO_DELIVER_MS ?? 5000);

const standIn = await startTremendousStandIn({
  port,
  webhookUrl,
  webhookKey,
  ...(autoDeliver >= 0 ? { autoDeliverMs: autoDeliver } : {}),
});
console.log(`Tremendous stand-in at ${standIn.url} (webhooks to ${webhookUrl}, key ${webhookKey})`);
console.log(
  "Controls: POST /__stand-in/fail {kind: status|timeout-after-create|pending-approval}, POST /__stand-in/deliver {rewardId, outcome}, GET /__stand-in/orders",
);
const stop = () => void standIn.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
