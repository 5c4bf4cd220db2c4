import { describe, expect, it } from "vitest";
import { STORE_KINDS } from "../test-support/test-helpers";
import { useRewardsStandIn } from "../test-support/rewards-harness";
import { listLeads } from "../store/console-queries";

/** After the order: the provider's delivery webhooks, a re-send to a corrected address, the Due view of a late card. */
describe.each(STORE_KINDS)("a reward's delivery from the stand-in on %s", (kind) => {
  const h = useRewardsStandIn(kind);

  it("refuses a wrong signature (401), applies an event once, and ignores an unknown reward (200)", async () => {
    await h.start();
    const id = await h.verifiedLead();
    await h.step(id, { to: "gift_card_sent" });
    const rewardId = h.standIn.orders[0]!.rewards[0]!.id;
    const event = {
      event: "REWARDS.DELIVERY.SUCCEEDED",
      uuid: "5a0b3c9e-1111-4222-8333-444455556666",
      created_utc: new Date().toISOString(),
      payload: { resource: { id: rewardId, type: "rewards" } },
    };
    h.standIn.orders[0]!.rewards[0]!.delivery.status = "SUCCEEDED";
    const forged = await h.standIn.sendWebhook(event, { signature: `sha256=${"0".repeat(64)}` });
    expect(forged.status).toBe(401);
    expect((await h.standIn.sendWebhook(event, { signature: "nonsense" })).status).toBe(401);
    expect((await h.rewardsOf(id)).rewards[0]!.status).toBe("ordered");
    expect((await h.standIn.sendWebhook(event)).status).toBe(200);
    const again = await h.standIn.sendWebhook(event);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body).outcome).toBe("duplicate");
    const history = (await h.rewardsOf(id)).rewards[0]!.history;
    expect(history.filter((change) => change.kind === "status")).toHaveLength(1);
    const unknown = await h.standIn.sendWebhook({
      ...event,
      uuid: "another-event",
      payload: { resource: { id: "NOSUCHREWARD", type: "rewards" } },
    });
    expect(unknown.status).toBe(200);
    expect(JSON.parse(unknown.body).outcome).toBe("ignored");
  });

  it("re-sends a failed delivery to a corrected e-mail, recorded", async () => {
    await h.start();
    const id = await h.verifiedLead();
    await h.step(id, { to: "gift_card_sent" });
    const providerReward = h.standIn.orders[0]!.rewards[0]!;
    await h.standIn.deliver(providerReward.id, "FAILED");
    const reward = (await h.rewardsOf(id)).rewards[0]!;
    expect(reward.status).toBe("failed");
    const resent = await h.app.inject({
      method: "POST",
      url: `/api/staff/leads/${id}/rewards/${reward.id}/resend`,
      headers: h.staff.headers,
      payload: { email: "dana.new@sunrise.example" },
    });
    expect(resent.statusCode).toBe(200);
    expect(providerReward.recipient.email).toBe("dana.new@sunrise.example");
    const after = (await h.rewardsOf(id)).rewards[0]!;
    expect(after.status).toBe("ordered");
    expect(after.recipientEmail).toBe("dana.new@sunrise.example");
    expect(after.history.map((change) => change.kind)).toEqual(["ordered", "status", "resent"]);
    const twice = await h.app.inject({
      method: "POST",
      url: `/api/staff/leads/${id}/rewards/${reward.id}/resend`,
      headers: h.staff.headers,
      payload: {},
    });
    expect(twice.statusCode).toBe(409);
  });

  it("lists a card ordered but not delivered after 24 hours in the Due view", async () => {
    await h.start();
    const late = await h.verifiedLead("late@sunrise.example");
    const delivered = await h.verifiedLead("delivered@sunrise.example");
    await h.step(late, { to: "gift_card_sent" });
    await h.step(delivered, { to: "gift_card_sent" });
    await h.standIn.deliver(h.standIn.orders[1]!.rewards[0]!.id, "SUCCEEDED");
    const due = async (now: Date) =>
      (await listLeads(h.store.db, { due: "card_delivery" }, now)).leads.map((l) => l.id);
    expect(await due(new Date())).toEqual([]);
    expect(await due(new Date(Date.now() + 25 * 3_600_000))).toEqual([late]);
    const api = await h.app.inject({ url: "/api/staff/leads?due=card_delivery", headers: h.staff.headers });
    expect(api.statusCode).toBe(200);
  });
});
