import { describe, expect, it } from "vitest";
import {
  decideTie,
  distinctiveWordIn,
  distinctiveWords,
  emailRegistrableDomain,
  endpointDomain,
  registrableDomain,
  type TieFacts,
} from "./domain-tie-rule";

describe("the registrable domain, its host in ASCII first", () => {
  it.each<[string, string | null]>([
    ["mail.Sunrise-Care.example", "sunrise-care.example"],
    ["a.bücher.example", "xn--bcher-kva.example"],
    ["d.BÜCHER.example", "xn--bcher-kva.example"],
    ["xn--bcher-kva.example", "xn--bcher-kva.example"],
    ["nhs.co.uk", "nhs.co.uk"],
    ["co.uk", null],
    ["127.0.0.1", null],
    ["[::1]", null],
    ["localhost", null],
    ["a..example", null],
    ["", null],
  ])("%s -> %s", (host, domain) => {
    expect(registrableDomain(host)).toBe(domain);
  });

  it("of an e-mail address: its host's", () => {
    expect(emailRegistrableDomain("jo@b.bücher.example")).toBe("xn--bcher-kva.example");
    expect(emailRegistrableDomain("jo@[10.0.0.1]")).toBeNull();
  });

  it.each<[string, string | null]>([
    ["direct@direct.sunrise-care.example", "sunrise-care.example"],
    ["https://fhir.sunrise-care.example/r4", "sunrise-care.example"],
    ["www.mercy-general.example/contact", "mercy-general.example"],
    ["not an endpoint", null],
  ])("an NPPES endpoint %s names %s", (endpoint, domain) => {
    expect(endpointDomain(endpoint)).toBe(domain);
  });
});

describe("a distinctive word of the registry name in the domain's name", () => {
  it.each<[string, string[]]>([
    ["SUNRISE NURSING & REHAB CTR, LLC", ["sunrise"]],
    ["CEDAR RIDGE REHAB", ["cedar", "ridge"]],
    ["MERCY GENERAL HOSPITAL INC", ["mercy"]],
    ["SENIOR LIVING HOME HEALTH CARE CENTER", []],
    ["ELM CARE", []],
  ])("%s: %j", (name, words) => {
    expect(distinctiveWords(name)).toEqual(words);
  });

  it.each<[string, string, string | null]>([
    ["cedarridge-rehab.example", "CEDAR RIDGE REHAB", "cedar"],
    ["sunrise-care.example", "SUNRISE NURSING & REHAB CTR, LLC", "sunrise"],
    ["nursing-center-jobs.example", "SUNRISE NURSING & REHAB CTR, LLC", null],
    ["health-system.example", "SUNRISE NURSING & REHAB CTR, LLC", null],
    ["care.sunrise.co.uk", "SUNRISE NURSING & REHAB CTR, LLC", "sunrise"],
    ["mercy.example", "SUNRISE NURSING & REHAB CTR, LLC", null],
  ])("%s with %s: %s", (domain, name, word) => {
    expect(distinctiveWordIn(domain, name)).toBe(word);
  });
});

const NOW = new Date("2026-11-27T00:00:00Z");
/** An honest facility's domain: old, carrying its name, its website showing the registry phone. */
const honest = (): TieFacts => ({
  domain: "sunrise-care.example",
  endpointDomains: [],
  nameWord: "sunrise",
  website: ["website_phone_shown"],
  age: { status: "registered", registeredAt: "2009-03-02T00:00:00Z" },
  minAgeDays: 365,
  now: NOW,
  typedOfficialName: false,
});

describe("decideTie", () => {
  it.each<[string, (f: TieFacts) => void, { tied: boolean; pending?: boolean; checks: string[] }]>([
    [
      "an old domain carrying the name, its website the phone: tied",
      () => {},
      {
        tied: true,
        checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_old_enough"],
      },
    ],
    [
      "a hospital's price file instead of the phone: tied",
      (f) => (f.website = ["website_phone_not_shown", "price_file_names_hospital"]),
      {
        tied: true,
        checks: [
          "domain_name_carries_facility_name",
          "website_phone_not_shown",
          "price_file_names_hospital",
          "domain_old_enough",
        ],
      },
    ],
    [
      "the domain in the NPI's endpoints: tied whatever else",
      (f) => {
        f.endpointDomains = ["sunrise-care.example"];
        f.nameWord = null;
        f.website = undefined;
        f.age = undefined;
      },
      { tied: true, checks: ["npi_endpoint_domain"] },
    ],
    [
      "a domain registered last week: too new",
      (f) => (f.age = { status: "registered", registeredAt: "2026-11-20T00:00:00Z" }),
      { tied: false, checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_too_new"] },
    ],
    [
      "a day short of the minimum age: too new",
      (f) => (f.age = { status: "registered", registeredAt: "2025-11-28T00:00:00Z" }),
      { tied: false, checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_too_new"] },
    ],
    [
      "no distinctive word in the domain's name",
      (f) => {
        f.nameWord = null;
        f.website = undefined;
        f.age = undefined;
      },
      { tied: false, checks: ["domain_name_lacks_facility_name"] },
    ],
    [
      "the website does not show the phone",
      (f) => {
        f.website = ["website_phone_not_shown"];
        f.age = undefined;
      },
      { tied: false, checks: ["domain_name_carries_facility_name", "website_phone_not_shown"] },
    ],
    [
      "RDAP knows no registration",
      (f) => (f.age = { status: "unknown", problem: "no RDAP record for the domain" }),
      { tied: false, checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_age_unknown"] },
    ],
    [
      "RDAP down: pending, never tied",
      (f) => (f.age = { status: "unavailable", problem: "RDAP unavailable: HTTP 503" }),
      {
        tied: false,
        pending: true,
        checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_age_not_checked"],
      },
    ],
    [
      "the typed name of the authorized official on a domain with nothing else: a name-only tie",
      (f) => {
        f.typedOfficialName = true;
        f.website = ["website_unreachable"];
        f.age = undefined;
      },
      { tied: false, checks: ["domain_name_carries_facility_name", "website_unreachable", "name_only_tie"] },
    ],
    [
      "no registrable domain: never tied",
      (f) => {
        f.domain = null;
        f.endpointDomains = [];
      },
      { tied: false, checks: ["no_registrable_domain"] },
    ],
  ])("%s", (_, change, expected) => {
    const facts = honest();
    change(facts);
    expect(decideTie(facts)).toMatchObject(expected);
    expect(Boolean(decideTie(facts).pending)).toBe(expected.pending ?? false);
  });

  it("says how old a too-new domain is", () => {
    expect(
      decideTie({ ...honest(), age: { status: "registered", registeredAt: "2026-11-17T00:00:00Z" } }),
    ).toMatchObject({ domainAgeDays: 10 });
  });
});
