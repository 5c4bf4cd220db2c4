import { describe, expect, it } from "vitest";
import {
  decideTie,
  distinctiveWordIn,
  distinctiveWords,
  emailRegistrableDomain,
  endpointAddress,
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
const OLD = { status: "registered", registeredAt: "2009-03-02T00:00:00Z" } as const;

/**
 * The narrowed tie (decision 0044): each attack a row. The base: an honest facility's domain, old,
 * carrying its name, its website showing the registry phone; an NPI enumerated in 2005; no
 * endpoint; no CMS record. Without an endpoint that is evidence only (the callback decides).
 */
const honest = (): TieFacts => ({
  domain: "sunrise-care.example",
  email: "jo@sunrise-care.example",
  endpointAddresses: [],
  endpointDomains: [],
  sharedDomain: false,
  npiAgeDays: 7840,
  cmsRecord: false,
  nameWord: "sunrise",
  website: ["website_phone_shown"],
  age: OLD,
  minAgeDays: 365,
  now: NOW,
  typedOfficialName: false,
  callbackConfirmed: false,
});

type Expected = { tied: boolean; pending?: boolean; checks: string[] };

describe("decideTie: the strong tie and the attacks", () => {
  it.each<[string, (f: TieFacts) => void, Expected]>([
    [
      "an old domain carrying the name, its website the phone, no endpoint: evidence only, not tied",
      () => {},
      {
        tied: false,
        checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_old_enough", "evidence_only"],
      },
    ],
    [
      "the domain in an old NPI's endpoints, a CMS record: tied",
      (f) => {
        f.endpointDomains = ["sunrise-care.example"];
        f.cmsRecord = true;
        f.age = undefined;
      },
      { tied: true, checks: ["npi_endpoint_domain", "cms_record"] },
    ],
    [
      "the domain in an old NPI's endpoints, no CMS record, the domain old by RDAP: tied",
      (f) => (f.endpointDomains = ["sunrise-care.example"]),
      { tied: true, checks: ["npi_endpoint_domain", "domain_old_enough"] },
    ],
    [
      "the very address in an old NPI's endpoints, a CMS record: tied",
      (f) => {
        f.endpointAddresses = ["jo@sunrise-care.example"];
        f.cmsRecord = true;
      },
      { tied: true, checks: ["npi_endpoint_address", "cms_record"] },
    ],
    [
      "attack 1, a facility made up for the purpose: NPI enumerated 2 days ago, endpoint on a 2-day-old domain, no website, no CMS",
      (f) => {
        f.domain = "sunnyacres-newco.example";
        f.email = "eve@sunnyacres-newco.example";
        f.endpointDomains = ["sunnyacres-newco.example"];
        f.npiAgeDays = 2;
        f.nameWord = "sunny";
        f.website = ["website_unreachable"];
        f.age = { status: "registered", registeredAt: "2026-11-25T00:00:00Z" };
      },
      {
        tied: false,
        checks: [
          "npi_endpoint_domain",
          "npi_too_new",
          "domain_name_carries_facility_name",
          "website_unreachable",
          "domain_too_new",
        ],
      },
    ],
    [
      "attack 1 with an old NPI but no CMS record: the 2-day-old domain is too new",
      (f) => {
        f.endpointDomains = ["sunrise-care.example"];
        f.age = { status: "registered", registeredAt: "2026-11-25T00:00:00Z" };
      },
      { tied: false, checks: ["npi_endpoint_domain", "domain_too_new"] },
    ],
    [
      "attack 2, an old resold domain with a common word and the public phone on its page: evidence only",
      (f) => {
        f.domain = "blueridgeoutfitters.example";
        f.email = "don@blueridgeoutfitters.example";
        f.nameWord = "ridge";
        f.age = { status: "registered", registeredAt: "2017-09-01T00:00:00Z" };
      },
      {
        tied: false,
        checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_old_enough", "evidence_only"],
      },
    ],
    [
      "attack 3, a stranger at the shared provider the NPI's endpoint is at: not tied",
      (f) => {
        f.domain = "fastmail.com";
        f.email = "eve.stranger@fastmail.com";
        f.endpointAddresses = ["corriganfalls.admissions@fastmail.com"];
        f.endpointDomains = ["fastmail.com"];
        f.sharedDomain = true;
        f.cmsRecord = true;
        f.nameWord = null;
        f.website = undefined;
        f.age = undefined;
      },
      { tied: false, checks: ["endpoint_domain_shared", "domain_name_lacks_facility_name"] },
    ],
    [
      "the endpoint's own address at a shared provider, an old NPI with a CMS record: tied (the address itself is the record's)",
      (f) => {
        f.domain = "fastmail.com";
        f.email = "corriganfalls.admissions@fastmail.com";
        f.endpointAddresses = ["corriganfalls.admissions@fastmail.com"];
        f.endpointDomains = ["fastmail.com"];
        f.sharedDomain = true;
        f.cmsRecord = true;
      },
      { tied: true, checks: ["npi_endpoint_address", "cms_record"] },
    ],
    [
      "RDAP down when the strong tie needs the age: pending, never tied",
      (f) => {
        f.endpointDomains = ["sunrise-care.example"];
        f.age = { status: "unavailable", problem: "RDAP unavailable: HTTP 503" };
      },
      { tied: false, pending: true, checks: ["npi_endpoint_domain", "domain_age_not_checked"] },
    ],
    [
      "RDAP down on the evidence path: not pending (the callback decides), not tied",
      (f) => (f.age = { status: "unavailable", problem: "RDAP unavailable: HTTP 503" }),
      {
        tied: false,
        checks: ["domain_name_carries_facility_name", "website_phone_shown", "domain_age_not_checked", "evidence_only"],
      },
    ],
    [
      "the facility's number of record said yes on the callback: tied",
      (f) => {
        f.callbackConfirmed = true;
        f.website = undefined;
        f.age = undefined;
      },
      { tied: true, checks: ["callback_confirmed"] },
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
    const tie = decideTie(facts);
    expect(tie.tied).toBe(expected.tied);
    expect(tie.checks).toEqual(expected.checks);
    expect(Boolean(tie.pending)).toBe(expected.pending ?? false);
  });

  it("says how old a too-new domain is", () => {
    expect(
      decideTie({
        ...honest(),
        endpointDomains: ["sunrise-care.example"],
        age: { status: "registered", registeredAt: "2026-11-17T00:00:00Z" },
      }),
    ).toMatchObject({ domainAgeDays: 10 });
  });
});

describe("the Direct address an endpoint is", () => {
  it.each<[string, string | null]>([
    ["Intake@SunnyAcres-Newco.example", "intake@sunnyacres-newco.example"],
    ["mailto:a@b.example", "a@b.example"],
    ["https://fhir.example/r4", null],
  ])("%s -> %s", (endpoint, address) => expect(endpointAddress(endpoint)).toBe(address));
});
