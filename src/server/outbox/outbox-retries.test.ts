import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { claimDueDeliveries } from "../store/deliveries-repository";
import { deliveries, deliveryAttempts } from "../store/schema";
import { STORE_KINDS } from "../test-support/test-helpers";
import { homepageLead, qualifyLead } from "../test-support/test-fixtures";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { freePort } from "../test-support/test-receiver";

/** A destination that is down, slow or refusing only delays delivery; a 4xx fails at once. */
describe.each(STORE_KINDS)("retries on %s", (kind) => {
  const h = forwardingHarness(kind);
  const { receiver, start, post, rows, waitForStatus } = h;

  it("keeps retrying while the receiver is down and delivers once it is up", async () => {
    const hook = await receiver();
    let up = false;
    hook.answer = () => (up ? { status: 204 } : { status: 503 });
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    await hook.waitFor(3);
    up = true;
    const [row] = await waitForStatus("delivered");
    const attempts = await h.store.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
    expect(attempts.length).toBe(row!.attempts);
    expect(attempts.filter((a) => a.statusCode === 503).length).toBeGreaterThanOrEqual(3);
    expect(attempts.every((a) => a.durationMs >= 0)).toBe(true);
    expect(attempts.find((a) => a.statusCode === 503)!.error).toBe("HTTP 503");
    // Waits grow: the gap before the third attempt is longer than before the second.
    const at = hook.received.map((r) => r.at);
    expect(at[2]! - at[1]!).toBeGreaterThan((at[1]! - at[0]!) * 1.1);
  });

  it("retries a refused connection (the receiver not running yet)", async () => {
    const port = await freePort();
    await start({ QUALIFY_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` });
    expect((await post("/api/leads", qualifyLead())).statusCode).toBe(201);
    const deadline = Date.now() + 5000;
    while ((await rows())[0]?.attempts !== 2 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 25));
    const hook = await receiver(port);
    await waitForStatus("delivered");
    const [row] = await rows();
    expect(row!.attempts).toBeGreaterThanOrEqual(2);
    expect(hook.received).toHaveLength(1);
  });

  it("does not retry a 4xx other than 408 and 429: the delivery fails at once with its error", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 422 });
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() });
    await post("/api/leads", homepageLead());
    const [row] = await waitForStatus("failed");
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(hook.received).toHaveLength(1);
    expect(row!.attempts).toBe(1);
    expect(row!.lastError).toBe("HTTP 422");
  });

  it("honours Retry-After: the next attempt waits for it, not for the short base", async () => {
    const hook = await receiver();
    hook.answer = () =>
      hook.received.length === 1 ? { status: 429, headers: { "retry-after": "2" } } : { status: 200 };
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() });
    await post("/api/leads", homepageLead());
    const [first, second] = await hook.waitFor(2, 10_000);
    expect(second!.at - first!.at).toBeGreaterThanOrEqual(1900);
    await waitForStatus("delivered");
  });

  it("a timed-out attempt is recorded and retried", async () => {
    const hook = await receiver();
    hook.answer = () => (hook.received.length === 1 ? "hang" : { status: 200 });
    await start({ QUALIFY_WEBHOOK_URL: hook.url() }, { timeoutMs: 200 });
    await post("/api/leads", qualifyLead());
    const [row] = await waitForStatus("delivered");
    const attempts = await h.store.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
    expect(attempts.map((a) => a.error)).toContain("timeout after 200 ms");
  });

  it("a row claimed by a sender that died becomes due again when its lease runs out", async () => {
    const hook = await receiver();
    await start({ QUALIFY_WEBHOOK_URL: hook.url() }, { pollMs: 60_000 });
    // Stop this app's sender first so the row stays pending, then claim it as a sender that crashes.
    await h.app!.outbox!.stop();
    await post("/api/leads", qualifyLead());
    expect(await claimDueDeliveries(h.store.db, 10, 300)).toHaveLength(1);
    expect(await claimDueDeliveries(h.store.db, 10, 300)).toHaveLength(0); // leased: invisible
    await new Promise((resolve) => setTimeout(resolve, 400));
    const reclaimed = await claimDueDeliveries(h.store.db, 10, 300);
    expect(reclaimed).toHaveLength(1);
    expect(reclaimed[0]!.attempts).toBe(2);
  });

  it("marks a delivery failed when a retryable failure comes after its retry window (3 days) closed", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 503 });
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() }, { pollMs: 60_000 });
    await h.app!.outbox!.stop();
    await post("/api/leads", homepageLead());
    const [row] = await rows();
    expect(row!.retryUntil.getTime() - row!.createdAt.getTime()).toBe(3 * 24 * 3600_000);
    await h.store.db.update(deliveries).set({ retryUntil: new Date(Date.now() - 1000) });
    const { OutboxWorker } = await import("./outbox-worker");
    await new OutboxWorker({ db: h.store.db, log: h.app!.log, retryBaseMs: 100 }).runOnce();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", lastError: "HTTP 503", attempts: 1 });
  });
});
