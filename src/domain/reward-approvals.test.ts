import { describe, expect, it } from "vitest";
import {
  ApprovalDecisionSchema,
  ApprovalListQuerySchema,
  approvalReasonOf,
  fourEyesReasonsOf,
} from "./reward-approvals";

const LEAD = "4b7e3f2a-1c2d-4e5f-8a9b-0c1d2e3f4a5b";

describe("the approvals' list query", () => {
  it("lists the pending ones by default, every lead's, or one lead's by its id", () => {
    expect(ApprovalListQuerySchema.parse({})).toEqual({ status: "pending" });
    expect(ApprovalListQuerySchema.parse({ status: "all", leadId: LEAD })).toEqual({ status: "all", leadId: LEAD });
  });

  it("refuses a lead id that is not one, and an unknown status, in words", () => {
    const badLead = ApprovalListQuerySchema.safeParse({ leadId: "1 or 1=1" });
    expect(badLead.success).toBe(false);
    expect(badLead.error?.issues[0]?.message).toBe("Give a lead's id.");
    expect(ApprovalListQuerySchema.safeParse({ status: "mine" }).error?.issues[0]?.message).toBe(
      "Choose pending, approved, declined or all.",
    );
  });
});

describe("an admin's decision", () => {
  it("takes an optional note, trimmed, of at most 500 characters", () => {
    expect(ApprovalDecisionSchema.parse({})).toEqual({});
    expect(ApprovalDecisionSchema.parse({ note: "  checked  " })).toEqual({ note: "checked" });
    expect(ApprovalDecisionSchema.safeParse({ note: "x".repeat(501) }).error?.issues[0]?.message).toBe(
      "Keep the note under 500 characters.",
    );
  });
});

describe("approvalReasonOf", () => {
  const base = {
    step: "gift_card_sent" as const,
    leadAddresses: ["dana@sunrise.example", "dana.gift@mail.example"],
    approvedAddresses: [],
  };

  it("lets money to an address the lead gave go on at once, whatever its case", () => {
    expect(approvalReasonOf({ ...base, recipient: " Dana.Gift@Mail.example " })).toBeUndefined();
  });

  it("holds money to any other address, until a second admin approved that address", () => {
    expect(approvalReasonOf({ ...base, recipient: "worker@provider.example" })).toBe("other_recipient");
    expect(
      approvalReasonOf({
        ...base,
        recipient: "worker@provider.example",
        approvedAddresses: ["worker@provider.example"],
      }),
    ).toBeUndefined();
  });

  it("holds a bonus whose role and first shift one member of staff marked, until approved", () => {
    const oneHand = {
      ...base,
      step: "bonus_sent" as const,
      recipient: "dana@sunrise.example",
      verifiedBy: "staff:worker@provider.example",
      firstShiftBy: "staff:worker@provider.example",
    };
    expect(approvalReasonOf(oneHand)).toBe("same_verifier");
    expect(approvalReasonOf({ ...oneHand, sameVerifierApproved: true })).toBeUndefined();
    expect(approvalReasonOf({ ...oneHand, firstShiftBy: "staff:chief@provider.example" })).toBeUndefined();
    expect(approvalReasonOf({ ...oneHand, step: "gift_card_sent" })).toBeUndefined();
  });

  it("holds a card the orderer verified, or whose facility no one vouches for, until each reason is approved (decision 0043)", () => {
    const card = {
      ...base,
      recipient: "dana@sunrise.example",
      verifiedBy: "staff:worker@provider.example",
      orderedBy: "staff:worker@provider.example",
      facility: { freeMail: false, registryMatch: true, paidThisYear: false },
    };
    expect(approvalReasonOf(card)).toBe("same_verifier");
    expect(approvalReasonOf({ ...card, orderedBy: "staff:chief@provider.example" })).toBeUndefined();
    expect(approvalReasonOf({ ...card, approvedReasons: ["same_verifier"] })).toBeUndefined();
    // An automatic verification is no one's hand.
    expect(
      approvalReasonOf({ ...card, verifiedBy: "system:verification", orderedBy: "system:verification" }),
    ).toBeUndefined();
  });
});

describe("fourEyesReasonsOf", () => {
  const card = { step: "gift_card_sent" as const, verifiedBy: "staff:a@x.example", orderedBy: "staff:b@x.example" };
  it("names every reason a staff order waits: free mail, no registry match, a facility paid this year", () => {
    expect(
      fourEyesReasonsOf({ ...card, facility: { freeMail: false, registryMatch: true, paidThisYear: false } }),
    ).toEqual([]);
    expect(
      fourEyesReasonsOf({ ...card, facility: { freeMail: true, registryMatch: false, paidThisYear: false } }),
    ).toEqual(["free_mail", "no_registry_match"]);
    expect(
      fourEyesReasonsOf({
        ...card,
        orderedBy: card.verifiedBy,
        facility: { freeMail: false, registryMatch: true, paidThisYear: true },
      }),
    ).toEqual(["same_verifier", "facility_paid"]);
  });
});
