import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FacilityMatch } from "../../domain/verification-match";
import { startFacilityWebsiteStandIn, type FacilityWebsiteStandIn } from "../test-support/facility-website-stand-in";
import { SUNRISE } from "../test-support/registry-seeds";
import { operatorHost, tieDomain } from "./domain-tie";
import type { RdapClient } from "./rdap-client";
import { isPublicAddress, type Resolver } from "../public-address";
import { SiteGate } from "./site-gate";

/** Decision 0040: the runner cannot be starved, and a lead's domain never borrows the operator's trust. */

const sunrise: FacilityMatch = {
  npi: SUNRISE.npi,
  ccn: SUNRISE.ccn,
  name: SUNRISE.name,
  address: SUNRISE.address,
  phone: SUNRISE.phone,
  sources: ["nppes", "cms_nursing_home"],
  score: 1.3,
};
const OLD = {
  registration: async () => ({ status: "registered", registeredAt: "2001-01-01T00:00:00Z" }) as const,
} as RdapClient;
const lead = (email: string) => ({ email, firstName: "Jo", lastName: "Kim" });

describe("cloud platform addresses are refused like private ones", () => {
  it.each([
    "168.63.129.16",
    "::ffff:168.63.129.16",
    "169.254.169.254",
    "100.100.100.200",
    "100.64.0.1",
    "fd00:ec2::254",
  ])("%s is not public", (address) => {
    expect(isPublicAddress(address)).toBe(false);
  });
  it("a neighbour of Azure's wire server is public", () => {
    expect(isPublicAddress("168.63.129.17")).toBe(true);
  });
});

describe("the operator's host is read from FACILITY_WEBSITE_URL before any substitution", () => {
  it.each<[string, string | undefined]>([
    ["http://127.0.0.1:4032/{domain}/", "127.0.0.1:4032"],
    ["https://{domain}/", undefined],
    ["https://www.{domain}/", undefined],
    ["https://{domain}.sites.example/", undefined],
  ])("%s: %s", (template, host) => {
    expect(operatorHost(template)).toBe(host);
  });

  it("a lead whose domain is the old placeholder's (example.invalid) is checked like any other: a private address is refused", async () => {
    const resolver: Resolver = async () => [{ address: "10.0.0.9", family: 4 }];
    const tie = await tieDomain(
      { ...lead("jo@example.invalid"), match: { ...sunrise, name: "EXAMPLE NURSING CENTER" } },
      { websiteUrl: "https://{domain}/", resolver, rdap: OLD, minAgeDays: 365 },
    );
    expect(tie.pages[0]!.outcome).toBe("refused: not a public address");
  });
});

describe("website fetches: one per domain at a time, a total time budget per lead", () => {
  let web: FacilityWebsiteStandIn;
  beforeAll(async () => {
    web = await startFacilityWebsiteStandIn({ "sunrise-trickle.example": { trickleMs: 100 } });
  });
  afterAll(() => web.close());

  it("a site trickling a byte every 100 ms holds the lead no longer than its budget, and no further page is read", async () => {
    const started = Date.now();
    const tie = await tieDomain(
      { ...lead("jo@sunrise-trickle.example"), match: sunrise },
      { websiteUrl: web.websiteUrl, rdap: OLD, minAgeDays: 365, budgetMs: 700 },
    );
    const took = Date.now() - started;
    expect(took).toBeLessThan(1500);
    expect(tie.tied).toBe(false);
    expect(tie.checks).toContain("website_unreachable");
    expect(tie.pages.slice(1).every((page) => page.outcome.includes("time budget is spent"))).toBe(true);
  });

  it("SiteGate: work for one domain runs one at a time, other domains alongside", async () => {
    const gate = new SiteGate();
    let running = 0;
    let most = 0;
    const work = (ms: number) => async () => {
      running++;
      most = Math.max(most, running);
      await new Promise((resolve) => setTimeout(resolve, ms));
      running--;
      return ms;
    };
    await Promise.all([1, 2, 3].map(() => gate.run("slow.example", work(30))));
    expect(most).toBe(1);
    most = 0;
    await Promise.all([gate.run("a.example", work(30)), gate.run("b.example", work(30))]);
    expect(most).toBe(2);
    expect(gate.busy).toBe(0);
    // A failure does not block the next one.
    await expect(gate.run("x.example", () => Promise.reject(new Error("down")))).rejects.toThrow("down");
    expect(await gate.run("x.example", work(1))).toBe(1);
  });
});
