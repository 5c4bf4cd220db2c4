import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { CARD_HELD_FOR_REVIEW } from "../../domain/verification-words";
import type { LeadListPage } from "../../domain/staff-console-api";
import { rewardChanges, rewards, securityEvents } from "../store/schema";
import { addAccount, enrol, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import {
  startTremendousStandIn,
  type StandInOptions,
  type TremendousStandIn,
} from "../test-support/tremendous-stand-in";

const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";

interface RewardAnswer {
  id: string;
  status: string;
  fraudReview: { status: string; reasons: string[]; reviewedBy: string | null } | null;
  history: { kind: string; actor: string; details: Record<string, string> }[];
}

describe.each(STORE_KINDS)("the provider's fraud review (REWARDS.FLAGGED) on %s", (kind) => {
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

  /** The app listening (the stand-in's webhooks need a port), staff signed in, one lead with its $50 card ordered. */
  const start = async () => {
    app = await createTestApp(
      store,
      {
        REWARDS_PROVIDER: "tremendous",
        TREMENDOUS_API_KEY: "test-key",
        TREMENDOUS_API_URL: standIn.url,
        TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
        TREMENDOUS_WEBHOOK_KEY: WEBHOOK_KEY,
        TREMENDOUS_TIMEOUT_MS: 1000,
        REWARDS_FOUR_EYES: false,
      },
      { outbox: false },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    standInOptions.webhookUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/rewards/tremendous/webhook`;
    // Releasing and blocking are an admin's with a second factor (decision 0040; fraud-release-approval.test.ts).
    await addAccount(store.db, "worker@provider.example", "admin");
    staff = await enrol(app, "worker@provider.example", await signIn(app, "worker@provider.example"));
    const posted = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() });
    const leadId = posted.json<{ id: string }>().id;
    const step = (payload: object) =>
      app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: staff.headers, payload });
    expect((await step({ to: "role_verified", method: "work_email", note: "Work e-mail answered" })).statusCode).toBe(
      201,
    );
    expect((await step({ to: "gift_card_sent" })).statusCode).toBe(201);
    return { leadId, providerRewardId: standIn.orders[0]!.rewards[0]!.id };
  };
  const rewardOf = async (leadId: string) =>
    (await app.inject({ url: `/api/staff/leads/${leadId}/rewards`, headers: staff.headers })).json<{
      rewards: RewardAnswer[];
    }>().rewards[0]!;
  const decide = (leadId: string, rewardId: string, payload: object) =>
    app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/rewards/${rewardId}/fraud-review`,
      headers: staff.headers,
      payload,
    });
  const kinds = async () => (await store.db.select().from(securityEvents)).map((e) => e.kind).sort();

  it("marks the reward and the lead once with the provider's reasons, whatever is sent again, and refuses a bad signature", async () => {
    const { leadId, providerRewardId } = await start();
    expect(await standIn.flag(providerRewardId, ["VPN detected", "Over reward count limit"], { uuid: "ev-1" })).toBe(
      200,
    );
    const flagged = await rewardOf(leadId);
    expect(flagged.fraudReview).toMatchObject({
      status: "flagged",
      reasons: ["VPN detected", "Over reward count limit"],
      reviewedBy: null,
    });
    expect(flagged.history.map((h) => h.kind)).toEqual(["ordered", "flagged"]);
    expect(flagged.history[1]).toMatchObject({
      actor: "provider:webhook",
      details: { reasons: "VPN detected; Over reward count limit" },
    });
    const due = (
      await app.inject({ url: "/api/staff/leads?due=verification", headers: staff.headers })
    ).json<LeadListPage>();
    expect(due.leads.map((l) => [l.id, l.reason])).toEqual([[leadId, CARD_HELD_FOR_REVIEW]]);

    // The same event again, and another event for the same flag: nothing changes twice.
    const again = await standIn.sendWebhook({
      event: "REWARDS.FLAGGED",
      uuid: "ev-1",
      payload: { resource: { id: providerRewardId, type: "rewards" } },
    });
    expect(JSON.parse(again.body)).toMatchObject({ outcome: "duplicate" });
    expect(await standIn.flag(providerRewardId, ["VPN detected"], { uuid: "ev-2" })).toBe(200);
    const forged = await standIn.sendWebhook(
      { event: "REWARDS.FLAGGED", uuid: "ev-3", payload: { resource: { id: providerRewardId, type: "rewards" } } },
      { signature: "sha256=00" },
    );
    expect(forged.status).toBe(401);
    expect((await rewardOf(leadId)).history.map((h) => h.kind)).toEqual(["ordered", "flagged"]);
    expect(await store.db.select().from(rewardChanges)).toHaveLength(2);
    expect((await kinds()).filter((k) => k === "reward_flagged")).toHaveLength(1);
  });

  it("ignores a flag for a reward it does not know", async () => {
    await start();
    const unknown = await standIn.sendWebhook({
      event: "REWARDS.FLAGGED",
      uuid: "ev-x",
      payload: { resource: { id: "NOSUCHREWARD", type: "rewards" } },
    });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body)).toMatchObject({ outcome: "ignored" });
    expect((await store.db.select().from(rewards))[0]!.fraudStatus).toBeNull();
  });

  it("releases a flagged reward through the provider once, even clicked twice, in the history and the security log", async () => {
    const { leadId, providerRewardId } = await start();
    await standIn.flag(providerRewardId, ["Disallowed email"]);
    const reward = await rewardOf(leadId);
    const one = await decide(leadId, reward.id, { decision: "release", note: "Called the facility: she is the DON" });
    const two = await decide(leadId, reward.id, { decision: "release" });
    // Held for a second admin (decision 0040): one approval, whatever is clicked.
    expect([one.statusCode, two.statusCode]).toEqual([202, 202]);
    const approvalId = one.json<{ approval: { id: string } }>().approval.id;
    expect(two.json<{ approval: { id: string } }>().approval.id).toBe(approvalId);
    await addAccount(store.db, "boss@provider.example", "admin");
    const boss = await enrol(app, "boss@provider.example", await signIn(app, "boss@provider.example"));
    const approve = () =>
      app.inject({
        method: "POST",
        url: `/api/staff/approvals/${approvalId}/approve`,
        headers: boss.headers,
        payload: {},
      });
    const [first, again] = [await approve(), await approve()];
    expect([first.statusCode, again.statusCode]).toEqual([200, 409]);
    expect(standIn.fraudReviews.decisions()).toBe(1);
    expect(standIn.fraudReviews.reviews.get(providerRewardId)?.status).toBe("released");
    const after = await rewardOf(leadId);
    expect(after).toMatchObject({
      status: "ordered",
      fraudReview: { status: "released", reviewedBy: "staff:worker@provider.example" },
    });
    expect(after.history.at(-1)).toMatchObject({ kind: "released", actor: "staff:worker@provider.example" });
    expect(await kinds()).toContain("reward_released");
    expect((await rewardOf(leadId)).history.map((h) => h.kind)).toEqual([
      "ordered",
      "flagged",
      "approval_requested",
      "approved",
      "released",
    ]);
  });

  it("blocks a flagged reward: canceled at the provider and here", async () => {
    const { leadId, providerRewardId } = await start();
    await standIn.flag(providerRewardId, ["IP on a Tremendous fraud list"]);
    const reward = await rewardOf(leadId);
    const blocked = await decide(leadId, reward.id, { decision: "block", note: "Not at this facility" });
    expect(blocked.statusCode).toBe(200);
    expect(standIn.fraudReviews.reviews.get(providerRewardId)?.status).toBe("blocked");
    expect(await rewardOf(leadId)).toMatchObject({ status: "canceled", fraudReview: { status: "blocked" } });
    expect(await kinds()).toContain("reward_blocked");
    const due = (
      await app.inject({ url: "/api/staff/leads?due=verification", headers: staff.headers })
    ).json<LeadListPage>();
    expect(due.leads).toEqual([]);
  });

  it("refuses bad input, a reward not flagged and one of another lead with a 4xx, changing nothing", async () => {
    const { leadId, providerRewardId } = await start();
    const reward = await rewardOf(leadId);
    expect((await decide(leadId, reward.id, { decision: "release" })).statusCode).toBe(409);
    await standIn.flag(providerRewardId, ["VPN detected"]);
    const bad = await decide(leadId, reward.id, { decision: "maybe" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ error: "Choose to release or block the reward." });
    expect((await decide(leadId, reward.id, { decision: "block", note: "x".repeat(2001) })).statusCode).toBe(400);
    expect((await decide(crypto.randomUUID(), reward.id, { decision: "block" })).statusCode).toBe(404);
    expect((await decide(leadId, "nope", { decision: "block" })).statusCode).toBe(404);
    const signedOut = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/rewards/${reward.id}/fraud-review`,
      payload: { decision: "block" },
    });
    expect(signedOut.statusCode).toBe(401);
    expect(standIn.fraudReviews.decisions()).toBe(0);
    expect((await rewardOf(leadId)).fraudReview?.status).toBe("flagged");
  });

  it("puts the reward back to flagged when the provider refuses the decision, with its words", async () => {
    const { leadId, providerRewardId } = await start();
    await standIn.flag(providerRewardId, ["VPN detected"]);
    // Someone released it in the provider's dashboard meanwhile: blocking is refused.
    standIn.fraudReviews.reviews.get(providerRewardId)!.status = "released";
    const reward = await rewardOf(leadId);
    const refused = await decide(leadId, reward.id, { decision: "block" });
    expect(refused.statusCode).toBe(502);
    expect(refused.json<{ error: string }>().error).toContain("The fraud review was already completed");
    expect(await rewardOf(leadId)).toMatchObject({ status: "ordered", fraudReview: { status: "flagged" } });
    expect(await kinds()).not.toContain("reward_blocked");
  });
});
