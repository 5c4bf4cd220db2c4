import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { STAFF_PASSWORD, addAccount } from "../test-support/staff-test-helpers";
import { openStore } from "../store/database";
import { STORE_KINDS, createTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { killServer, startServerProcess, type ServerProcess } from "../test-support/test-server-process";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";

/**
 * The server killed between the provider's answer and our write (the test-only
 * REWARDS_TEST_CRASH_AFTER_ORDER makes it SIGKILL itself there), then restarted: the order is
 * found by its external id and the step recorded, once. PGlite: by the start-up sweep;
 * PostgreSQL (another process could hold the order): by staff's retry once the lease ran out.
 */
describe.each(STORE_KINDS)("a crash between the provider's answer and our write, on %s", (kind) => {
  const cleanups: (() => Promise<void> | void)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
  });

  const http = (server: ServerProcess, cookie: string, csrf: string) => async (path: string, body?: object) => {
    const response = await fetch(`${server.baseUrl}${path}`, {
      method: body ? "POST" : "GET",
      headers: {
        cookie,
        "x-staff-console": "1",
        ...(body ? { "content-type": "application/json", "x-csrf-token": csrf } : {}),
      },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
    return { status: response.status, json: (await response.json()) as Record<string, unknown> };
  };

  const signIn = async (server: ServerProcess) => {
    const response = await fetch(`${server.baseUrl}/api/staff/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email: "worker@provider.example", password: STAFF_PASSWORD }),
    });
    expect(response.status).toBe(200);
    const cookie = response.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    return http(server, cookie, ((await response.json()) as { csrfToken: string }).csrfToken);
  };

  it("orders once and records the step once after a restart", { timeout: 120_000 }, async () => {
    const standIn: TremendousStandIn = await startTremendousStandIn({ apiKey: "crash-key" });
    cleanups.push(() => standIn.close());
    let env: Record<string, string>;
    let store: TestStore | undefined;
    if (kind === "postgres") {
      // Its own store, not useTestStore: the server processes this test kills and restarts hold it, not the test.
      store = await createTestStore("postgres");
      cleanups.push(() => store!.destroy());
      await addAccount(store.db, "worker@provider.example");
      env = { DATABASE_URL: store.databaseUrl! };
    } else {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-rewards-crash-"));
      cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
      const seed = await openStore({ dataDir });
      await addAccount(seed.db, "worker@provider.example");
      await seed.close();
      env = { DATA_DIR: dataDir };
    }
    env = {
      ...env,
      REWARDS_PROVIDER: "tremendous",
      TREMENDOUS_API_KEY: "crash-key",
      TREMENDOUS_API_URL: standIn.url,
      TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
      TREMENDOUS_WEBHOOK_KEY: "crash-webhook-key-0123456789",
      TREMENDOUS_TIMEOUT_MS: "1000",
      // The crash, not the second admin, is under test: one worker orders the card it verified.
      REWARDS_FOUR_EYES: "false",
      LOG_LEVEL: "warn",
    };

    const first = await startServerProcess({ ...env, REWARDS_TEST_CRASH_AFTER_ORDER: "1" });
    cleanups.push(() => killServer(first));
    const api = await signIn(first);
    const posted = await fetch(`${first.baseUrl}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(homepageLead()),
    });
    expect(posted.status).toBe(201);
    const leadId = ((await posted.json()) as { id: string }).id;
    expect(
      (
        await api(`/api/staff/leads/${leadId}/steps`, {
          to: "role_verified",
          method: "work_email",
          note: "Work e-mail answered",
        })
      ).status,
    ).toBe(201);
    const exited = new Promise((resolve) => first.child.once("exit", (_code, signal) => resolve(signal)));
    await expect(api(`/api/staff/leads/${leadId}/steps`, { to: "gift_card_sent" })).rejects.toThrow();
    expect(await exited).toBe("SIGKILL");
    expect(standIn.orders).toHaveLength(1); // the provider took the order; we never wrote its answer

    const second = await startServerProcess(env);
    cleanups.push(() => killServer(second, "SIGTERM"));
    const again = await signIn(second);
    const lead = async () =>
      (await again(`/api/staff/leads/${leadId}`)).json as {
        lead: { pipelineStatus: string };
        timeline: { toStatus: string; details: { reference?: string } }[];
      };
    if (kind === "pglite") {
      // The start-up sweep finds the order by its external id.
      const deadline = Date.now() + 20_000;
      while ((await lead()).lead.pipelineStatus !== "gift_card_sent" && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      expect((await lead()).lead.pipelineStatus).toBe("gift_card_sent");
      const rewards = (await again(`/api/staff/leads/${leadId}/rewards`)).json as {
        rewards: { history: { actor: string; kind: string }[] }[];
      };
      expect(rewards.rewards[0]!.history).toMatchObject([{ kind: "ordered", actor: "system:recovery" }]);
    }
    // Staff confirming again (on PostgreSQL: after the dead process's lease) get the same order.
    const retried = await again(`/api/staff/leads/${leadId}/steps`, { to: "gift_card_sent" });
    expect(retried.status).toBe(201);
    expect((retried.json.reward as { providerOrderId: string }).providerOrderId).toBe(standIn.orders[0]!.id);
    const detail = await lead();
    expect(detail.lead.pipelineStatus).toBe("gift_card_sent");
    const steps = detail.timeline.filter((t) => t.toStatus === "gift_card_sent");
    expect(steps).toHaveLength(1);
    expect(steps[0]!.details.reference).toBe(`${standIn.orders[0]!.id} / ${standIn.orders[0]!.rewards[0]!.id}`);
    expect(standIn.orders).toHaveLength(1);
    expect(standIn.createCalls()).toBe(1);
  });
});
