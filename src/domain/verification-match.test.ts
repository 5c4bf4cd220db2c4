import { describe, expect, it } from "vitest";
import {
  matchFacility,
  nameSimilarity,
  nameTokens,
  scoreRecord,
  searchWords,
  tenDigits,
  type RegistryRecord,
} from "./verification-match";

const record = (over: Partial<RegistryRecord> = {}): RegistryRecord => ({
  source: "nppes",
  npi: "1234567893",
  name: "SUNRISE NURSING & REHAB CTR, LLC",
  address: { line: "100 PEACHTREE ST", city: "ATLANTA", state: "GA", zip: "303031234" },
  phone: "4045550100",
  taxonomy: "Skilled Nursing Facility",
  official: { firstName: "DANA", lastName: "REYES", title: "ADMINISTRATOR", phone: "4045550101" },
  ...over,
});

describe("nameTokens and nameSimilarity", () => {
  it.each([
    ["The Sunrise Nursing & Rehab Ctr, LLC", ["sunrise", "nursing", "rehabilitation", "center"]],
    ["St. Mary's Hospital, Inc.", ["saint", "marys", "hospital"]],
    ["Mt Zion Senior Living of Macon", ["mount", "zion", "senior", "living", "macon"]],
    ["---", []],
  ])("%s -> %j", (name, tokens) => {
    expect(nameTokens(name)).toEqual(tokens);
  });

  it.each([
    ["Sunrise Nursing and Rehabilitation Center", "SUNRISE NURSING & REHAB CTR, LLC", 1],
    ["the sunrise nursing & rehab center", "Sunrise Nursing and Rehabilitation Center Inc.", 1],
    ["Sunrise Nursing", "SUNRISE NURSING & REHAB CTR, LLC", 2 / 3],
    ["Sunset Nursing", "SUNRISE NURSING & REHAB CTR, LLC", 1 / 3],
    ["Piedmont", "PIEDMONT ATLANTA HOSPITAL", 0.5],
    ["Inc.", "SUNRISE", 0],
  ])("%s ~ %s = %d", (a, b, expected) => {
    expect(nameSimilarity(a, b)).toBeCloseTo(expected, 3);
  });
});

describe("tenDigits and searchWords", () => {
  it.each([
    ["(404) 555-0100", "4045550100"],
    ["+1 404.555.0100", "4045550100"],
    ["404-555-010", ""],
    [undefined, ""],
  ])("%s -> %s", (phone, digits) => {
    expect(tenDigits(phone)).toBe(digits);
  });

  it("keeps the name's words as typed, without punctuation or company words", () => {
    expect(searchWords("The St. Mary's Hospital, Inc.")).toEqual(["St", "Marys", "Hospital"]);
  });
});

describe("scoreRecord", () => {
  const query = { facilityName: "Sunrise Nursing and Rehabilitation Center", state: "GA" };
  it.each<[string, Partial<typeof query & { phone: string; zip: string }>, Partial<RegistryRecord>, number]>([
    ["the name alone", {}, {}, 1],
    ["the name and the phone", { phone: "(404) 555-0100" }, {}, 1.3],
    ["the name, the phone's exchange and the ZIP", { phone: "404-555-0199", zip: "30303" }, {}, 1.3],
    ["another state scores nothing", {}, { address: { line: "", city: "", state: "AL", zip: "" } }, 0],
    ["a different phone adds nothing", { phone: "212-555-0100" }, {}, 1],
  ])("%s", (_, extra, change, score) => {
    expect(scoreRecord({ ...query, ...extra }, record(change))).toBeCloseTo(score, 3);
  });
});

describe("matchFacility", () => {
  const query = { facilityName: "Sunrise Nursing & Rehab Center", state: "GA", phone: "4045550100" };
  const cms = record({
    source: "cms_nursing_home",
    npi: undefined,
    ccn: "115001",
    name: "SUNRISE NURSING AND REHABILITATION CENTER",
    taxonomy: undefined,
    official: undefined,
  });

  it("keeps the best record and merges the other registry's id for the same facility", () => {
    const outcome = matchFacility(query, [
      record({ npi: "1999999992", name: "SUNRISE HOME HEALTH", phone: "4045550000" }),
      cms,
      record(),
    ]);
    expect(outcome.status).toBe("matched");
    if (outcome.status !== "matched") return;
    expect(outcome.match).toMatchObject({
      npi: "1234567893",
      ccn: "115001",
      sources: ["cms_nursing_home", "nppes"],
      official: { lastName: "REYES" },
      taxonomy: "Skilled Nursing Facility",
    });
  });

  it.each<[string, RegistryRecord[], string]>([
    ["nothing returned", [], "not_found"],
    ["only weak names", [record({ name: "SUNSET CARE" })], "not_found"],
    ["only in another state", [record({ address: { line: "", city: "", state: "FL", zip: "" } })], "not_found"],
    [
      "two different facilities as good",
      [
        record({ phone: "" }),
        record({ npi: "1888888883", phone: "", address: { line: "9 Elm", city: "Macon", state: "GA", zip: "31201" } }),
      ],
      "ambiguous",
    ],
  ])("%s -> %s", (_, records, status) => {
    expect(matchFacility({ ...query, phone: undefined }, records).status).toBe(status);
  });

  it("two records of one facility (same phone) are not a rivalry", () => {
    const outcome = matchFacility(query, [record(), record({ npi: "1777777774" })]);
    expect(outcome).toMatchObject({ status: "matched", match: { npi: "1234567893" } });
  });
});
