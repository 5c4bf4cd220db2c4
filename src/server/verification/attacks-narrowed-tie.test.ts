import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startNppesStandIn, type NppesSeed } from "../test-support/nppes-stand-in";
import type { RegistryStandIn } from "../test-support/registry-stand-in-server";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import {
  recordCardSent,
  seedLead,
  standInDeps,
  startRegistryStandIns,
  type RegistryStandIns,
} from "../test-support/verification-harness";
import { nppesClient } from "./nppes-client";
import { verifyLead, type VerificationEvidence } from "./verify-lead";

const DAY_MS = 86_400_000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS).toISOString();
const dateDaysAgo = (days: number) => daysAgo(days).slice(0, 10);

const official = (firstName: string, lastName: string) => ({ firstName, lastName, title: "ADMINISTRATOR", phone: "" });
const inKnoxville = (line: string, zip = "37902") => ({ line, city: "KNOXVILLE", state: "TN", zip });

/** The fourth attack's facilities (decision 0042), each in NPPES only. */
const SEEDS: NppesSeed[] = [
  {
    // Attack 1: an organisation NPI registered two days ago for the purpose, its endpoint on a two-day-old domain.
    npi: "1999000011",
    name: "SUNNY ACRES CARE HOME",
    address: inKnoxville("12 MAPLE LN"),
    phone: "865-555-0170",
    taxonomy: "Assisted Living Facility",
    official: official("EVE", "MALLORY"),
    endpoints: ["intake@sunnyacres-newco.example"],
    enumerationDate: dateDaysAgo(2),
    lastUpdated: dateDaysAgo(2),
  },
  {
    // Attack 2: a real, old facility whose name holds a common word.
    npi: "1999000029",
    name: "THORNBURY RIDGE HEALTH CENTER",
    address: inKnoxville("55 HILL RD", "37920"),
    phone: "865-555-0180",
    taxonomy: "Skilled Nursing Facility",
    official: official("ALEX", "STONE"),
    enumerationDate: "2010-04-01",
  },
  {
    // Attack 3: the facility's Direct endpoint at a shared mailbox provider.
    npi: "1999000037",
    name: "CORRIGAN FALLS CARE CENTER",
    address: inKnoxville("3 RIVER RD", "37915"),
    phone: "865-555-0190",
    taxonomy: "Skilled Nursing Facility",
    official: official("MO", "CHEN"),
    endpoints: ["corriganfalls.admissions@fastmail.com"],
    enumerationDate: "2008-02-01",
  },
  {
    npi: "1999000045",
    name: "WEXFORD PINES NURSING CENTER",
    address: inKnoxville("800 S Gay St"),
    phone: "865-555-0200",
    taxonomy: "Skilled Nursing Facility",
    official: official("PAT", "QUINN"),
    endpoints: ["direct@wexfordpines.example"],
    enumerationDate: "2006-01-01",
  },
  {
    // A subpart NPI beside it: the same building written another way, the same official and ZIP.
    npi: "1999000052",
    name: "WEXFORD PINES REHABILITATION UNIT",
    address: inKnoxville("800 South Gay Street"),
    phone: "865-555-0210",
    taxonomy: "Rehabilitation Unit",
    official: official("PAT", "QUINN"),
    endpoints: ["unit@wexfordpines.example"],
    enumerationDate: "2015-01-01",
    subpart: true,
  },
];

/**
 * The fourth attack's findings (decision 0042), each reproduced against the stand-ins: not paid
 * automatically, each with its reason in the words staff read; a self-made NPI's phone is never a
 * number to call.
 */
describe.each(STORE_KINDS)("the narrowed tie: the fourth attack's findings (%s)", (kind) => {
  let store: TestStore;
  let standIns: RegistryStandIns;
  let nppes: RegistryStandIn;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    standIns = await startRegistryStandIns();
    nppes = await startNppesStandIn(SEEDS);
    standIns.rdap.registrations.set("sunnyacres-newco.example", daysAgo(2));
    standIns.rdap.registrations.set("blueridgeoutfitters.example", daysAgo(3300));
    standIns.rdap.registrations.set("wexfordpines.example", daysAgo(4000));
    standIns.web.sites.set("blueridgeoutfitters.example", { home: "<p>Thornbury Ridge: (865) 555-0180</p>" });
  });
  afterAll(async () => {
    await nppes.close();
    await standIns.close();
  });
  const deps = () =>
    standInDeps(store.db, standIns, {
      nppes: nppesClient({ db: store.db, baseUrl: nppes.url, limits: { timeoutMs: 1000 } }),
    });
  const lead = (facilityName: string, email: string, firstName = "Jo") =>
    seedLead(store.db, { facilityName, location: "Tennessee", facilityType: "nursing_home", email, firstName });
  const verify = async (leadId: string) => {
    const verification = (await verifyLead(store.db, leadId, deps()))!;
    const evidence = verification.evidence as unknown as VerificationEvidence;
    return { ...verification, evidence, said: verification.reasons.join("; ") };
  };

  it("a facility made up for the purpose (an NPI of two days, its endpoint on a two-day-old domain): not paid, and its phone is never called", async () => {
    const v = await verify(await lead("Sunny Acres Care Home", "eve@sunnyacres-newco.example", "Eve"));
    expect(v.decision).toBe("needs_review");
    expect(v.evidence.registry.match?.npi).toBe("1999000011");
    expect(v.said).toContain("the NPI was enumerated less than 365 days ago");
    expect(v.said).toContain("no callback: the NPI was enumerated 2 days ago");
    expect(v.evidence.callback).toMatchObject({ phone: null, due: false });
  });

  it("an old resold domain holding a common word of the name, its page showing the public phone: evidence, not paid (the callback decides)", async () => {
    const v = await verify(await lead("Thornbury Ridge Health Center", "don@blueridgeoutfitters.example", "Don"));
    expect(v.decision).toBe("needs_review");
    expect(v.evidence.tie?.checks).toEqual(
      expect.arrayContaining(["domain_name_carries_facility_name", "website_phone_shown", "evidence_only"]),
    );
    expect(v.said).toContain("a domain's age, name and website are evidence, not proof");
    expect(v.evidence.callback).toMatchObject({ phone: "8655550180", due: true });
  });

  it("a stranger at the shared mailbox provider where the NPI's endpoint is: not paid, the reasons say why", async () => {
    const v = await verify(await lead("Corrigan Falls Care Center", "eve.stranger@fastmail.com", "Eve"));
    expect(v.decision).toBe("needs_review");
    expect(v.said).toContain("free-mail address");
    expect(v.evidence.tie?.checks).toEqual(["endpoint_domain_shared"]);
  });

  it("a stranger at another shared provider (onmicrosoft.com, googlegroups.com, duck.com): a free-mail address, not paid", async () => {
    for (const email of ["eve@corrigan.onmicrosoft.com", "corrigan@googlegroups.com", "eve@duck.com"]) {
      const v = await verify(await lead("Corrigan Falls Care Center", email, "Eve"));
      expect(v.decision).toBe("needs_review");
      expect(v.said).toContain("free-mail address");
    }
  });

  it("one facility, one card: a subpart NPI at the same address written another way, same official and ZIP", async () => {
    const first = await lead("Wexford Pines Nursing Center", "jo@wexfordpines.example");
    expect((await verify(first)).decision).toBe("verified");
    await recordCardSent(store.db, first);
    const v = await verify(await lead("Wexford Pines Rehabilitation Unit", "sam@wexfordpines.example", "Sam"));
    expect(v.evidence.registry.match?.npi).toBe("1999000052");
    expect(v.decision).toBe("needs_review");
    expect(v.said).toContain("a card went to this facility");
  });
});
