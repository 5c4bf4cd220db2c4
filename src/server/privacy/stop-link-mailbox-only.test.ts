import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { contactOptOuts, deliveries } from "../store/schema";
import { STORE_KINDS, useTestApp, type TestApp } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { isOptedOut } from "./privacy-request-log";
import { issueContactLink } from "./contact-links";

const VICTIM = { email: "victim@fernbrook.example", phone: "5558880000" };

/** Decision 0040: a lead with the attacker's e-mail and the victim's phone gets a stop link; its POST stops only the attacker's own address. */
describe.each(STORE_KINDS)("a stop link stops only the address it was sent to (%s)", (kind) => {
  let t: TestApp;
  useTestApp(kind, (made) => (t = made), { MIN_FILL_SECONDS: 0 });

  it("the victim's phone and the victim's own lead stay reachable; the link's address is opted out", async () => {
    const post = (payload: object) => t.app.inject({ method: "POST", url: "/api/leads", payload });
    const victimLead = await post(homepageLead({ email: VICTIM.email, phone: VICTIM.phone }));
    expect(victimLead.statusCode).toBe(201);
    const attackerLead = await post(
      homepageLead({ email: "attacker@elsewhere.example", phone: VICTIM.phone, facilityName: "Another Place" }),
    );
    const attackerId = attackerLead.json<{ id: string }>().id;
    const token = await t.app.store.db.transaction((tx) => issueContactLink(tx, attackerId, new Date()));

    const stopped = await t.app.inject({ method: "POST", url: "/api/stop-contacting", payload: { token } });
    expect(stopped.statusCode).toBe(200);

    const rows = await t.app.store.db.select().from(contactOptOuts);
    expect(rows.map((row) => [row.email, row.phoneDigits, row.via])).toEqual([
      ["attacker@elsewhere.example", null, "link"],
    ]);
    expect(await isOptedOut(t.app.store.db, { phoneDigits: VICTIM.phone })).toBe(false);
    expect(await isOptedOut(t.app.store.db, { email: VICTIM.email })).toBe(false);
    expect(await t.app.store.db.$count(contactOptOuts, eq(contactOptOuts.phoneDigits, VICTIM.phone))).toBe(0);
    // The victim's own waiting e-mails are not cancelled either.
    const cancelled = await t.app.store.db.select().from(deliveries).where(eq(deliveries.status, "cancelled"));
    expect(cancelled.filter((d) => d.payload.includes(VICTIM.email))).toEqual([]);
  });
});
