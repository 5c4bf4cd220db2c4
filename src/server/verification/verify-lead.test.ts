import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MERCY, SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import {
  seedLead,
  standInDeps,
  startRegistryStandIns,
  type RegistryStandIns,
} from "../test-support/verification-harness";
import { latestVerification } from "./verification-repository";
import { verifyLead, type VerificationEvidence } from "./verify-lead";

/** A director of nursing at Sunrise (a registry facility), writing from its domain. */
const sunriseLead = {
  facilityName: "Sunrise Nursing & Rehab Center",
  facilityType: "nursing_home",
  location: "Georgia",
  email: `jo@${SUNRISE.domain}`,
};

describe.each(STORE_KINDS)("verifyLead against the stand-ins (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns({ holdMs: 3000 });
  });
  afterAll(() => standIns.close());
  const deps = (over = {}) => standInDeps(store.db, standIns, over);

  it("verifies a director of nursing at a registry facility whose website shows the registry phone, and stores the evidence", async () => {
    const leadId = await seedLead(store.db, sunriseLead);
    const verification = await verifyLead(store.db, leadId, deps());
    expect(verification).toMatchObject({
      decision: "verified",
      reasons: [`facility matched (NPI ${SUNRISE.npi}, CCN ${SUNRISE.ccn}) and the address tied to it`],
      npi: SUNRISE.npi,
      ccn: SUNRISE.ccn,
    });
    const stored = await latestVerification(store.db, leadId);
    expect(stored).toMatchObject({ decision: "verified", npi: SUNRISE.npi, ccn: SUNRISE.ccn });
    const evidence = stored!.evidence as unknown as VerificationEvidence;
    expect(evidence.registry.match).toMatchObject({
      npi: SUNRISE.npi,
      ccn: SUNRISE.ccn,
      phone: SUNRISE.phone,
      official: { lastName: "REYES" },
      taxonomy: "Skilled Nursing Facility",
    });
    expect(evidence.registry.lookups.map((l) => [l.registry, l.ok])).toEqual([
      ["nppes", true],
      ["cms_nursing_homes", true],
      ["cms_hospitals", true],
    ]);
    // Decision 0044: the strong tie, its endpoint on the facility's domain, an NPI enumerated long
    // ago and a CMS record.
    expect(evidence.tie).toMatchObject({
      tied: true,
      checks: ["npi_endpoint_domain", "cms_record"],
      domain: SUNRISE.domain,
    });
    expect(evidence).toMatchObject({
      qualifiedVia: "chat",
      role: "director_of_nursing",
      emailFlags: [],
      workAddressConfirmedAt: "2026-11-26T01:00:00.000Z",
    });
  });

  it("a hospital tied by its price transparency file, found in both registries", async () => {
    const leadId = await seedLead(
      store.db,
      { facilityName: "Mercy General Hospital", facilityType: "hospital", email: `jo@${MERCY.domain}` },
      { role: "administrator" },
    );
    expect(await verifyLead(store.db, leadId, deps())).toMatchObject({
      decision: "verified",
      npi: MERCY.npi,
      ccn: MERCY.ccn,
    });
  });

  it.each<[string, Record<string, unknown>, { qualified?: null; role?: string }, Record<string, unknown>, string[]]>([
    ["a free-mail address", { email: "jo.kim@gmail.com" }, {}, {}, ["free-mail address"]],
    ["a disposable address", { email: "jo@mailinator.com" }, {}, {}, ["disposable address"]],
    [
      "a look-alike domain whose website lacks the phone",
      { email: "jo@sunrise-care-center.example" },
      {},
      {},
      ["e-mail address not tied to the facility", "website does not show the registry phone"],
    ],
    ["the facility in another state", { location: "Florida" }, {}, {}, ["facility not found in Florida"]],
    ["a lead not qualified", {}, { qualified: null }, {}, ["not qualified by the chat or a call"]],
    ["a scheduler is fine, a nurse is not", {}, { role: "nurse" }, {}, ["role is not a decision-maker's"]],
    [
      "the code never confirmed",
      {},
      {},
      { workAddressConfirmedAt: async () => null },
      ["work e-mail address not confirmed"],
    ],
    [
      "the month's rewards limit reached",
      {},
      {},
      { monthlyLimitUsd: 0 },
      ["this month's rewards limit of $0 is reached"],
    ],
  ])("needs review: %s", async (_, fields, options, over, reasons) => {
    const leadId = await seedLead(store.db, { ...sunriseLead, ...fields }, options);
    const verification = await verifyLead(store.db, leadId, deps(over));
    expect(verification?.decision).toBe("needs_review");
    for (const reason of reasons) expect(verification?.reasons).toContain(reason);
    expect((await latestVerification(store.db, leadId))?.reasons).toEqual(verification?.reasons);
  });

  it("a free-mail or disposable domain's website is never fetched", async () => {
    const before = standIns.web.requested.length;
    for (const email of ["jo.kim@gmail.com", "jo@mailinator.com"]) {
      const verification = await verifyLead(store.db, await seedLead(store.db, { ...sunriseLead, email }), deps());
      expect((verification!.evidence as unknown as VerificationEvidence).tie).toMatchObject({
        tied: false,
        checks: [],
        pages: [],
      });
    }
    expect(standIns.web.requested.length).toBe(before);
  });

  it("the lead typing the registry's authorized official's name, on a domain without a website: a name-only tie, not paid", async () => {
    standIns.web.sites.delete(SUNRISE.domain);
    try {
      const leadId = await seedLead(store.db, {
        ...sunriseLead,
        firstName: "Dana",
        lastName: "Reyes",
        email: "dana@sunrise-admin.example",
      });
      const verification = await verifyLead(store.db, leadId, deps());
      expect(verification?.decision).toBe("needs_review");
      expect(verification?.reasons.join("; ")).toContain("name-only tie");
    } finally {
      standIns.web.sites.set(SUNRISE.domain, { home: `<a href="tel:+14045550100">(404) 555-0100</a>` });
    }
  });

  it("an unknown lead: nothing stored, no error", async () => {
    expect(await verifyLead(store.db, "00000000-0000-4000-8000-000000000000", deps())).toBeUndefined();
  });
});
