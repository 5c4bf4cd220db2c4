import { describe, expect, it } from "vitest";
import { signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { useRewardsStandIn } from "../test-support/rewards-harness";
import { deliveries } from "../store/schema";

/** Ordering a card or a bonus from the stand-in: exactly once, the provider's refusals and outages in words, the month's limit. */
describe.each(STORE_KINDS)("rewards ordered from the stand-in on %s", (kind) => {
  const h = useRewardsStandIn(kind);

  it("orders the $50 card, records its ids as the step's reference, and tracks its delivery by webhook", async () => {
    await h.start();
    const id = await h.verifiedLead();
    expect((await h.rewardsOf(id)).recipientEmail).toBe("dana@sunrise.example");
    const ordered = await h.step(id, { to: "gift_card_sent", note: "Promised on the call" });
    expect(ordered.statusCode).toBe(201);
    const reward = ordered.json().reward;
    expect(reward.status).toBe("ordered");
    expect(h.standIn.orders).toHaveLength(1);
    const order = h.standIn.orders[0]!;
    expect(order.rewards[0]!.value.denomination).toBe(50);
    expect(order.rewards[0]!.recipient).toEqual({ name: "Dana Reyes", email: "dana@sunrise.example" });
    expect(reward.providerOrderId).toBe(order.id);
    const [recorded] = await h.cardSteps(id);
    expect(recorded!.details).toEqual({
      reference: `${order.id} / ${order.rewards[0]!.id}`,
      amountUsd: 50,
      recipient: "dana@sunrise.example",
    });

    expect(await h.standIn.deliver(order.rewards[0]!.id, "SUCCEEDED")).toBe(200);
    const after = (await h.rewardsOf(id)).rewards[0]!;
    expect(after.status).toBe("delivered");
    expect(after.history.map((change) => `${change.kind}:${change.status}`)).toEqual([
      "ordered:ordered",
      "status:delivered",
    ]);
    const events = (await h.store.db.select().from(deliveries)).map(
      (d) => JSON.parse(d.payload) as { type: string; kind?: string; status?: string },
    );
    expect(events.filter((e) => e.type === "lead.reward").map((e) => `${e.kind}:${e.status}`)).toEqual([
      "ordered:ordered",
      "status:delivered",
    ]);
  });

  it("orders the $250 bonus after the first shift, to the e-mail h.staff corrected", async () => {
    await h.start();
    const id = await h.verifiedLead();
    expect((await h.step(id, { to: "gift_card_sent" })).statusCode).toBe(201);
    expect((await h.step(id, { to: "first_shift_filled" })).statusCode).toBe(201);
    const bad = await h.step(id, { to: "bonus_sent", recipientEmail: "not an address" });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json().fields)).toEqual(["recipientEmail"]);
    expect(h.standIn.orders).toHaveLength(1);
    const bonus = await h.step(id, { to: "bonus_sent", recipientEmail: "dana.reyes@sunrise.example" });
    expect(bonus.statusCode).toBe(201);
    expect(h.standIn.orders.map((o) => o.rewards[0]!.value.denomination)).toEqual([50, 250]);
    expect(h.standIn.orders[1]!.rewards[0]!.recipient.email).toBe("dana.reyes@sunrise.example");
    expect((await h.lead(id)).lead.pipelineStatus).toBe("bonus_sent");
  });

  it("orders once for two concurrent confirmations by two staff", async () => {
    await h.start();
    const other = await signIn(h.app, "other@provider.example");
    const id = await h.verifiedLead();
    const [a, b] = await Promise.all([
      h.step(id, { to: "gift_card_sent" }),
      h.step(id, { to: "gift_card_sent" }, other),
    ]);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(a.json().reward.id).toBe(b.json().reward.id);
    expect(h.standIn.createCalls()).toBe(1);
    expect(h.standIn.orders).toHaveLength(1);
    expect(await h.cardSteps(id)).toHaveLength(1);
  });

  it("orders once when the provider times out after creating the order, then a retry", async () => {
    await h.start({ TREMENDOUS_TIMEOUT_MS: 300 });
    const id = await h.verifiedLead();
    h.standIn.failNext({ kind: "timeout-after-create", holdMs: 2000 });
    const lost = await h.step(id, { to: "gift_card_sent" });
    expect(lost.statusCode).toBe(504);
    expect(lost.json().error).toMatch(/did not answer in time.*never a second one/);
    expect(await h.cardSteps(id)).toHaveLength(0);
    const typed = await h.step(id, { to: "gift_card_sent", reference: "BOUGHT-ELSEWHERE" });
    expect(typed.statusCode).toBe(409); // the order in flight would be paid twice
    const retried = await h.step(id, { to: "gift_card_sent" });
    expect(retried.statusCode).toBe(201);
    expect(retried.json().reward.providerOrderId).toBe(h.standIn.orders[0]!.id);
    expect(h.standIn.orders).toHaveLength(1);
    expect(h.standIn.createCalls()).toBe(1); // the retry found the order by its external id
    expect(await h.cardSteps(id)).toHaveLength(1);
  });

  it("shows a provider 422 and a 500 in plain words, records nothing, and a retry succeeds", async () => {
    await h.start();
    const id = await h.verifiedLead();
    h.standIn.failNext({ kind: "status", status: 422, message: "Recipient email is invalid" });
    const refused = await h.step(id, { to: "gift_card_sent" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toBe(
      "The rewards provider refused the order: Recipient email is invalid. Nothing was ordered and no step was recorded. Correct it and try again.",
    );
    h.standIn.failNext({ kind: "status", status: 500 });
    const broken = await h.step(id, { to: "gift_card_sent" });
    expect(broken.statusCode).toBe(502);
    expect(broken.json().error).toMatch(/had a problem \(500\).*Try again/);
    expect(await h.cardSteps(id)).toHaveLength(0);
    expect((await h.lead(id)).lead.pipelineStatus).toBe("role_verified");
    const ok = await h.step(id, { to: "gift_card_sent" });
    expect(ok.statusCode).toBe(201);
    expect(h.standIn.orders).toHaveLength(1);
    expect(await h.cardSteps(id)).toHaveLength(1);
    expect((await h.rewardsOf(id)).rewards[0]!.history.map((change) => change.kind)).toEqual(["refused", "ordered"]);
  });

  it("shows an order held for approval as such", async () => {
    await h.start();
    const id = await h.verifiedLead();
    h.standIn.failNext({ kind: "pending-approval" });
    const held = await h.step(id, { to: "gift_card_sent" });
    expect(held.statusCode).toBe(201);
    expect(held.json().reward.status).toBe("pending_approval");
  });

  it("refuses the order that would pass the monthly limit, saying the limit and what is left", async () => {
    await h.start({ REWARDS_MONTHLY_LIMIT_USD: 90 });
    const first = await h.verifiedLead("one@sunrise.example");
    const second = await h.verifiedLead("two@sunrise.example");
    expect((await h.step(first, { to: "gift_card_sent" })).statusCode).toBe(201);
    const refused = await h.step(second, { to: "gift_card_sent" });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().error).toContain("limit of $90: $40 is left");
    expect(h.standIn.orders).toHaveLength(1);
    expect(await h.cardSteps(second)).toHaveLength(0);
    const boss = await signIn(h.app, "boss@provider.example");
    const month = await h.app.inject({ url: "/api/staff/rewards/month", headers: boss.headers });
    expect(month.json()).toMatchObject({ spentUsd: 50, count: 1, limitUsd: 90 });
    expect((await h.app.inject({ url: "/api/staff/rewards/month", headers: h.staff.headers })).statusCode).toBe(403);
  });
});
