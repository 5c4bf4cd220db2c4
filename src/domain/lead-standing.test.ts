import { describe, expect, it } from "vitest";
import { leadStanding, roleStepOf } from "./lead-standing";

const needsPerson = {
  decision: "needs_review" as const,
  reasons: ["work e-mail address not confirmed", "free-mail address"],
};

describe("a lead's standing, derived once", () => {
  it("a person's verification replaces the automatic check's 'needs a person', and no decline form remains", () => {
    const roleStep = {
      toStatus: "role_verified",
      actor: "staff:ana@example.com",
      at: "2026-11-28T15:00:00.000Z",
      details: { method: "phone_call_to_facility" },
      note: "Called the front desk",
    };
    const standing = leadStanding({ status: "role_verified", roleStep, verification: needsPerson });
    expect(standing.role).toEqual({
      kind: "verified_by_person",
      by: "ana@example.com",
      at: "2026-11-28T15:00:00.000Z",
      method: "phone_call_to_facility",
      note: "Called the front desk",
    });
    expect(standing.roleDecisions).toEqual([]);
    expect(standing.check).toBeNull();
  });

  it("a rejected lead is declined, with its reason and who declined it, never 'needs a person'", () => {
    const roleStep = {
      toStatus: "rejected",
      actor: "staff:ben@example.com",
      at: "2026-11-28T16:00:00.000Z",
      details: { reason: "not_decision_maker" },
    };
    const standing = leadStanding({ status: "rejected", roleStep, verification: needsPerson });
    expect(standing.role).toMatchObject({ kind: "declined", by: "ben@example.com", reason: "not_decision_maker" });
    expect(standing.roleDecisions).toEqual([]);
  });

  it("a role the automatic check verified may still be declined by a person", () => {
    const roleStep = { toStatus: "role_verified", actor: "system:verification", at: "2026-11-28T10:00:00.000Z" };
    const standing = leadStanding({
      status: "role_verified",
      roleStep,
      verification: { decision: "verified", reasons: [] },
    });
    expect(standing.role).toEqual({ kind: "verified_automatically", at: "2026-11-28T10:00:00.000Z" });
    expect(standing.roleDecisions).toEqual(["rejected"]);
  });

  it("an undecided lead needs a person, the deciding reason first, and may be checked again", () => {
    const standing = leadStanding({ status: "qualified", verification: needsPerson });
    expect(standing.role).toEqual({
      kind: "needs_person",
      reasons: ["free-mail address", "work e-mail address not confirmed"],
    });
    expect(standing.roleDecisions).toEqual(["role_verified", "rejected"]);
    expect(standing.check).toBe("again");
  });

  it("a lead never checked is checked for the first time, not 'again'", () => {
    expect(leadStanding({ status: "new", verification: null })).toMatchObject({
      role: { kind: "not_checked" },
      check: "first",
    });
  });

  it("the role step is the latest verification or rejection of the timeline", () => {
    const timeline = [
      { toStatus: "qualified", actor: "system:chat", at: "2026-11-27T10:00:00.000Z" },
      { toStatus: "role_verified", actor: "system:verification", at: "2026-11-27T11:00:00.000Z" },
      { toStatus: "rejected", actor: "staff:ana@example.com", at: "2026-11-28T09:00:00.000Z" },
      { toStatus: "gift_card_sent", actor: "staff:ana@example.com", at: "2026-11-29T09:00:00.000Z" },
    ];
    expect(roleStepOf(timeline)?.toStatus).toBe("rejected");
    expect(roleStepOf([])).toBeUndefined();
  });
});
