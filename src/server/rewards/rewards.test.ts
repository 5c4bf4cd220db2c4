import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import type { Config } from "../config";
import { addAccount, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { deliveries } from "../store/schema";
import { listLeads } from "../store/console-queries";
import {
  startTremendousStandIn,
  type StandInOptions,
  type TremendousStandIn,
} from "../test-support/tremendous-stand-in";

const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";

interface Transition {
  toStatus: string;
  details: Record<string, string | number>;
}

describe.each(STORE_KINDS)("rewards ordered from the stand-in on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let standIn: TremendousStandIn;
  const standInOptions: StandInOptions = { apiKey: "test-key", webhookKey: WEBHOOK_KEY };
  let staff: SignedIn;

  useTestStore(kind, (made) => (store = made));
  beforeEach(async () => {
    standIn = await startTremendousStandIn(standInOptions);
  });
  afterEach(async () => {
    await app?.close();
    await standIn.close();
  });

  /** The app listening (the stand-in's webhooks need a port), staff signed in. */
  const start = async (overrides: Partial<Config> = {}) => {
    app = await createTestApp(
      store,
      {
        REWARDS_PROVIDER: "tremendous",
        TREMENDOUS_API_KEY: "test-key",
        TREMENDOUS_API_URL: standIn.url,
        TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
        TREMENDOUS_WEBHOOK_KEY: WEBHOOK_KEY,
        TREMENDOUS_TIMEOUT_MS: 1000,
        PIPELINE_WEBHOOK_URL: "http://127.0.0.1:9/pipeline",
        // The exactly-once path on its own; four eyes before it are in reward-approvals.test.ts.
        REWARDS_FOUR_EYES: false,
        ...overrides,
      },
      { outbox: false },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address() as { port: number };
    standInOptions.webhookUrl = `http://127.0.0.1:${address.port}/api/rewards/tremendous/webhook`;
    await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "other@provider.example");
    await addAccount(store.db, "boss@provider.example", "admin");
    staff = await signIn(app, "worker@provider.example");
  };

  const step = (leadId: string, body: object, who = staff) =>
    app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: who.headers, payload: body });

  /** A lead whose role staff verified. */
  const verifiedLead = async (email = "dana@sunrise.example") => {
    const posted = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ email, phone: `555${Math.floor(1e6 + Math.random() * 8e6)}` }),
    });
    expect(posted.statusCode).toBe(201);
    const id = posted.json<{ id: string }>().id;
    expect(
      (await step(id, { to: "role_verified", method: "work_email", note: "Work e-mail answered" })).statusCode,
    ).toBe(201);
    return id;
  };

  const lead = async (id: string) =>
    (await app.inject({ url: `/api/staff/leads/${id}`, headers: staff.headers })).json<{
      lead: { pipelineStatus: string };
      timeline: Transition[];
    }>();
  const rewardsOf = async (id: string) =>
    (await app.inject({ url: `/api/staff/leads/${id}/rewards`, headers: staff.headers })).json<{
      enabled: boolean;
      recipientEmail: string;
      rewards: {
        id: string;
        status: string;
        providerOrderId: string;
        providerRewardId: string;
        recipientEmail: string;
        history: { kind: string; status: string }[];
      }[];
    }>();
  const cardSteps = async (id: string) => (await lead(id)).timeline.filter((t) => t.toStatus === "gift_card_sent");

  it("orders the $50 card, records its ids as the step's reference, and tracks its delivery by webhook", async () => {
    await start();
    const id = await verifiedLead();
    expect((await rewardsOf(id)).recipientEmail).toBe("dana@sunrise.example");
    const ordered = await step(id, { to: "gift_card_sent", note: "Promised on the call" });
    expect(ordered.statusCode).toBe(201);
    const reward = ordered.json().reward;
    expect(reward.status).toBe("ordered");
    expect(standIn.orders).toHaveLength(1);
    const order = standIn.orders[0]!;
    expect(order.rewards[0]!.value.denomination).toBe(50);
    expect(order.rewards[0]!.recipient).toEqual({ name: "Dana Reyes", email: "dana@sunrise.example" });
    expect(reward.providerOrderId).toBe(order.id);
    const [recorded] = await cardSteps(id);
    expect(recorded!.details).toEqual({
      reference: `${order.id} / ${order.rewards[0]!.id}`,
      amountUsd: 50,
      recipient: "dana@sunrise.example",
    });

    expect(await standIn.deliver(order.rewards[0]!.id, "SUCCEEDED")).toBe(200);
    const after = (await rewardsOf(id)).rewards[0]!;
    expect(after.status).toBe("delivered");
    expect(after.history.map((h) => `${h.kind}:${h.status}`)).toEqual(["ordered:ordered", "status:delivered"]);
    const events = (await store.db.select().from(deliveries)).map(
      (d) => JSON.parse(d.payload) as { type: string; kind?: string; status?: string },
    );
    expect(events.filter((e) => e.type === "lead.reward").map((e) => `${e.kind}:${e.status}`)).toEqual([
      "ordered:ordered",
      "status:delivered",
    ]);
  });

  it("orders the $250 bonus after the first shift, to the e-mail staff corrected", async () => {
    await start();
    const id = await verifiedLead();
    expect((await step(id, { to: "gift_card_sent" })).statusCode).toBe(201);
    expect((await step(id, { to: "first_shift_filled" })).statusCode).toBe(201);
    const bad = await step(id, { to: "bonus_sent", recipientEmail: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["recipientEmail"]);
    expect(standIn.orders).toHaveLength(1);
    const bonus = await step(id, { to: "bonus_sent", recipientEmail: "dana.reyes@sunrise.example" });
    expect(bonus.statusCode).toBe(201);
    expect(standIn.orders.map((o) => o.rewards[0]!.value.denomination)).toEqual([50, 250]);
    expect(standIn.orders[1]!.rewards[0]!.recipient.email).toBe("dana.reyes@sunrise.example");
    expect((await lead(id)).lead.pipelineStatus).toBe("bonus_sent");
  });

  it("orders once for two concurrent confirmations by two staff", async () => {
    await start();
    const other = await signIn(app, "other@provider.example");
    const id = await verifiedLead();
    const [a, b] = await Promise.all([step(id, { to: "gift_card_sent" }), step(id, { to: "gift_card_sent" }, other)]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().reward.id).toBe(b.json().reward.id);
    expect(standIn.createCalls()).toBe(1);
    expect(standIn.orders).toHaveLength(1);
    expect(await cardSteps(id)).toHaveLength(1);
  });

  it("orders once when the provider times out after creating the order, then a retry", async () => {
    await start({ TREMENDOUS_TIMEOUT_MS: 300 });
    const id = await verifiedLead();
    standIn.failNext({ kind: "timeout-after-create", holdMs: 2000 });
    const lost = await step(id, { to: "gift_card_sent" });
    expect(lost.statusCode).toBe(504);
    expect(lost.json().error).toMatch(/did not answer in time.*never a second one/);
    expect(await cardSteps(id)).toHaveLength(0);
    const typed = await step(id, { to: "gift_card_sent", reference: "BOUGHT-ELSEWHERE" });
    expect(typed.statusCode).toBe(409); // the order in flight would be paid twice
    const retried = await step(id, { to: "gift_card_sent" });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().reward.providerOrderId).toBe(standIn.orders[0]!.id);
    expect(standIn.orders).toHaveLength(1);
    expect(standIn.createCalls()).toBe(1); // the retry found the order by its external id
    expect(await cardSteps(id)).toHaveLength(1);
  });

  it("shows a provider 422 and a 500 in plain words, records nothing, and a retry succeeds", async () => {
    await start();
    const id = await verifiedLead();
    standIn.failNext({ kind: "status", status: 422, message: "Recipient email is invalid" });
    const refused = await step(id, { to: "gift_card_sent" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      "The rewards provider refused the order: Recipient email is invalid. Nothing was ordered and no step was recorded. Correct it and try again.",
    );
    standIn.failNext({ kind: "status", status: 500 });
    const broken = await step(id, { to: "gift_card_sent" });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error).toMatch(/had a problem \(500\).*Try again/);
    expect(await cardSteps(id)).toHaveLength(0);
    expect((await lead(id)).lead.pipelineStatus).toBe("role_verified");
    const ok = await step(id, { to: "gift_card_sent" });
    expect(ok.statusCode).toBe(201);
    expect(standIn.orders).toHaveLength(1);
    expect(await cardSteps(id)).toHaveLength(1);
    expect((await rewardsOf(id)).rewards[0]!.history.map((h) => h.kind)).toEqual(["refused", "ordered"]);
  });

  it("shows an order held for approval as such", async () => {
    await start();
    const id = await verifiedLead();
    standIn.failNext({ kind: "pending-approval" });
    const held = await step(id, { to: "gift_card_sent" });
    expect(held.statusCode).toBe(201);
    expect(held.json().reward.status).toBe("pending_approval");
  });

  it("refuses a wrong signature (401), applies an event once, and ignores an unknown reward (200)", async () => {
    await start();
    const id = await verifiedLead();
    await step(id, { to: "gift_card_sent" });
    const rewardId = standIn.orders[0]!.rewards[0]!.id;
    const event = {
      event: "REWARDS.DELIVERY.SUCCEEDED",
      uuid: "5a0b3c9e-1111-4222-8333-444455556666",
      created_utc: new Date().toISOString(),
      payload: { resource: { id: rewardId, type: "rewards" } },
    };
    standIn.orders[0]!.rewards[0]!.delivery.status = "SUCCEEDED";
    const forged = await standIn.sendWebhook(event, { signature: `sha256=${"0".repeat(64)}` });
    expect(forged.status).toBe(401);
    expect((await standIn.sendWebhook(event, { signature: "nonsense" })).status).toBe(401);
    expect((await rewardsOf(id)).rewards[0]!.status).toBe("ordered");
    expect((await standIn.sendWebhook(event)).status).toBe(200);
    const again = await standIn.sendWebhook(event);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).outcome).toBe("duplicate");
    const history = (await rewardsOf(id)).rewards[0]!.history;
    expect(history.filter((h) => h.kind === "status")).toHaveLength(1);
    const unknown = await standIn.sendWebhook({
      ...event,
      uuid: "another-event",
      payload: { resource: { id: "NOSUCHREWARD", type: "rewards" } },
    });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body).outcome).toBe("ignored");
  });

  it("re-sends a failed delivery to a corrected e-mail, recorded", async () => {
    await start();
    const id = await verifiedLead();
    await step(id, { to: "gift_card_sent" });
    const providerReward = standIn.orders[0]!.rewards[0]!;
    await standIn.deliver(providerReward.id, "FAILED");
    const reward = (await rewardsOf(id)).rewards[0]!;
    expect(reward.status).toBe("failed");
    const resent = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${id}/rewards/${reward.id}/resend`,
      headers: staff.headers,
      payload: { email: "dana.new@sunrise.example" },
    });
    expect(resent.statusCode).toBe(200);
    expect(providerReward.recipient.email).toBe("dana.new@sunrise.example");
    const after = (await rewardsOf(id)).rewards[0]!;
    expect(after.status).toBe("ordered");
    expect(after.recipientEmail).toBe("dana.new@sunrise.example");
    expect(after.history.map((h) => h.kind)).toEqual(["ordered", "status", "resent"]);
    const twice = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${id}/rewards/${reward.id}/resend`,
      headers: staff.headers,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
  });

  it("refuses the order that would pass the monthly limit, saying the limit and what is left", async () => {
    await start({ REWARDS_MONTHLY_LIMIT_USD: 90 });
    const first = await verifiedLead("one@sunrise.example");
    const second = await verifiedLead("two@sunrise.example");
    expect((await step(first, { to: "gift_card_sent" })).statusCode).toBe(201);
    const refused = await step(second, { to: "gift_card_sent" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain("limit of $90: $40 is left");
    expect(standIn.orders).toHaveLength(1);
    expect(await cardSteps(second)).toHaveLength(0);
    const boss = await signIn(app, "boss@provider.example");
    const month = await app.inject({ url: "/api/staff/rewards/month", headers: boss.headers });
    expect(month.json()).toMatchObject({ spentUsd: 50, count: 1, limitUsd: 90 });
    expect((await app.inject({ url: "/api/staff/rewards/month", headers: staff.headers })).statusCode).toBe(403);
  });

  it("lists a card ordered but not delivered after 24 hours in the Due view", async () => {
    await start();
    const late = await verifiedLead("late@sunrise.example");
    const delivered = await verifiedLead("delivered@sunrise.example");
    await step(late, { to: "gift_card_sent" });
    await step(delivered, { to: "gift_card_sent" });
    await standIn.deliver(standIn.orders[1]!.rewards[0]!.id, "SUCCEEDED");
    const due = async (now: Date) => (await listLeads(store.db, { due: "card_delivery" }, now)).leads.map((l) => l.id);
    expect(await due(new Date())).toEqual([]);
    expect(await due(new Date(Date.now() + 25 * 3_600_000))).toEqual([late]);
    const api = await app.inject({ url: "/api/staff/leads?due=card_delivery", headers: staff.headers });
    expect(api.statusCode).toBe(200);
  });
});
