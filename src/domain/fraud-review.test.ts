import { describe, expect, it } from "vitest";
import { FraudReviewDecisionSchema, keptReasons } from "./fraud-review";
import { RoleDecisionSchema } from "./pipeline-steps";

describe("the provider's fraud review", () => {
  it("keeps the provider's reasons as short strings, at most 20", () => {
    expect(keptReasons(["VPN detected", " Over reward count limit ", "", 7, null])).toEqual([
      "VPN detected",
      "Over reward count limit",
    ]);
    expect(keptReasons("VPN detected")).toEqual([]);
    expect(keptReasons(Array.from({ length: 30 }, (_, i) => `r${i}`))).toHaveLength(20);
    expect(keptReasons(["x".repeat(500)])[0]).toHaveLength(200);
  });

  it("takes release or block with an optional note, and says what is wrong otherwise", () => {
    expect(FraudReviewDecisionSchema.parse({ decision: "block", note: " why " })).toEqual({
      decision: "block",
      note: "why",
    });
    const refused = FraudReviewDecisionSchema.safeParse({ decision: "approve" });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues[0]?.message).toBe("Choose to release or block the reward.");
  });
});

describe("the role decision (verify or decline in one step)", () => {
  it.each([
    [{ to: "role_verified", method: "phone_call_to_facility", note: "Called" }, true],
    [{ to: "rejected", reason: "not_decision_maker", note: "A scheduler" }, true],
    [{ to: "rejected", reason: "not_decision_maker", note: " " }, false],
    [{ to: "role_verified", method: "", note: "Called" }, false],
    [{ to: "gift_card_sent", reference: "R1", note: "x" }, false],
    [{ to: "", note: "x" }, false],
  ])("%j is accepted: %s", (body, ok) => {
    expect(RoleDecisionSchema.safeParse(body).success).toBe(ok);
  });

  it("names the missing note of a decline", () => {
    const refused = RoleDecisionSchema.safeParse({ to: "rejected", reason: "duplicate", note: "" });
    expect(refused.error?.issues.map((i) => i.message)).toEqual(["Say in the note why the role is declined."]);
  });
});
