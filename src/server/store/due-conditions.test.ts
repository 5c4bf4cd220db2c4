import { describe, expect, it } from "vitest";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { listLeads } from "./console-queries";
import { contactOptOuts, facilityLeads, leadVerifications } from "./schema";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { seedLead } from "../test-support/verification-harness";

/** The Due view's kinds (decision 0035): who is owed a call or a person's verification, and why, the deciding reason first. */
describe.each(STORE_KINDS)("the Due view's leads (%s)", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));
  const now = new Date("2026-11-27T12:00:00Z");

  /** A lead received two days ago (its call promise of 24 hours broken), at a status. */
  async function lead(email: string, phone: string, status: "new" | "qualified" | "rejected") {
    const id = await seedLead(store.db, { email, phone, facilityName: "Sunrise Nursing", location: "Georgia" });
    await store.db
      .update(facilityLeads)
      .set({ receivedAt: new Date("2026-11-25T09:00:00Z"), pipelineStatus: status })
      .where(eq(facilityLeads.id, id));
    return id;
  }
  const ids = async (due: "call" | "verification") =>
    (await listLeads(store.db, { due }, now)).leads.map((row) => row.id);

  it("lists no call for a lead that asked not to be contacted (by e-mail or by phone) or never qualified", async () => {
    const owed = await lead("ana@sunrise.example", "5550001001", "qualified");
    const optedOutByEmail = await lead("Bo@Sunrise.example", "5550001002", "qualified");
    const optedOutByPhone = await lead("cy@sunrise.example", "(555) 000-1003", "qualified");
    const neverQualified = await lead("di@sunrise.example", "5550001004", "new");
    await lead("ed@sunrise.example", "5550001005", "rejected");
    await store.db.insert(contactOptOuts).values([
      { id: randomUUID(), email: "bo@sunrise.example", via: "link" },
      { id: randomUUID(), phoneDigits: "5550001003", via: "console" },
    ]);
    expect(await ids("call")).toEqual([owed]);
    // Nor is a verification due for a person who asked not to be contacted; a lead never qualified still is.
    const toVerify = await ids("verification");
    expect(toVerify).toEqual(expect.arrayContaining([owed, neverQualified]));
    expect(toVerify).not.toContain(optedOutByEmail);
    expect(toVerify).not.toContain(optedOutByPhone);
  });

  it("gives each lead to verify all its reasons, the one that decides first (free-mail before 'not confirmed')", async () => {
    const id = await lead("fay@gmail.com", "5550001006", "qualified");
    await store.db.insert(leadVerifications).values({
      id: randomUUID(),
      leadId: id,
      decision: "needs_review",
      reasons: ["work e-mail address not confirmed", "free-mail address"],
      evidence: {},
      emailDomain: "gmail.com",
      checkedAt: new Date("2026-11-26T09:00:00Z"),
    });
    const [row] = (await listLeads(store.db, { due: "verification" }, now)).leads;
    expect(row).toMatchObject({
      id,
      reason: "free-mail address",
      reasons: ["free-mail address", "work e-mail address not confirmed"],
    });
  });
});
