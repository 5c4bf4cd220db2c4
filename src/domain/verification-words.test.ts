import { describe, expect, it } from "vitest";
import { CARD_HELD_FOR_REVIEW, NOT_CHECKED_YET, inDecidingOrder } from "./verification-words";
import { CLIENT_ADDRESS_DAILY_LIMIT, decideVerification, type VerificationFacts } from "./verification-policy";

/** A free-mail address never confirmed, at a facility not found: what the policy says, in its order. */
const facts = (): VerificationFacts => ({
  qualifiedVia: null,
  role: "director_of_nursing",
  workAddressConfirmedAt: null,
  emailFlags: ["free_mail"],
  state: "Georgia",
  registry: { status: "not_found" },
  tie: undefined,
  sameFacility: { cards: 0, verified: 0 },
  verifiedToday: { domain: 0, clientAddress: 0 },
  verifiedTodayAll: 0,
  limits: { domainDaily: 2, clientAddressDaily: CLIENT_ADDRESS_DAILY_LIMIT, autoPayDaily: 10, minDomainAgeDays: 365 },
  rewardsMonth: undefined,
  cardAmountUsd: 50,
});

describe("inDecidingOrder", () => {
  it("puts a free-mail address before 'work e-mail address not confirmed', with the policy's own words", () => {
    const { reasons } = decideVerification(facts());
    expect(reasons[0]).toBe("not qualified by the chat or a call"); // the policy's order: the rules as written
    expect(inDecidingOrder(reasons)).toEqual([
      "free-mail address",
      "facility not found in Georgia",
      "not qualified by the chat or a call",
      "work e-mail address not confirmed",
    ]);
  });

  it("puts 'registries could not be reached' after what a person must judge", () => {
    const { reasons } = decideVerification({ ...facts(), registry: { status: "unavailable" } });
    expect(inDecidingOrder(reasons)[0]).toBe("free-mail address");
    expect(inDecidingOrder(reasons).at(-1)).toBe("registries could not be reached: checked again later");
  });

  it("keeps the address's tie findings right after 'not tied', and a held card first of all", () => {
    expect(
      inDecidingOrder([
        "work e-mail address not confirmed",
        "e-mail address not tied to the facility",
        "website does not show the registry phone",
        "disposable address",
        CARD_HELD_FOR_REVIEW,
      ]),
    ).toEqual([
      CARD_HELD_FOR_REVIEW,
      "disposable address",
      "e-mail address not tied to the facility",
      "website does not show the registry phone",
      "work e-mail address not confirmed",
    ]);
  });

  it("puts a reason it does not know before what the lead may still do, and leaves the input as it was", () => {
    const reasons = [NOT_CHECKED_YET, "work e-mail address not confirmed", "a reason added later", "free-mail address"];
    expect(inDecidingOrder(reasons)).toEqual([
      "free-mail address",
      "a reason added later",
      "work e-mail address not confirmed",
      NOT_CHECKED_YET,
    ]);
    expect(reasons[0]).toBe(NOT_CHECKED_YET);
  });
});
