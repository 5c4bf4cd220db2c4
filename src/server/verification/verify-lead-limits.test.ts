import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import {
  recordCardSent,
  seedLead,
  standInDeps,
  startRegistryStandIns,
  type RegistryStandIns,
} from "../test-support/verification-harness";
import { latestVerification, lockVerificationKeys } from "./verification-repository";
import { recheckNotCheckedYet, verifyLead, type VerificationEvidence } from "./verify-lead";

const sunriseLead = (email = `jo@${SUNRISE.domain}`) => ({
  facilityName: "Sunrise Nursing & Rehab Center",
  facilityType: "nursing_home",
  location: "Georgia",
  email,
});
const onHealthSystem = (facilityName: string, facilityType: string) => ({
  facilityName,
  facilityType,
  location: "Georgia",
  email: `jo.${facilityType}@health-system.example`,
});

describe.each(STORE_KINDS)("verifyLead: one card per facility, limits per day, registries down (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 3000 });
  });
  afterAll(() => standIns.close());
  const deps = (over = {}) => standInDeps(store.db, standIns, over);

  it("a second lead from the same facility needs review; once the first has its card, the reason says so", async () => {
    const first = await seedLead(store.db, sunriseLead());
    expect((await verifyLead(store.db, first, deps()))?.decision).toBe("verified");
    const second = await seedLead(store.db, sunriseLead(`sam@${SUNRISE.domain}`), { clientIp: "203.0.113.9" });
    expect(await verifyLead(store.db, second, deps())).toMatchObject({
      decision: "needs_review",
      reasons: [
        `another lead from this facility (NPI ${SUNRISE.npi}, CCN ${SUNRISE.ccn}) was verified in the last 365 days`,
      ],
    });
    await recordCardSent(store.db, first);
    expect(await verifyLead(store.db, second, deps())).toMatchObject({
      decision: "needs_review",
      reasons: [`a card went to this facility (NPI ${SUNRISE.npi}, CCN ${SUNRISE.ccn}) in the last 365 days`],
    });
  });

  it("verifying the same lead again is not 'another lead'", async () => {
    const lead = await seedLead(store.db, sunriseLead());
    await verifyLead(store.db, lead, deps());
    expect((await verifyLead(store.db, lead, deps()))?.decision).toBe("verified");
  });

  it("a third lead from one domain in a day needs review (VERIFICATION_DOMAIN_DAILY_LIMIT 2)", async () => {
    const ips = ["203.0.113.1", "203.0.113.2", "203.0.113.3"];
    const leads = [
      await seedLead(store.db, onHealthSystem("Sunrise Nursing and Rehabilitation", "nursing_home"), {
        clientIp: ips[0]!,
      }),
      await seedLead(store.db, onHealthSystem("Mercy General Hospital", "hospital"), { clientIp: ips[1]! }),
      await seedLead(store.db, onHealthSystem("Peach State Assisted Living", "assisted_living"), { clientIp: ips[2]! }),
    ];
    const decisions = [];
    for (const lead of leads) decisions.push(await verifyLead(store.db, lead, deps()));
    expect(decisions.map((d) => d?.decision)).toEqual(["verified", "verified", "needs_review"]);
    expect(decisions[2]?.reasons).toEqual([
      "the e-mail's domain already has 2 automatic verifications today (limit 2)",
    ]);
  });

  // PGlite is one connection (transactions cannot overlap); on PostgreSQL a held lock must make verifyLead wait.
  if (kind === "postgres") {
    it("a verification waits for another of the same domain or facility to commit (the limits hold under concurrency)", async () => {
      const lead = await seedLead(store.db, sunriseLead());
      let release = () => {};
      let taken = () => {};
      const isTaken = new Promise<void>((resolve) => (taken = resolve));
      const holder = store.db.transaction(async (tx) => {
        await lockVerificationKeys(tx, [`npi:${SUNRISE.npi}`]);
        taken();
        await new Promise<void>((resolve) => (release = resolve));
      });
      await isTaken;
      let finished = false;
      const verifying = verifyLead(store.db, lead, deps()).then((v) => ((finished = true), v));
      await new Promise((resolve) => setTimeout(resolve, 1500));
      expect(finished).toBe(false);
      release();
      await holder;
      expect((await verifying)?.decision).toBe("verified");
    });
  }

  it.each(["status_500", "timeout", "errors"] as const)(
    "NPPES down (%s): not checked yet, no error; checked again once it is back",
    async (fault) => {
      const lead = await seedLead(store.db, sunriseLead());
      standIns.nppes.setFault(fault);
      try {
        const down = await verifyLead(store.db, lead, deps());
        expect(down).toMatchObject({
          decision: "not_checked_yet",
          reasons: ["registries could not be reached: checked again later"],
          npi: null,
          ccn: null,
        });
        expect((down!.evidence as unknown as VerificationEvidence).registry.lookups[0]).toMatchObject({
          registry: "nppes",
          ok: false,
        });
        // Still down: the sweep tries the oldest and stops.
        expect((await recheckNotCheckedYet(store.db, deps())).map((v) => v.decision)).toEqual(["not_checked_yet"]);
      } finally {
        standIns.nppes.setFault("none");
      }
      const rechecked = await recheckNotCheckedYet(store.db, deps());
      expect(rechecked.map((v) => [v.leadId, v.decision])).toEqual([[lead, "verified"]]);
      expect((await latestVerification(store.db, lead))?.decision).toBe("verified");
      expect(await recheckNotCheckedYet(store.db, deps())).toEqual([]);
    },
  );

  it("CMS down alone is enough to wait: the NPI may be known, the CCN not", async () => {
    const lead = await seedLead(store.db, sunriseLead());
    standIns.cms.setFault("status_500");
    try {
      expect((await verifyLead(store.db, lead, deps()))?.decision).toBe("not_checked_yet");
    } finally {
      standIns.cms.setFault("none");
    }
  });

  it("a repeated check reads the registries from the cache: no new registry request", async () => {
    const lead = await seedLead(store.db, sunriseLead());
    await verifyLead(store.db, lead, deps());
    const requests = standIns.nppes.requests() + standIns.cms.requests();
    const again = await verifyLead(store.db, lead, deps());
    expect(standIns.nppes.requests() + standIns.cms.requests()).toBe(requests);
    expect((again!.evidence as unknown as VerificationEvidence).registry.lookups.every((l) => l.cached)).toBe(true);
  });
});
