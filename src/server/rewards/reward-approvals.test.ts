import { randomUUID } from "node:crypto";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { addAccount, enrol, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { deliveries, leadVerifications, securityEvents } from "../store/schema";
import {
  startTremendousStandIn,
  type StandInOptions,
  type TremendousStandIn,
} from "../test-support/tremendous-stand-in";

const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";

describe.each(STORE_KINDS)("four eyes on money on %s (decision 0026)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let standIn: TremendousStandIn;
  const standInOptions: StandInOptions = { apiKey: "test-key", webhookKey: WEBHOOK_KEY };
  let worker: SignedIn;
  let boss: SignedIn;
  let chief: SignedIn;

  useTestStore(kind, (made) => (store = made));
  beforeEach(async () => {
    standIn = await startTremendousStandIn(standInOptions);
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
      },
      { outbox: false },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    standInOptions.webhookUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/rewards/tremendous/webhook`;
    await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "boss@provider.example", "admin");
    await addAccount(store.db, "chief@provider.example", "admin");
    await addAccount(store.db, "plain@provider.example");
    // Ordering money needs a second factor (decision 0043): the worker sets one up.
    worker = await enrol(app, "worker@provider.example", await signIn(app, "worker@provider.example"));
    boss = await signIn(app, "boss@provider.example");
    chief = await signIn(app, "chief@provider.example");
  });
  afterEach(async () => {
    await app?.close();
    await standIn.close();
  });

  const post = (url: string, who: SignedIn, payload: object = {}) =>
    app.inject({ method: "POST", url, headers: who.headers, payload });
  const step = (leadId: string, body: object, who = worker) => post(`/api/staff/leads/${leadId}/steps`, who, body);
  const verifiedLead = async (by = worker, lead: Record<string, unknown> = {}) => {
    const posted = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead(lead) });
    const id = posted.json<{ id: string }>().id;
    expect(
      (await step(id, { to: "role_verified", method: "work_email", note: "Work e-mail answered" }, by)).statusCode,
    ).toBe(201);
    return id;
  };
  /** The lead's facility matched in the NPI registry (as the verification stores it). */
  const registryMatch = (leadId: string, npi = "1234567893") =>
    store.db.insert(leadVerifications).values({
      id: randomUUID(),
      leadId,
      decision: "needs_review",
      reasons: [],
      evidence: {},
      npi,
      emailDomain: "sunrise.example",
    });
  const approvals = async (who = boss, query = "") =>
    (await app.inject({ url: `/api/staff/approvals${query}`, headers: who.headers })).json<{
      approvals: {
        id: string;
        recipientEmail: string;
        previousRecipientEmail: string | null;
        reason: string;
        status: string;
        facilityName?: string | null;
      }[];
    }>().approvals;
  const rewardsOf = async (id: string) =>
    (await app.inject({ url: `/api/staff/leads/${id}/rewards`, headers: boss.headers })).json<{
      rewards: {
        id: string;
        status: string;
        recipientEmail: string;
        history: { kind: string; details: Record<string, string> }[];
      }[];
    }>().rewards;

  it("holds a card to a colleague's own address for a second admin, then orders it once, keeping both recipients", async () => {
    const id = await verifiedLead();
    const held = await step(id, { to: "gift_card_sent", recipientEmail: "worker@provider.example" });
    expect(held.statusCode).toBe(202);
    const approvalId = held.json<{ approval: { id: string } }>().approval.id;
    expect(standIn.createCalls()).toBe(0);
    // Asking again gives the same approval, and nothing is ordered.
    expect(
      (await step(id, { to: "gift_card_sent", recipientEmail: "worker@provider.example" })).json().approval.id,
    ).toBe(approvalId);
    expect(await approvals()).toMatchObject([
      {
        id: approvalId,
        recipientEmail: "worker@provider.example",
        previousRecipientEmail: "dana@sunrise.example",
        reason: "other_recipient",
        status: "pending",
        facilityName: "Sunrise Care Center", // the Approvals view's title names the lead's facility (decision 0035)
      },
    ]);
    // Every member of staff reads the list (the one who asked sees it wait), one lead's with ?leadId=; only admins decide.
    expect(await approvals(worker)).toMatchObject([{ id: approvalId, status: "pending" }]);
    expect(await approvals(worker, `?status=all&leadId=${id}`)).toMatchObject([{ id: approvalId }]);
    expect(await approvals(worker, `?leadId=${randomUUID()}`)).toEqual([]);
    const badLead = await app.inject({ url: "/api/staff/approvals?leadId=not-a-uuid", headers: worker.headers });
    expect(badLead.statusCode).toBe(400);
    expect(badLead.json()).toMatchObject({ error: "Give a lead's id." });
    expect((await post(`/api/staff/approvals/${approvalId}/approve`, worker)).statusCode).toBe(403);
    const [approved, again] = await Promise.all([
      post(`/api/staff/approvals/${approvalId}/approve`, boss),
      post(`/api/staff/approvals/${approvalId}/approve`, chief),
    ]);
    expect([approved.statusCode, again.statusCode].sort()).toEqual([200, 409]);
    expect(standIn.createCalls()).toBe(1);
    expect(standIn.orders[0]!.rewards[0]!.recipient.email).toBe("worker@provider.example");
    const [reward] = await rewardsOf(id);
    expect(reward!.history.map((h) => h.kind)).toEqual(["approved", "ordered"]);
    expect(reward!.history[0]!.details).toMatchObject({
      recipient: "worker@provider.example",
      previousRecipient: "dana@sunrise.example",
    });
    const timeline = (await app.inject({ url: `/api/staff/leads/${id}`, headers: boss.headers })).json<{
      timeline: { toStatus: string; details: Record<string, string> }[];
    }>().timeline;
    expect(timeline.find((t) => t.toStatus === "gift_card_sent")!.details.recipient).toBe("worker@provider.example");
    const logged = await store.db.select().from(securityEvents);
    const approvalEvents = logged.filter((e) => e.kind.startsWith("reward_approval"));
    const requested = approvalEvents.find((e) => e.kind === "reward_approval_requested")!;
    const decided = approvalEvents.find((e) => e.kind === "reward_approval_approved")!;
    expect([requested.actorEmail, requested.detail]).toMatchObject([
      "worker@provider.example",
      { approvalId, recipientDomain: "provider.example", previousRecipientDomain: "sunrise.example" },
    ]);
    // The log outlives an erasure (decision 0037): it names the recipients by domain, never by address.
    expect(JSON.stringify(approvalEvents.map((e) => e.detail))).not.toMatch(/dana@|"recipient"/);
    expect(["boss@provider.example", "chief@provider.example"]).toContain(decided.actorEmail);
    expect(decided.detail).toMatchObject({
      recipientDomain: "provider.example",
      previousRecipientDomain: "sunrise.example",
      requestedBy: "staff:worker@provider.example",
    });
    const events = (await store.db.select().from(deliveries)).map(
      (d) => JSON.parse(d.payload) as { type: string; kind?: string; details: Record<string, string> },
    );
    expect(events.filter((e) => e.type === "lead.reward").map((e) => [e.kind, e.details.recipient])).toEqual([
      ["approved", "worker@provider.example"],
      ["ordered", "worker@provider.example"],
    ]);
  });

  it("orders at once to the lead's own address, and lets an admin decline a request without ordering", async () => {
    const id = await verifiedLead(boss);
    await registryMatch(id);
    expect((await step(id, { to: "gift_card_sent" })).statusCode).toBe(201);
    expect((await step(id, { to: "first_shift_filled" }, boss)).statusCode).toBe(201);
    // Two staff asking at once get the one approval.
    const [held, twin] = await Promise.all([
      step(id, { to: "bonus_sent", recipientEmail: "friend@elsewhere.example" }),
      step(id, { to: "bonus_sent", recipientEmail: "friend@elsewhere.example" }, boss),
    ]);
    expect([held.statusCode, twin.statusCode]).toEqual([202, 202]);
    const approvalId = held.json().approval.id;
    expect(twin.json().approval.id).toBe(approvalId);
    expect(await approvals(chief)).toHaveLength(1);
    const declined = await post(`/api/staff/approvals/${approvalId}/decline`, chief, {
      note: "Not the lead's address",
    });
    expect(declined.statusCode).toBe(200);
    expect(declined.json().approval.status).toBe("declined");
    expect((await post(`/api/staff/approvals/${approvalId}/approve`, boss)).statusCode).toBe(409);
    expect(standIn.createCalls()).toBe(1);
    expect((await post(`/api/staff/approvals/not-a-uuid/approve`, boss)).statusCode).toBe(404);
    expect((await post(`/api/staff/approvals/${approvalId}/decline`, boss, { note: 7 })).statusCode).toBe(400);
  });

  it("holds a bonus whose role and first shift one person marked, and refuses that person's approval", async () => {
    const id = await verifiedLead();
    await registryMatch(id);
    expect((await step(id, { to: "gift_card_sent" }, boss)).statusCode).toBe(201);
    expect((await step(id, { to: "first_shift_filled" })).statusCode).toBe(201);
    const held = await step(id, { to: "bonus_sent" }, boss);
    expect(held.statusCode).toBe(202);
    expect(held.json().approval.reason).toBe("same_verifier");
    expect((await post(`/api/staff/approvals/${held.json().approval.id}/approve`, boss)).statusCode).toBe(403);
    const approved = await post(`/api/staff/approvals/${held.json().approval.id}/approve`, chief);
    expect(approved.statusCode).toBe(200);
    expect(approved.json().reward.status).toBe("ordered");
    expect(standIn.orders.map((o) => o.rewards[0]!.value.denomination)).toEqual([50, 250]);
  });

  it("holds a re-send to a new address, keeping the old one in the history", async () => {
    const id = await verifiedLead(boss);
    await registryMatch(id);
    expect((await step(id, { to: "gift_card_sent" })).statusCode).toBe(201);
    const rewardId = standIn.orders[0]!.rewards[0]!.id;
    expect(await standIn.deliver(rewardId, "FAILED")).toBe(200);
    const [failed] = await rewardsOf(id);
    expect(failed!.status).toBe("failed");
    const held = await post(`/api/staff/leads/${id}/rewards/${failed!.id}/resend`, worker, {
      email: "worker@provider.example",
    });
    expect(held.statusCode).toBe(202);
    expect((await rewardsOf(id))[0]!.recipientEmail).toBe("dana@sunrise.example");
    const approved = await post(`/api/staff/approvals/${held.json().approval.id}/approve`, boss);
    expect(approved.statusCode).toBe(200);
    const [after] = await rewardsOf(id);
    expect(after!.recipientEmail).toBe("worker@provider.example");
    const resent = after!.history.find((h) => h.kind === "resent")!;
    expect(resent.details).toMatchObject({
      recipient: "worker@provider.example",
      previousRecipient: "dana@sunrise.example",
    });
    expect(after!.history.map((h) => h.kind)).toEqual([
      "ordered",
      "status",
      "approval_requested",
      "approved",
      "resent",
    ]);
  });

  it("holds a card ordered by the one who verified the lead: 202, waiting for a second admin (decision 0043)", async () => {
    const id = await verifiedLead();
    await registryMatch(id);
    const held = await step(id, { to: "gift_card_sent" });
    expect(held.statusCode).toBe(202);
    expect(held.json().approval).toMatchObject({ reason: "same_verifier", recipientEmail: "dana@sunrise.example" });
    expect(standIn.createCalls()).toBe(0);
    expect((await post(`/api/staff/approvals/${held.json().approval.id}/approve`, boss)).statusCode).toBe(200);
    expect(standIn.createCalls()).toBe(1);
  });

  it("holds a card for a free-mail lead, one no registry matched, and a facility already paid this year", async () => {
    const freeMail = await verifiedLead(boss, { email: "dana.reyes@gmail.com", phone: "5550101010" });
    await registryMatch(freeMail, "1111111112");
    const unmatched = await verifiedLead(boss, { email: "ana@dawn.example", phone: "5550101011" });
    const paid = await verifiedLead(boss, { email: "kim@sunrise.example", phone: "5550101012" });
    const again = await verifiedLead(boss, { email: "lee@sunrise.example", phone: "5550101013" });
    await registryMatch(paid, "2222222220");
    await registryMatch(again, "2222222220");
    const reasons = async (id: string) => {
      const answer = await step(id, { to: "gift_card_sent" });
      return [answer.statusCode, answer.json().approval?.reason];
    };
    expect(await reasons(freeMail)).toEqual([202, "free_mail"]);
    expect(await reasons(unmatched)).toEqual([202, "no_registry_match"]);
    expect(await reasons(paid)).toEqual([201, undefined]);
    expect(await reasons(again)).toEqual([202, "facility_paid"]);
    expect(standIn.createCalls()).toBe(1);
  });

  it("refuses an order from an account without a second factor, in words, ordering nothing", async () => {
    const id = await verifiedLead(boss);
    await registryMatch(id);
    const plain = await signIn(app, "plain@provider.example");
    const refused = await step(id, { to: "gift_card_sent" }, plain);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error).toBe("Ordering money needs a second factor: set one up on the Security page first.");
    expect(standIn.createCalls()).toBe(0);
    expect(await approvals()).toEqual([]);
  });
});
