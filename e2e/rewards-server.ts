import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  startTremendousStandIn,
  type StandInOptions,
  type TremendousStandIn,
} from "../src/server/test-support/tremendous-stand-in";
import { startServer, type RunningServer } from "./server";
import { staffCli } from "./staff-helpers";

const REWARDS_WEBHOOK_KEY = "e2e-webhook-key-0123456789abcdef";

/**
 * A production server ordering from the Tremendous stand-in (a real HTTP server on 127.0.0.1,
 * its signed webhooks sent back to the server), with the given staff accounts added by the CLI.
 */
export async function startRewardsServer(options: {
  accounts: { email: string; admin?: boolean }[];
  password: string;
  fourEyes: boolean;
}): Promise<{ server: RunningServer; standIn: TremendousStandIn; stop: () => Promise<void> }> {
  const standInOptions: StandInOptions = { apiKey: "e2e-key", webhookKey: REWARDS_WEBHOOK_KEY };
  const standIn = await startTremendousStandIn(standInOptions);
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-rewards-"));
  for (const account of options.accounts)
    await staffCli(dataDir, ["add", account.email, ...(account.admin ? ["--admin"] : [])], options.password);
  const server = await startServer({
    DATA_DIR: dataDir,
    REWARDS_PROVIDER: "tremendous",
    TREMENDOUS_API_KEY: "e2e-key",
    TREMENDOUS_API_URL: standIn.url,
    TREMENDOUS_CAMPAIGN_ID: "E2ECAMPAIGN",
    TREMENDOUS_WEBHOOK_KEY: REWARDS_WEBHOOK_KEY,
    REWARDS_FOUR_EYES: options.fourEyes ? "true" : "false",
    // With four eyes, ordering money needs a second factor (decision 0043): every account sets one up.
    ...(options.fourEyes ? { STAFF_REQUIRE_SECOND_FACTOR: "true" } : {}),
  });
  standInOptions.webhookUrl = `${server.baseURL}/api/rewards/tremendous/webhook`;
  return {
    server,
    standIn,
    stop: async () => {
      await server.stop();
      await standIn.close();
    },
  };
}
