import { describe, expect, it } from "vitest";
import { listSecurityEvents, recordSecurityEvent } from "./security-events-repository";
import { addAccount } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { seedLead } from "../test-support/verification-harness";

/**
 * The security log's rows carry what their sentences need (decision 0035): the actor's role, and
 * the lead's facility.
 */
describe.each(STORE_KINDS)("the security log's rows (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));

  it("gives the actor's role and the named lead with its facility; a lead id that is not one names no lead", async () => {
    await addAccount(store.db, "ana@provider.example");
    const leadId = await seedLead(store.db, { email: "dana@sunrise.example", facilityName: "Sunrise Nursing" });
    const at = (minute: number) => new Date(`2026-11-26T01:0${minute}:00Z`);
    await recordSecurityEvent(
      store.db,
      {
        kind: "reward_approval_requested",
        actorEmail: "ana@provider.example",
        detail: { leadId, step: "gift_card_sent" },
      },
      at(1),
    );
    await recordSecurityEvent(store.db, { kind: "reward_flagged", detail: { leadId: "not-a-uuid" } }, at(2));
    await recordSecurityEvent(
      store.db,
      { kind: "reward_flagged", detail: { leadId: "00000000-0000-4000-8000-000000000000" } },
      at(3),
    );
    await recordSecurityEvent(store.db, { kind: "account_created", actorEmail: "server:npm run staff" }, at(4));
    const { events } = await listSecurityEvents(store.db, {});
    expect(events.map((e) => [e.kind, e.actorRole, e.lead])).toEqual([
      ["account_created", null, null],
      ["reward_flagged", null, null],
      ["reward_flagged", null, null],
      ["reward_approval_requested", "staff", { id: leadId, facilityName: "Sunrise Nursing" }],
    ]);
  });
});
