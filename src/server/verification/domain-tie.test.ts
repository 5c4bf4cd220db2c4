import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FacilityMatch } from "../../domain/verification-match";
import { startFacilityWebsiteStandIn, type FacilityWebsiteStandIn } from "../test-support/facility-website-stand-in";
import { FACILITY_SITES, MERCY, SUNRISE } from "../test-support/registry-seeds";
import { emailSiteDomain, hospitalsNamedIn, phonesOnPage, tieDomain } from "./domain-tie";
import type { RdapClient } from "./rdap-client";
import { isPublicAddress, type Resolver } from "../public-address";

const sunrise: FacilityMatch = {
  npi: SUNRISE.npi,
  ccn: SUNRISE.ccn,
  name: SUNRISE.name,
  address: SUNRISE.address,
  phone: SUNRISE.phone,
  official: SUNRISE.official,
  sources: ["nppes", "cms_nursing_home"],
  score: 1.3,
};
const mercy: FacilityMatch = {
  npi: MERCY.npi,
  ccn: MERCY.ccn,
  name: MERCY.cmsName,
  address: MERCY.address,
  phone: MERCY.phone,
  official: MERCY.official,
  sources: ["cms_hospital", "nppes"],
  score: 1.3,
};
const lead = (email: string, firstName = "Jo", lastName = "Kim") => ({ email, firstName, lastName });
/** RDAP as a domain registered long ago (rdap-client.test.ts tests the real client against its stand-in). */
const OLD_DOMAINS = {
  registration: async () => ({ status: "registered", registeredAt: "2001-01-01T00:00:00Z" }) as const,
} as RdapClient;
/** Decision 0044: what a website shows is evidence, never a tie alone. */
const TIED_BY_SITE = ["domain_name_carries_facility_name", "website_phone_shown", "domain_old_enough", "evidence_only"];

describe("what pages show", () => {
  it.each([
    ['<a href="tel:+14045550100">call</a>', ["4045550100"]],
    [
      "(404)&nbsp;555-0100 or 404.555.0101 or 404 555 0102 or +1-404-555-0103",
      ["4045550100", "4045550101", "4045550102", "4045550103"],
    ],
    ["404&#8209;555&#8209;0104", ["4045550104"]],
    ["order 14045550100999 and zip 30303-1234", []],
  ])("%s", (page, phones) => {
    expect([...phonesOnPage(page)]).toEqual(phones);
  });

  it("reads location-name lines of a cms-hpt.txt", () => {
    expect(
      hospitalsNamedIn("location-name: Mercy General Hospital\r\nmrf-url: x\nLocation-Name:  Mercy West \n"),
    ).toEqual(["Mercy General Hospital", "Mercy West"]);
  });

  it.each([
    ["dana@sunrise-care.example", "sunrise-care.example"],
    ["dana@mail.Sunrise-Care.example", "sunrise-care.example"],
    ["dana@nhs.co.uk", "nhs.co.uk"],
    ["dana@127.0.0.1", null],
    ["dana@[::1]", null],
  ])("the site of %s is %s", (email, domain) => {
    expect(emailSiteDomain(email)).toBe(domain);
  });

  it.each([
    ["8.8.8.8", true],
    ["2606:4700:4700::1111", true],
    ["127.0.0.1", false],
    ["10.1.2.3", false],
    ["172.16.0.1", false],
    ["192.168.1.1", false],
    ["169.254.169.254", false],
    ["100.64.0.1", false],
    ["0.0.0.0", false],
    ["::1", false],
    ["fe80::1", false],
    ["fd00::1", false],
    ["::ffff:127.0.0.1", false],
    ["::ffff:10.0.0.1", false],
    ["not an address", false],
  ])("%s is public: %s", (address, expected) => {
    expect(isPublicAddress(address)).toBe(expected);
  });
});

describe("tieDomain against the facility website stand-in", () => {
  let web: FacilityWebsiteStandIn;
  beforeAll(async () => {
    web = await startFacilityWebsiteStandIn(FACILITY_SITES, { holdMs: 3000 });
  });
  afterAll(() => web.close());
  const options = (limits = {}) => ({ websiteUrl: web.websiteUrl, limits, rdap: OLD_DOMAINS, minAgeDays: 365 });

  it("the facility's website shows the registry phone: evidence for the callback, not a tie (decision 0044)", async () => {
    const tie = await tieDomain({ ...lead(`jo@${SUNRISE.domain}`), match: sunrise }, options());
    expect(tie).toMatchObject({
      tied: false,
      checks: TIED_BY_SITE,
      domain: SUNRISE.domain,
      pages: [{ url: `${web.origin}/${SUNRISE.domain}/`, outcome: "HTTP 200" }],
    });
  });

  it("the lead typing the registry's authorized official's name is no tie: a name-only tie says so", async () => {
    web.sites.set("sunrise-official.example", { home: "<h1>Coming soon</h1>" });
    const tie = await tieDomain(
      { ...lead("dana@sunrise-official.example", "Dana", "Reyes"), match: sunrise },
      options(),
    );
    expect(tie).toMatchObject({ tied: false });
    expect(tie.checks).toContain("name_only_tie");
  });

  it("a look-alike domain whose website lacks the phone: not tied", async () => {
    const tie = await tieDomain({ ...lead("jo@sunrise-care-center.example"), match: sunrise }, options());
    expect(tie).toMatchObject({
      tied: false,
      checks: ["domain_name_carries_facility_name", "website_phone_not_shown"],
    });
  });

  it("the phone on the contact page (after the home page) ties too; on none of them it does not", async () => {
    web.sites.set("sunrise-contact.example", {
      home: "<h1>Welcome</h1>",
      pages: { "/contact-us": "<p>Reach us at 404 555 0100</p>" },
    });
    const tie = await tieDomain({ ...lead("jo@sunrise-contact.example"), match: sunrise }, options());
    expect(tie).toMatchObject({ tied: false, checks: TIED_BY_SITE });
    expect(tie.pages.map((p) => p.outcome)).toEqual(["HTTP 200", "HTTP 404", "HTTP 200"]);
    web.sites.set("sunrise-nowhere.example", {
      home: "<h1>Welcome</h1>",
      pages: { "/contact": "<p>Call 404 555 0199</p>" },
    });
    expect((await tieDomain({ ...lead("jo@sunrise-nowhere.example"), match: sunrise }, options())).checks).toEqual([
      "domain_name_carries_facility_name",
      "website_phone_not_shown",
    ]);
  });

  it("a hospital: its price transparency file names it (well-known path, then the root)", async () => {
    const tie = await tieDomain({ ...lead(`jo@${MERCY.domain}`), match: mercy }, options());
    expect(tie).toMatchObject({
      tied: false,
      checks: [
        "domain_name_carries_facility_name",
        "website_phone_not_shown",
        "price_file_names_hospital",
        "domain_old_enough",
        "evidence_only",
      ],
    });
    web.sites.set("mercy-root.example", { rootPriceFile: "location-name: MERCY GENERAL HOSPITAL INC\n" });
    const root = await tieDomain({ ...lead("jo@mercy-root.example"), match: mercy }, options());
    expect(root.checks).toContain("evidence_only");
    expect(root.pages.map((p) => p.outcome)).toEqual(["HTTP 200", "HTTP 404", "HTTP 404", "HTTP 404", "HTTP 200"]);
    web.sites.set("mercy-other.example", { wellKnownPriceFile: "location-name: Saint Luke Hospital\n" });
    expect((await tieDomain({ ...lead("jo@mercy-other.example"), match: mercy }, options())).checks).toContain(
      "price_file_does_not_name_hospital",
    );
  });

  it("a site that hangs is given up after the time limit", async () => {
    web.sites.set("sunrise-slow.example", { hangs: true });
    const started = Date.now();
    const tie = await tieDomain({ ...lead("jo@sunrise-slow.example"), match: sunrise }, options({ timeoutMs: 300 }));
    expect(tie.checks).toContain("website_unreachable");
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it("past the size limit the page is cut: a phone after it is not read", async () => {
    web.sites.set("sunrise-big.example", { paddingBytes: 600 * 1024, home: "(404) 555-0100" });
    expect((await tieDomain({ ...lead("jo@sunrise-big.example"), match: sunrise }, options())).checks).toContain(
      "website_phone_not_shown",
    );
    web.sites.set("sunrise-small.example", { paddingBytes: 100 * 1024, home: "(404) 555-0100" });
    expect((await tieDomain({ ...lead("jo@sunrise-small.example"), match: sunrise }, options())).checks).toContain(
      "evidence_only",
    );
  });

  it("redirects: followed on the operator's host, refused to another domain or past 3", async () => {
    web.sites.set("sunrise-moved.example", { redirectTo: `${web.origin}/${SUNRISE.domain}/` });
    expect((await tieDomain({ ...lead("jo@sunrise-moved.example"), match: sunrise }, options())).checks).toContain(
      "evidence_only",
    );
    web.sites.set("sunrise-away.example", { redirectTo: "https://elsewhere.example/" });
    expect((await tieDomain({ ...lead("jo@sunrise-away.example"), match: sunrise }, options())).pages[0]!.outcome).toBe(
      "refused: outside the lead's domain",
    );
    web.sites.set("sunrise-loop.example", { redirectTo: `${web.origin}/sunrise-loop.example/` });
    expect((await tieDomain({ ...lead("jo@sunrise-loop.example"), match: sunrise }, options())).pages[0]!.outcome).toBe(
      "refused: more than 3 redirects",
    );
  });

  it("a redirect to a host of the lead's domain that resolves privately is refused before connecting", async () => {
    web.sites.set("sunrise-inside.example", { redirectTo: "http://intranet.sunrise-inside.example/" });
    const asked: string[] = [];
    const resolver: Resolver = async (host) => (asked.push(host), [{ address: "10.0.0.7", family: 4 }]);
    const tie = await tieDomain({ ...lead("jo@sunrise-inside.example"), match: sunrise }, { ...options(), resolver });
    expect(tie.checks).toContain("website_refused");
    expect(asked).toEqual(["intranet.sunrise-inside.example"]);
  });
});

describe("tieDomain with the default FACILITY_WEBSITE_URL: hosts from the lead's domain", () => {
  it.each([
    [["127.0.0.1"]],
    [["10.20.30.40"]],
    [["::1"]],
    [["169.254.169.254"]],
    [["::ffff:192.168.0.1"]],
    [["8.8.8.8", "192.168.0.10"]],
  ])("resolving to %j: refused, nothing fetched", async (addresses) => {
    const resolver: Resolver = async () =>
      addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
    const tie = await tieDomain(
      { ...lead(`jo@${SUNRISE.domain}`), match: sunrise },
      { websiteUrl: "https://{domain}/", resolver, rdap: OLD_DOMAINS, minAgeDays: 365 },
    );
    expect(tie).toMatchObject({
      tied: false,
      checks: ["domain_name_carries_facility_name", "website_refused"],
      pages: [{ url: `https://${SUNRISE.domain}/`, outcome: "refused: not a public address" }],
    });
  });

  it("an address that is an IP literal is no site at all", async () => {
    const tie = await tieDomain(
      { ...lead("jo@127.0.0.1"), match: sunrise },
      { websiteUrl: "https://{domain}/", resolver: async () => [], rdap: OLD_DOMAINS, minAgeDays: 365 },
    );
    expect(tie).toMatchObject({ tied: false, checks: ["no_registrable_domain"], pages: [] });
  });
});
