import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import type { OnboardingSpots } from "../../domain/onboarding-spots";
import { leadVerifications } from "../store/schema";
import { useRewardsStandIn } from "../test-support/rewards-harness";
import { signIn } from "../test-support/staff-test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { STORE_KINDS } from "../test-support/test-helpers";

/** Decision 0043: the public "spots left" claim rests only on facilities a registry knows, paid for or recorded by an admin. */
describe.each(STORE_KINDS)("what the spots claim counts on %s", (kind) => {
  const h = useRewardsStandIn(kind);
  let n = 0;

  const southeastLeft = async () => {
    const response = await h.app.inject({ method: "GET", url: "/api/onboarding/spots" });
    expect(response.statusCode).toBe(200);
    return response.json<OnboardingSpots>().regions.find((region) => region.name === "Southeast")?.left;
  };
  /** A verification of the lead that matched a registry (the NPI stand-in's number), as the verification records it. */
  const registryMatch = async (leadId: string, npi: string) => {
    await h.store.db.insert(leadVerifications).values({
      id: randomUUID(),
      leadId,
      decision: "verified",
      reasons: ["npi_match"],
      evidence: {},
      npi,
      emailDomain: "example",
    });
  };
  const postLead = async (email: string) => {
    n += 1;
    const posted = await h.app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({
        email,
        facilityName: `Made Up Care ${n}`,
        phone: `55598711${n.toString().padStart(2, "0")}`,
      }),
    });
    expect(posted.statusCode).toBe(201);
    return posted.json<{ id: string }>().id;
  };
  /** Staff step a lead to "first shift filled" with a card reference typed by hand (no money). */
  const stepByHand = async (leadId: string, who = h.staff) => {
    for (const step of [
      { to: "qualified", via: "staff_call" },
      { to: "role_verified", method: "phone_call_to_facility", note: "Called the desk" },
      { to: "gift_card_sent", reference: `MANUAL-${leadId.slice(0, 8)}` },
    ])
      expect((await h.step(leadId, step)).statusCode).toBe(201);
    expect((await h.step(leadId, { to: "first_shift_filled" }, who)).statusCode).toBe(201);
  };

  it("four fake free-mail leads stepped by staff with a manual reference do not move it; a registry-matched facility with a real order does", async () => {
    await h.start({}, { reports: { spotsMaxAgeMs: 0 } });
    expect(await southeastLeft()).toBe(15);

    for (let i = 1; i <= 4; i++) {
      const id = await postLead(`fake.director${i}@gmail.com`);
      // Two of them even carry a registry number: a hand-typed reference is still no order.
      if (i <= 2) await registryMatch(id, `19${i}0000000`);
      await stepByHand(id);
    }
    expect(await southeastLeft()).toBe(15);

    // A real order: the card ordered from the provider, then the first shift.
    const paid = await h.verifiedLead("dana@sunrise.example");
    await registryMatch(paid, "1234567893");
    expect((await h.step(paid, { to: "gift_card_sent" })).statusCode).toBe(201);
    expect(h.standIn.orders).toHaveLength(1);
    expect((await h.step(paid, { to: "first_shift_filled" })).statusCode).toBe(201);
    expect(await southeastLeft()).toBe(14);
  });

  it("counts a registry-matched facility whose first shift an admin recorded, and never one without a registry match", async () => {
    await h.start({}, { reports: { spotsMaxAgeMs: 0 } });
    const boss = await signIn(h.app, "boss@provider.example");
    const unmatched = await postLead("director@unmatched-care.example");
    await stepByHand(unmatched, boss);
    expect(await southeastLeft()).toBe(15);

    const matched = await postLead("director@matched-care.example");
    await registryMatch(matched, "1987654321");
    await stepByHand(matched, boss);
    expect(await southeastLeft()).toBe(14);
  });
});
