import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { homepageLead } from "../test-support/test-fixtures";
import { TestReceiver, freePort } from "../test-support/test-receiver";
import { killServer, startServerProcess, type ServerProcess } from "../test-support/test-server-process";

describe("a lead survives kill -9 of the server", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-crash-"));
  const servers: ServerProcess[] = [];
  let receiver: TestReceiver | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => killServer(server)));
    await receiver?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answered 201, killed with SIGKILL before delivery, delivered exactly once after the restart", async () => {
    // The receiver is not up yet: the first server can only fail its attempts before it dies.
    const port = await freePort();
    const env = {
      DATA_DIR: dataDir,
      HOMEPAGE_WEBHOOK_URL: `http://127.0.0.1:${port}/hook`,
      OUTBOX_RETRY_BASE_MS: "200",
      ADMIN_TOKEN: "a-test-admin-token-123",
    };
    const first = await startServerProcess(env);
    servers.push(first);
    const created = await fetch(`${first.baseUrl}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(homepageLead()),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    // Let it record a failed attempt first (a kill in the middle of one is the lease's case,
    // tested in outbox.test.ts; here it would only add the 30 s lease to the wait).
    const until = Date.now() + 10_000;
    while (Date.now() < until) {
      const response = await fetch(`${first.baseUrl}/api/admin/deliveries`, {
        headers: { authorization: "Bearer a-test-admin-token-123" },
      });
      const { deliveries } = (await response.json()) as {
        deliveries: { attempts: number; lastError: string | null }[];
      };
      if (deliveries[0]?.lastError) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await killServer(first, "SIGKILL");

    receiver = await new TestReceiver().start(port);
    const second = await startServerProcess(env);
    servers.push(second);
    // Within the lease (30 s) even if the kill landed between a claim and its record.
    const [request] = await receiver.waitFor(1, 50_000);
    expect(JSON.parse(request!.body)).toMatchObject({ email: "dana@sunrise.example", source: "homepage_form" });

    // Exactly once: the delivery is recorded as delivered and nothing more arrives.
    const deadline = Date.now() + 10_000;
    for (;;) {
      const response = await fetch(`${second.baseUrl}/api/admin/deliveries?status=delivered`, {
        headers: { authorization: "Bearer a-test-admin-token-123" },
      });
      const { deliveries } = (await response.json()) as { deliveries: { recordId: string }[] };
      if (deliveries.some((d) => d.recordId === id)) break;
      if (Date.now() > deadline) throw new Error("not marked delivered");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(receiver.received).toHaveLength(1);
    expect(request!.headers["idempotency-key"]).toMatch(/^[0-9a-f-]{36}$/);
  }, 120_000);
});
