import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startCmsStandIn } from "../test-support/cms-stand-in";
import { startNppesStandIn } from "../test-support/nppes-stand-in";
import type { RegistryStandIn } from "../test-support/registry-stand-in-server";
import { CMS_HOSPITALS, CMS_NURSING_HOMES, MERCY, NPPES_SEEDS, SUNRISE } from "../test-support/registry-seeds";
import { STORE_KINDS, useTestStore, type TestStore } from "../test-support/test-helpers";
import { cmsClient } from "./cms-client";
import { nppesClient } from "./nppes-client";
import { cachedLookup, pruneRegistryCache } from "./registry-cache";

describe.each(STORE_KINDS)("registry clients against the stand-ins (%s)", (kind) => {
  let store: TestStore;
  let nppes: RegistryStandIn;
  let cms: RegistryStandIn;
  useTestStore(kind, (made) => (store = made));
  beforeAll(async () => {
    nppes = await startNppesStandIn(NPPES_SEEDS, { holdMs: 2000 });
    cms = await startCmsStandIn({ nursingHomes: CMS_NURSING_HOMES, hospitals: CMS_HOSPITALS }, { holdMs: 2000 });
  });
  afterAll(async () => {
    await nppes.close();
    await cms.close();
  });
  const nppesOf = (limits = {}) => nppesClient({ db: store.db, baseUrl: nppes.url, limits });
  const cmsOf = (limits = {}) => cmsClient({ db: store.db, baseUrl: cms.url, limits });

  it("NPPES: searches organisations by name with the wildcard in the state, maps every field we read", async () => {
    const lookup = await nppesOf().searchOrganizations("The Sunrise Nursing & Rehab Center, Inc.", "GA");
    expect(lookup).toMatchObject({ ok: true, cached: false });
    if (!lookup.ok) return;
    expect(lookup.records).toEqual([
      {
        source: "nppes",
        npi: SUNRISE.npi,
        name: SUNRISE.name,
        address: { line: SUNRISE.address.line, city: "ATLANTA", state: "GA", zip: "303031234" },
        phone: SUNRISE.phone,
        taxonomy: "Skilled Nursing Facility",
        official: { ...SUNRISE.official, phone: "4045550101" },
        endpointDomains: ["sunrise-care.example", "health-system.example", "xn--bcher-kva.example"],
        endpointAddresses: ["admissions@direct.sunrise-care.example", "direct@health-system.example"],
        enumeratedOn: "2005-06-01",
        lastUpdatedOn: "2023-11-14",
      },
    ]);
    const query = nppes.queries.at(-1)!;
    expect(Object.fromEntries(query)).toEqual({
      version: "2.1",
      enumeration_type: "NPI-2",
      organization_name: "Sunrise Nursing*",
      state: "GA",
      limit: "200",
    });
  });

  it("NPPES: the same search again comes from the cache (no request); another state is another search", async () => {
    await nppesOf().searchOrganizations("Sunrise Nursing", "GA");
    const before = nppes.requests();
    const again = await nppesOf().searchOrganizations("sunrise nursing", "ga");
    expect(again).toMatchObject({ ok: true, cached: true });
    expect(nppes.requests()).toBe(before);
    const florida = await nppesOf().searchOrganizations("Sunrise Nursing", "FL");
    expect(florida).toMatchObject({ ok: true, cached: false });
    expect(nppes.requests()).toBeGreaterThan(before);
  });

  it("NPPES: nothing for two words, then the first word alone", async () => {
    const lookup = await nppesOf().searchOrganizations("Golden Sun Assisted Living", "FL");
    expect(lookup).toMatchObject({ ok: true });
    expect(nppes.queries.slice(-2).map((q) => q.get("organization_name"))).toEqual(["Golden Sun*", "Golden*"]);
    if (lookup.ok) expect(lookup.records.map((r) => r.npi)).toEqual(["1487000037"]);
  });

  it.each([
    ["status_500", "HTTP 500"],
    ["errors", "Errors"],
    ["timeout", "no answer within 300 ms"],
  ] as const)("NPPES %s: unavailable, nothing cached, and back when it returns", async (fault, problem) => {
    nppes.setFault(fault);
    try {
      const down = await nppesOf({ timeoutMs: 300 }).searchOrganizations("Mercy General", "GA");
      expect(down.ok).toBe(false);
      if (!down.ok) expect(down.problem).toContain(problem);
    } finally {
      nppes.setFault("none");
    }
    const back = await nppesOf().searchOrganizations("Mercy General", "GA");
    expect(back).toMatchObject({ ok: true, cached: false, records: [{ npi: MERCY.npi }] });
  });

  it("an answer larger than the limit is refused, not read on", async () => {
    const lookup = await nppesOf({ maxBytes: 500 }).searchOrganizations("Sunrise Nursing", "GA");
    expect(lookup).toEqual({ ok: false, problem: "NPPES unavailable: answer larger than 500 bytes" });
  });

  it("CMS: nursing homes and hospitals by state and name words, mapped from each dataset's fields", async () => {
    const homes = await cmsOf().search("nursing_homes", "Sunrise Nursing & Rehab", "GA");
    expect(homes).toMatchObject({
      ok: true,
      records: [
        {
          source: "cms_nursing_home",
          ccn: SUNRISE.ccn,
          name: SUNRISE.cmsName,
          phone: SUNRISE.phone,
          address: { zip: "30303", state: "GA" },
        },
      ],
    });
    const query = Object.fromEntries(cms.queries.at(-1)!);
    expect(query).toMatchObject({
      "conditions[0][property]": "state",
      "conditions[0][value]": "GA",
      "conditions[1][property]": "provider_name",
      "conditions[1][value]": "%SUNRISE%",
      "conditions[1][operator]": "LIKE",
      limit: "200",
    });
    const hospitals = await cmsOf().search("hospitals", "Mercy General Hospital", "GA");
    expect(hospitals).toMatchObject({
      ok: true,
      records: [{ source: "cms_hospital", ccn: MERCY.ccn, name: MERCY.cmsName, phone: MERCY.phone }],
    });
    expect(await cmsOf().search("hospitals", "Mercy General Hospital", "AL")).toMatchObject({ ok: true, records: [] });
  });

  it("CMS down (500, timeout, an answer not as documented): unavailable, never thrown", async () => {
    for (const fault of ["status_500", "timeout", "errors"] as const) {
      cms.setFault(fault);
      const down = await cmsOf({ timeoutMs: 300 }).search("hospitals", "Mercy", "TX");
      expect(down.ok, fault).toBe(false);
    }
    cms.setFault("none");
    expect((await cmsOf().search("hospitals", "Mercy", "TX")).ok).toBe(true);
  });

  it("the cache keeps a hit 7 days and an empty answer 1 hour, then asks again; prune drops the expired", async () => {
    const start = new Date("2026-11-26T00:00:00Z");
    let loads = 0;
    const load = (records: unknown[]) => async () => (loads++, records as never[]);
    await cachedLookup(store.db, "k:hit", load([{ name: "x" }]), undefined, start);
    await cachedLookup(store.db, "k:empty", load([]), undefined, start);
    const later = (ms: number) => new Date(start.getTime() + ms);
    expect((await cachedLookup(store.db, "k:hit", load([]), undefined, later(6 * 86_400_000))).cached).toBe(true);
    expect((await cachedLookup(store.db, "k:empty", load([]), undefined, later(59 * 60_000))).cached).toBe(true);
    expect(loads).toBe(2);
    expect((await cachedLookup(store.db, "k:empty", load([]), undefined, later(61 * 60_000))).cached).toBe(false);
    expect(await pruneRegistryCache(store.db, later(8 * 86_400_000))).toBe(2);
  });
});
