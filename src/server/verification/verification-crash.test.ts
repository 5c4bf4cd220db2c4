import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { openStore, type Store } from "../store/database";
import { recordQualifiedBy, transitionsOf } from "../store/lead-pipeline-repository";
import { STORE_KINDS, createTestApp, createTestStore } from "../test-support/test-helpers";
import { startTremendousStandIn } from "../test-support/tremendous-stand-in";
import { seedLead, startRegistryStandIns } from "../test-support/verification-harness";
import { SUNRISE_LEAD, TREMENDOUS_TEST_KEY, autoVerifyConfig, eventually } from "../test-support/auto-verify-harness";

const root = fileURLToPath(new URL("../../..", import.meta.url));

/**
 * A server process verifies a lead, orders its card, and dies (SIGKILL) between the provider's
 * answer and our write; a new process takes over (after the dead one's leases ran out): the
 * order is found by its external id and recorded once. Exactly one order at the provider.
 */
describe.each(STORE_KINDS)("the runner's process killed right after the order (%s)", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  it("orders once and records the steps once after a restart", { timeout: 90_000 }, async () => {
    const tremendous = await startTremendousStandIn({ apiKey: TREMENDOUS_TEST_KEY });
    cleanups.push(() => tremendous.close());
    const standIns = await startRegistryStandIns({ holdMs: 2000 });
    cleanups.push(() => standIns.close());
    const config = autoVerifyConfig(standIns, tremendous);
    let env: Record<string, string>;
    let reopen: () => Promise<Store>;
    let seed: Store;
    if (kind === "postgres") {
      const store = await createTestStore("postgres");
      cleanups.push(() => store.destroy());
      seed = store;
      env = { DATABASE_URL: store.databaseUrl! };
      reopen = async () => store;
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-verification-crash-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      seed = await openStore({ dataDir });
      env = { DATA_DIR: dataDir };
      reopen = async () => {
        const store = await openStore({ dataDir });
        cleanups.push(() => store.close());
        return store;
      };
    }
    const leadId = await seedLead(seed.db, SUNRISE_LEAD);
    await recordQualifiedBy(seed.db, leadId, "chat");
    if (kind === "pglite") await seed.close();

    const child = spawn(process.execPath, ["--import", "tsx", "src/server/test-support/verification-crash-child.ts"], {
      cwd: root,
      env: {
        PATH: process.env.PATH ?? "",
        HOME: process.env.HOME ?? "",
        BUILD_DIR: "/nonexistent-build",
        LOG_LEVEL: "warn",
        ...Object.fromEntries(Object.entries(config).map(([key, value]) => [key, String(value)])),
        ...env,
        // Auto-pay's requirements (the child sends no mail: its outbox is off).
        WORK_EMAIL_CODE_KEY: "09".repeat(32),
        SMTP_URL: "smtp://127.0.0.1:2",
        SITE_URL: "https://staffing.example",
        REWARDS_TEST_CRASH_AFTER_ORDER: "1",
      },
      stdio: ["ignore", "pipe", "pipe"],
    });
    let output = "";
    child.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on("data", (chunk: Buffer) => (output += chunk.toString()));
    const signal = await new Promise((resolve) => child.once("exit", (_code, s) => resolve(s)));
    expect(signal, output).toBe("SIGKILL");
    expect(tremendous.orders).toHaveLength(1); // the provider took the order; we never wrote its answer

    const store = await reopen();
    // Time passes: the dead process's leases (its verification's and its order's) run out.
    await store.db.execute(sql`update verification_leases set until = now() - interval '1 second'`);
    await store.db.execute(sql`update rewards set lease_until = now() - interval '1 second'`);
    const app = await createTestApp(store, config, {
      outbox: false,
      verification: { workAddressConfirmedAt: async () => new Date() },
    });
    cleanups.push(() => app.close());
    await app.ready();
    const steps = await eventually(
      async () => (await transitionsOf(store.db, leadId)).map((t) => t.toStatus),
      (s) => s.includes("gift_card_sent"),
      20_000,
    );
    await app.verification!.idle();
    expect(steps).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    expect(await transitionsOf(store.db, leadId)).toHaveLength(3);
    expect(tremendous.orders).toHaveLength(1);
    expect(tremendous.createCalls()).toBe(1);
  });
});
