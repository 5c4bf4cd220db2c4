import { describe, expect, it } from "vitest";
import { BEA_REGIONS, parseRegionMap, regionOfState, regionsByStateName } from "./onboarding-regions";
import {
  countsTowardSpots,
  facilityKey,
  quarterBounds,
  quarterOf,
  regionOfCode,
  regionSpots,
  spotsClaim,
  spotsLeft,
} from "./onboarding-spots";

describe("regions of states", () => {
  it("puts every state in exactly one BEA region, Georgia in the Southeast", () => {
    expect(regionOfState(BEA_REGIONS, "Georgia")).toBe("Southeast");
    expect(regionOfState(BEA_REGIONS, "tx")).toBe("Southwest");
    expect(regionOfState(BEA_REGIONS, "DC")).toBe("Mideast");
    expect(regionOfState(BEA_REGIONS, "Atlantis")).toBeUndefined();
    const byName = regionsByStateName(BEA_REGIONS);
    expect(Object.keys(byName)).toHaveLength(50);
    expect(byName["Vermont"]).toBe("New England");
  });

  it("takes an operator's map and refuses a state twice, an unknown code or no JSON, in words", () => {
    expect(parseRegionMap('{"South":["ga","FL"],"North":["NY"]}')).toEqual({
      map: { South: ["GA", "FL"], North: ["NY"] },
    });
    expect(parseRegionMap('{"A":["GA"],"B":["GA"]}')).toEqual({ error: "GA is in both A and B" });
    expect(parseRegionMap('{"A":["XX"]}')).toEqual({ error: 'A: "XX" is not a US state code' });
    expect(parseRegionMap("{")).toEqual({ error: "is not JSON" });
    expect(parseRegionMap("{}")).toEqual({ error: "the map has no region" });
  });
});

describe("spots left", () => {
  it("names the quarter and its bounds in UTC", () => {
    expect(quarterOf(new Date("2026-11-27T10:00:00Z"))).toBe("2026-Q4");
    expect(quarterOf(new Date("2026-01-01T00:00:00Z"))).toBe("2026-Q1");
    expect(quarterBounds(new Date("2026-05-15T00:00:00Z"))).toEqual({
      start: new Date("2026-04-01T00:00:00Z"),
      end: new Date("2026-07-01T00:00:00Z"),
    });
  });

  it("never goes below zero, and says full, left or nothing (capacity 0)", () => {
    expect(spotsLeft(15, 3)).toBe(12);
    expect(spotsLeft(15, 17)).toBe(0);
    const [southeast] = regionSpots({ Southeast: ["GA"] }, 15, new Map([["Southeast", 14]]));
    expect(southeast).toEqual({ name: "Southeast", capacity: 15, onboarded: 14, left: 1, states: ["GA"] });
    expect(spotsClaim(southeast)).toEqual({ kind: "left", region: "Southeast", left: 1 });
    expect(spotsClaim({ ...southeast!, left: 0 })).toEqual({ kind: "full", region: "Southeast" });
    expect(spotsClaim({ ...southeast!, capacity: 0, left: 0 })).toEqual({ kind: "off" });
    expect(spotsClaim(undefined)).toEqual({ kind: "off" });
    const spots = { quarter: "2026-Q4", featured: "Southeast", regions: [southeast!] };
    expect(regionOfCode(spots, "GA")?.name).toBe("Southeast");
    expect(regionOfCode(spots, "TX")).toBeUndefined();
  });

  it("keys a facility by its registry number, else its name and state, and an erased one by its lead", () => {
    const base = { id: "l1", facilityName: "  Sunrise   Care ", state: "Georgia", erased: false };
    expect(facilityKey({ ...base, npi: "1234567890" })).toBe("npi:1234567890");
    expect(facilityKey({ ...base, ccn: "115001" })).toBe("ccn:115001");
    expect(facilityKey(base)).toBe(facilityKey({ ...base, id: "l2", facilityName: "sunrise care" }));
    expect(facilityKey({ ...base, erased: true })).toBe("lead:l1");
  });
});

describe("what the spots claim counts (decision 0043)", () => {
  const order = (status: string, fraudStatus: string | null = null) => ({ status, fraudStatus });

  it("counts a registry-matched facility recorded by an admin, or with a card really ordered", () => {
    expect(countsTowardSpots({ npi: "1234567893", recordedByAdmin: true })).toBe(true);
    expect(countsTowardSpots({ ccn: "110001", recordedByAdmin: false, cardOrder: order("delivered") })).toBe(true);
    expect(countsTowardSpots({ npi: "1234567893", recordedByAdmin: false, cardOrder: order("ordered") })).toBe(true);
    expect(
      countsTowardSpots({ npi: "1234567893", recordedByAdmin: false, cardOrder: order("delivered", "released") }),
    ).toBe(true);
  });

  it("leaves out a facility no registry matched, whoever recorded it and whatever was paid", () => {
    expect(countsTowardSpots({ npi: null, ccn: null, recordedByAdmin: true })).toBe(false);
    expect(countsTowardSpots({ recordedByAdmin: false, cardOrder: order("delivered") })).toBe(false);
  });

  it("leaves out a staff member's step with a typed reference, or a card refused, canceled or held for fraud", () => {
    expect(countsTowardSpots({ npi: "1234567893", recordedByAdmin: false, cardOrder: null })).toBe(false);
    for (const status of ["ordering", "refused", "canceled"])
      expect(countsTowardSpots({ npi: "1234567893", recordedByAdmin: false, cardOrder: order(status) })).toBe(false);
    for (const fraud of ["flagged", "blocking", "blocked"])
      expect(countsTowardSpots({ npi: "1234567893", recordedByAdmin: false, cardOrder: order("ordered", fraud) })).toBe(
        false,
      );
  });
});
