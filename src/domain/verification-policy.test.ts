import { describe, expect, it } from "vitest";
import type { FacilityMatch } from "./verification-match";
import { CLIENT_ADDRESS_DAILY_LIMIT, decideVerification, type VerificationFacts } from "./verification-policy";

const match: FacilityMatch = {
  npi: "1234567893",
  ccn: "115001",
  name: "SUNRISE NURSING AND REHABILITATION",
  address: { line: "100 Peachtree St", city: "Atlanta", state: "GA", zip: "30303" },
  phone: "4045550100",
  sources: ["nppes", "cms_nursing_home"],
  score: 1.3,
};

/** Every rule holds: the one lead that is verified automatically. */
const verifiable = (): VerificationFacts => ({
  qualifiedVia: "chat",
  role: "director_of_nursing",
  workAddressConfirmedAt: "2026-11-26T01:00:00.000Z",
  emailFlags: [],
  state: "Georgia",
  registry: { status: "matched", match },
  tie: { tied: true, checks: ["website_phone_shown"] },
  sameFacility: { cards: 0, verified: 0 },
  verifiedToday: { domain: 0, clientAddress: 0 },
  verifiedTodayAll: 0,
  limits: { domainDaily: 2, clientAddressDaily: CLIENT_ADDRESS_DAILY_LIMIT, autoPayDaily: 10, minDomainAgeDays: 365 },
  rewardsMonth: { limitUsd: 1000, spentUsd: 950 },
  cardAmountUsd: 50,
});

describe("decideVerification", () => {
  it("verifies a decision-maker at a matched facility whose address is tied to it, naming the facility", () => {
    expect(decideVerification(verifiable())).toEqual({
      decision: "verified",
      reasons: ["facility matched (NPI 1234567893, CCN 115001) and the address tied to it"],
    });
  });

  it.each<[string, (facts: VerificationFacts) => void, string[]]>([
    ["not qualified", (f) => (f.qualifiedVia = null), ["not qualified by the chat or a call"]],
    ["a scheduler is a decision-maker, a nurse is not", (f) => (f.role = "nurse"), ["role is not a decision-maker's"]],
    ["the role never answered", (f) => (f.role = undefined), ["role is not a decision-maker's"]],
    ["the code never confirmed", (f) => (f.workAddressConfirmedAt = null), ["work e-mail address not confirmed"]],
    ["free-mail", (f) => (f.emailFlags = ["free_mail"]), ["free-mail address"]],
    ["disposable", (f) => (f.emailFlags = ["disposable_email"]), ["disposable address"]],
    [
      "no facility in the lead's state",
      (f) => (f.registry = { status: "not_found" }),
      ["facility not found in Georgia"],
    ],
    [
      "two facilities match",
      (f) => (f.registry = { status: "ambiguous" }),
      ["several facilities in Georgia match the name"],
    ],
    [
      "a look-alike domain whose website lacks the phone",
      (f) => (f.tie = { tied: false, checks: ["domain_name_carries_facility_name", "website_phone_not_shown"] }),
      ["e-mail address not tied to the facility", "website does not show the registry phone"],
    ],
    [
      "a hospital whose price file names another hospital, its website unreachable",
      (f) => (f.tie = { tied: false, checks: ["website_unreachable", "price_file_does_not_name_hospital"] }),
      [
        "e-mail address not tied to the facility",
        "website could not be read",
        "price transparency file does not name the hospital",
      ],
    ],
    [
      "a domain resolving to a private address",
      (f) => (f.tie = { tied: false, checks: ["website_refused"] }),
      ["e-mail address not tied to the facility", "website refused: its address is not public"],
    ],
    ["no tie gathered at all", (f) => (f.tie = undefined), ["e-mail address not tied to the facility"]],
    [
      "a card to the same facility within 365 days",
      (f) => (f.sameFacility = { cards: 1, verified: 1 }),
      ["a card went to this facility (NPI 1234567893, CCN 115001) in the last 365 days"],
    ],
    [
      "a second lead from the same facility",
      (f) => (f.sameFacility = { cards: 0, verified: 1 }),
      ["another lead from this facility (NPI 1234567893, CCN 115001) was verified in the last 365 days"],
    ],
    [
      "a third lead from one domain in a day",
      (f) => (f.verifiedToday.domain = 2),
      ["the e-mail's domain already has 2 automatic verifications today (limit 2)"],
    ],
    [
      "too many from one client address",
      (f) => (f.verifiedToday.clientAddress = 3),
      ["the client address already has 3 automatic verifications today (limit 3)"],
    ],
    [
      "the month's rewards limit",
      (f) => (f.rewardsMonth = { limitUsd: 1000, spentUsd: 960 }),
      ["this month's rewards limit of $1000 is reached"],
    ],
  ])("needs review: %s", (_, change, reasons) => {
    const facts = verifiable();
    change(facts);
    expect(decideVerification(facts)).toEqual({ decision: "needs_review", reasons });
  });

  it("lists every broken rule, in order", () => {
    const facts = {
      ...verifiable(),
      qualifiedVia: null,
      emailFlags: ["free_mail"] as const,
      registry: { status: "not_found" } as const,
      tie: undefined,
    };
    expect(decideVerification(facts).reasons).toEqual([
      "not qualified by the chat or a call",
      "free-mail address",
      "facility not found in Georgia",
    ]);
  });

  it("registries down: not checked yet, with whatever else is already known", () => {
    expect(decideVerification({ ...verifiable(), registry: { status: "unavailable" }, tie: undefined })).toEqual({
      decision: "not_checked_yet",
      reasons: ["registries could not be reached: checked again later"],
    });
    expect(
      decideVerification({
        ...verifiable(),
        registry: { status: "unavailable" },
        tie: undefined,
        emailFlags: ["free_mail"],
      }),
    ).toEqual({
      decision: "not_checked_yet",
      reasons: ["registries could not be reached: checked again later", "free-mail address"],
    });
  });

  it("no monthly limit set: the month decides nothing; a limit met exactly still pays", () => {
    expect(decideVerification({ ...verifiable(), rewardsMonth: undefined }).decision).toBe("verified");
    expect(decideVerification({ ...verifiable(), rewardsMonth: { limitUsd: 1000, spentUsd: 950 } }).decision).toBe(
      "verified",
    );
  });

  it("says it waits for the callback only when the callback will be placed (the tie alone missing)", () => {
    const untied = (): VerificationFacts => ({
      ...verifiable(),
      tie: { tied: false, checks: ["domain_name_carries_facility_name"] },
      callback: { number: { phone: "4045550100", source: "cms" }, state: null },
    });
    const due = decideVerification(untied());
    expect(due.callbackDue).toBe(true);
    expect(due.reasons.some((reason) => reason.startsWith("waiting for the callback"))).toBe(true);
    const freeMail = decideVerification({ ...untied(), emailFlags: ["free_mail"] });
    expect(freeMail.callbackDue).toBeUndefined();
    expect(freeMail.reasons.some((reason) => reason.startsWith("waiting for the callback"))).toBe(false);
    expect(freeMail.reasons).toContain("free-mail address");
  });
});
