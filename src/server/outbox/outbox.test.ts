import { createHmac } from "node:crypto";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { eq } from "drizzle-orm";
import { SOURCE_LABELS } from "../../domain";
import { buildApp } from "../app";
import { testConfig, type Config } from "../config";
import { deliveries, deliveryAttempts } from "../store/schema";
import { claimDueDeliveries } from "../store/deliveries-repository";
import { STORE_KINDS, createTestStore, type TestStore } from "../test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "../test-fixtures";
import { RETRY_CEILING_MS, retryAfterMs, retryDelayMs } from "./backoff";
import { TestReceiver, freePort } from "./test-receiver";

const SECRET_BYTES = Buffer.from("a-secret-of-the-receiver-32bytes");
const SECRET = `whsec_${SECRET_BYTES.toString("base64")}`;

describe("retry schedule", () => {
  it("starts at the base, doubles, stays within ±20% and stops at 6 hours", () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, 5000, mid)).toBe(5000);
    expect(retryDelayMs(2, 5000, mid)).toBe(10_000);
    expect(retryDelayMs(5, 5000, mid)).toBe(80_000);
    expect(retryDelayMs(40, 5000, mid)).toBe(RETRY_CEILING_MS);
    expect(retryDelayMs(1, 5000, () => 0)).toBe(4000);
    expect(retryDelayMs(1, 5000, () => 1)).toBe(6000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("retries for at least 3 days: the schedule's waits add up past 72 hours within a bounded count", () => {
    let total = 0;
    let attempts = 0;
    while (total < 72 * 3600_000) total += retryDelayMs(++attempts, 5000, () => 0);
    expect(attempts).toBeLessThan(30);
  });
});

describe.each(STORE_KINDS)("forwarding on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance | undefined;
  const receivers: TestReceiver[] = [];
  beforeAll(async () => {
    store = await createTestStore(kind);
  });
  afterAll(() => store.destroy());
  afterEach(async () => {
    await app?.close();
    app = undefined;
    await Promise.all(receivers.splice(0).map((r) => r.stop()));
    await store.reset();
  });

  const receiver = async () => {
    const r = await new TestReceiver().start();
    receivers.push(r);
    return r;
  };
  const start = async (overrides: Partial<Config>, outbox: { pollMs?: number; timeoutMs?: number; leaseMs?: number } = {}) => {
    app = await buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", OUTBOX_RETRY_BASE_MS: 100, ...overrides }), {
      store,
      outbox: { pollMs: 50, ...outbox },
    });
    await app.ready();
    return app;
  };
  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app!.inject({ method: "POST", url, payload, headers: { "user-agent": "Mozilla/5.0 (Test)", ...headers } });
  const rows = () => store.db.select().from(deliveries);
  const waitForStatus = async (status: string, timeoutMs = 10_000) => {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const all = await rows();
      if (all.length > 0 && all.every((row) => row.status === status)) return all;
      if (Date.now() > deadline) throw new Error(`deliveries not ${status}: ${JSON.stringify(all.map((r) => r.status))}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  };

  it("sends a qualify-page lead to QUALIFY_WEBHOOK_URL with exactly the fields of spec 3.2, signed", async () => {
    const hook = await receiver();
    await start({ QUALIFY_WEBHOOK_URL: hook.url("/qualify"), WEBHOOK_SIGNING_SECRET: SECRET });
    const created = await post("/api/leads", qualifyLead());
    expect(created.statusCode).toBe(201);
    const [request] = await hook.waitFor(1);
    const body = JSON.parse(request!.body);
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/qualify");
    // Exactly the fields of spec 3.2, in its order.
    expect(Object.keys(body)).toEqual([
      "facilityName", "facilityType", "location", "rolesNeeded", "urgency", "shiftTypes", "firstName",
      "lastName", "title", "email", "phone", "consentAgreed", "trafficSource", "timestamp", "source",
    ]);
    expect(body.facilityName).toBe("Lakeside Hospital");
    expect(body.facilityType).toBe("hospital");
    expect(body.location).toBe("Texas");
    expect(body.rolesNeeded).toEqual(["LPN"]);
    expect(body.urgency).toBe("immediate");
    expect(body.shiftTypes).toEqual(["7a-3pm", "11pm-7am"]);
    expect(body.firstName).toBe("Sam");
    expect(body.lastName).toBe("Ortiz");
    expect(body.title).toBe("");
    expect(body.email).toBe("sam@lakeside.example");
    expect(body.phone).toBe("(555) 987-6543");
    expect(body.consentAgreed).toBe(true);
    expect(body.trafficSource).toBe("linkedin");
    expect(body.source).toBe("qualify_page");
    expect(Date.parse(body.timestamp)).not.toBeNaN();

    const [row] = await waitForStatus("delivered");
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["idempotency-key"]).toBe(row!.id);
    expect(request!.headers["webhook-id"]).toBe(row!.id);
    const timestamp = request!.headers["webhook-timestamp"] as string;
    expect(Math.abs(Number(timestamp) - Date.now() / 1000)).toBeLessThan(60);
    const expected = createHmac("sha256", SECRET_BYTES).update(`${row!.id}.${timestamp}.${request!.body}`).digest("base64");
    expect(request!.headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(row!.attempts).toBe(1);
    expect(row!.deliveredAt).toBeInstanceOf(Date);
  });

  it("sends a landing-page lead to HOMEPAGE_WEBHOOK_URL with the fields of spec 3.3 and JSON content type", async () => {
    const hook = await receiver();
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url("/homepage") });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    const [request] = await hook.waitFor(1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(request!.headers["webhook-signature"]).toBeUndefined();
    expect(Object.keys(JSON.parse(request!.body)).slice(-3)).toEqual(["userAgent", "referrer", "url"]);
    expect(JSON.parse(request!.body)).toEqual({
      facilityName: "Sunrise Care Center",
      facilityType: "nursing_home",
      location: "Georgia",
      rolesNeeded: ["CNA", "RN"],
      urgency: "this_week",
      shiftTypes: ["Day Shift", "Weekend"],
      firstName: "Dana",
      lastName: "Reyes",
      title: "Director of Nursing",
      email: "dana@sunrise.example",
      phone: "(555) 123-4567",
      consentAgreed: true,
      trafficSource: "google",
      timestamp: "2026-11-22T10:00:00.000Z",
      source: "homepage_form",
      userAgent: "Mozilla/5.0 test",
      referrer: "https://www.google.com/",
      url: "http://localhost:3000/?utm_source=google",
    });
  });

  it("sends a nurse application to NURSE_FORM_URL with the fields of spec 3.1", async () => {
    const hook = await receiver();
    await start({ NURSE_FORM_URL: hook.url("/nurse") });
    expect((await post("/api/nurse-applications", nurseApplication({ timestamp: "2026-11-22T09:00:00.000Z" }))).statusCode).toBe(201);
    const [request] = await hook.waitFor(1);
    expect(request!.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(request!.body)).toEqual({
      firstName: "Ana",
      lastName: "Lopez",
      email: "ana@nurse.example",
      phone: "(555) 222-3333",
      zipCode: "30009",
      classification: "CNA & CMA",
      desiredLocation: "Puerto Rico",
      message: "No additional message provided",
      _subject: "New Nurse Application: Ana Lopez",
      source: SOURCE_LABELS.nurse_application,
      timestamp: "2026-11-22T09:00:00.000Z",
    });
  });

  it("sends nothing where no destination is configured for that form", async () => {
    const hook = await receiver();
    await start({ NURSE_FORM_URL: hook.url() });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    expect(await rows()).toEqual([]);
  });

  it("keeps retrying while the receiver is down and delivers once it is up", async () => {
    const hook = await receiver();
    let up = false;
    hook.answer = () => (up ? { status: 204 } : { status: 503 });
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() });
    expect((await post("/api/leads", homepageLead())).statusCode).toBe(201);
    await hook.waitFor(3);
    up = true;
    const [row] = await waitForStatus("delivered");
    const attempts = await store.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
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
    const hook = await new TestReceiver().start(port);
    receivers.push(hook);
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
    hook.answer = () => (hook.received.length === 1 ? { status: 429, headers: { "retry-after": "2" } } : { status: 200 });
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
    const attempts = await store.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, row!.id));
    expect(attempts.map((a) => a.error)).toContain("timeout after 200 ms");
  });

  it("a row claimed by a sender that died becomes due again when its lease runs out", async () => {
    const hook = await receiver();
    await start({ QUALIFY_WEBHOOK_URL: hook.url() }, { pollMs: 60_000 });
    // Stop this app's sender first so the row stays pending, then claim it as a sender that crashes.
    await app!.outbox!.stop();
    await post("/api/leads", qualifyLead());
    expect(await claimDueDeliveries(store.db, 10, 300)).toHaveLength(1);
    expect(await claimDueDeliveries(store.db, 10, 300)).toHaveLength(0); // leased: invisible
    await new Promise((resolve) => setTimeout(resolve, 400));
    const reclaimed = await claimDueDeliveries(store.db, 10, 300);
    expect(reclaimed).toHaveLength(1);
    expect(reclaimed[0]!.attempts).toBe(2);
  });

  it("marks a delivery failed when a retryable failure comes after its retry window (3 days) closed", async () => {
    const hook = await receiver();
    hook.answer = () => ({ status: 503 });
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url() }, { pollMs: 60_000 });
    await app!.outbox!.stop();
    await post("/api/leads", homepageLead());
    const [row] = await rows();
    expect(row!.retryUntil.getTime() - row!.createdAt.getTime()).toBe(3 * 24 * 3600_000);
    await store.db.update(deliveries).set({ retryUntil: new Date(Date.now() - 1000) });
    const { OutboxWorker } = await import("./outbox-worker");
    await new OutboxWorker({ db: store.db, log: app!.log, retryBaseMs: 100 }).runOnce();
    const [failed] = await rows();
    expect(failed).toMatchObject({ status: "failed", lastError: "HTTP 503", attempts: 1 });
  });

  it("stores spam without any delivery", async () => {
    const hook = await receiver();
    await start({ HOMEPAGE_WEBHOOK_URL: hook.url(), NURSE_FORM_URL: hook.url() });
    expect((await post("/api/leads", homepageLead({ companyWebsite: "http://spam.example" }))).statusCode).toBe(201);
    expect((await post("/api/nurse-applications", nurseApplication({ formStartedAt: Date.now() }))).statusCode).toBe(201);
    expect(await rows()).toEqual([]);
  });
});
