import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { STORE_KINDS, useTestApps, type TestStore } from "./test-support/test-helpers";
import { homepageLead } from "./test-support/test-fixtures";
import { seedLead, standInDeps, startRegistryStandIns } from "./test-support/verification-harness";
import { verifyLead } from "./verification";
import { leadVerifications } from "./store/schema";

/** Decision 0040: every per-client limit counts an IPv6 /64 as one client (rotating through one's own prefix is still one client). */
describe.each(STORE_KINDS)("per-client limits count an IPv6 /64 as one client (%s)", (kind) => {
  let store: TestStore;
  const build = useTestApps(kind, (made) => (store = made));

  it("the public form's RATE_LIMIT_PER_MINUTE: the fourth post from another address of the same /64 is refused", async () => {
    const app: FastifyInstance = await build({ RATE_LIMIT_PER_MINUTE: 3, MIN_FILL_SECONDS: 0 });
    const statuses: number[] = [];
    for (let i = 1; i <= 4; i++) {
      const posted = await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ email: `jo${i}@lakeside.example`, phone: `555123400${i}` }),
        remoteAddress: `2001:db8:1:2::${i.toString(16)}:${(i * 7).toString(16)}`,
      });
      statuses.push(posted.statusCode);
    }
    expect(statuses).toEqual([201, 201, 201, 429]);
    // Another /64 is another client.
    const other = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ email: "jo9@lakeside.example", phone: "5551234009" }),
      remoteAddress: "2001:db8:1:3::1",
    });
    expect(other.statusCode).toBe(201);
  });

  it("the verification's per-client daily limit counts the /64, and only that prefix is kept with the decision", async () => {
    const standIns = await startRegistryStandIns();
    try {
      const deps = standInDeps(store.db, standIns);
      const fields = (email: string, facilityName: string, facilityType: string) => ({
        facilityName,
        facilityType,
        location: "Georgia",
        email,
      });
      const leads = [
        await seedLead(
          store.db,
          fields("a@health-system.example", "Sunrise Nursing and Rehabilitation", "nursing_home"),
          {
            clientIp: "2001:db8:5:6::a",
          },
        ),
        await seedLead(store.db, fields("b@sunrise-care.example", "Mercy General Hospital", "hospital"), {
          clientIp: "2001:db8:5:6::b",
        }),
      ];
      await verifyLead(store.db, leads[0]!, deps);
      const stored = await store.db.select({ clientIp: leadVerifications.clientIp }).from(leadVerifications);
      expect(stored.map((row) => row.clientIp)).toEqual(["2001:db8:5:6::/64"]);
      const second = await verifyLead(store.db, leads[1]!, { ...deps });
      expect(second?.evidence).toMatchObject({ verifiedToday: { clientAddress: 1 } });
    } finally {
      await standIns.close();
    }
  });
});
