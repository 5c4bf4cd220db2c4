import { describe, expect, it } from "vitest";
import { emailDomainFlags } from "./email-domain-flags";
import {
  BONUS_AMOUNT_USD,
  GIFT_CARD_AMOUNT_USD,
  PIPELINE_STATUSES,
  allowedNextStatuses,
  otherStepsAt,
  roleDecisionsAt,
  amountOf,
  checkStep,
  type PipelineStatus,
  type PipelineStep,
} from "./incentive-pipeline";
import { passwordProblem } from "./staff-password";

const verify: PipelineStep = { to: "role_verified", method: "phone_call_to_facility", note: "Called the front desk" };
const card: PipelineStep = { to: "gift_card_sent", reference: "VISA-123" };
const reject: PipelineStep = { to: "rejected", reason: "duplicate" };

describe("incentive pipeline", () => {
  it("walks the whole way from new to bonus sent", () => {
    const steps: [PipelineStatus, PipelineStep][] = [
      ["new", { to: "qualified", via: "staff_call" }],
      ["qualified", verify],
      ["role_verified", card],
      ["gift_card_sent", { to: "first_shift_filled" }],
      ["first_shift_filled", { to: "bonus_sent", reference: "VISA-456" }],
    ];
    for (const [from, step] of steps) expect(checkStep(from, step), `${from} → ${step.to}`).toEqual({ ok: true });
    expect(allowedNextStatuses("bonus_sent")).toEqual([]);
  });

  it("splits the next steps into the role's decision and the others, so each is offered in one place", () => {
    expect(roleDecisionsAt("new")).toEqual(["role_verified", "rejected"]);
    expect(otherStepsAt("new")).toEqual(["qualified"]);
    expect(roleDecisionsAt("qualified")).toEqual(["role_verified", "rejected"]);
    expect(otherStepsAt("qualified")).toEqual([]);
    expect(roleDecisionsAt("role_verified")).toEqual(["rejected"]);
    expect(otherStepsAt("role_verified")).toEqual(["gift_card_sent"]);
    expect(roleDecisionsAt("gift_card_sent")).toEqual([]);
    expect(otherStepsAt("rejected")).toEqual([]);
  });

  it("never sends a card before the role is verified", () => {
    expect(checkStep("new", card)).toEqual({
      ok: false,
      error: "The gift card can only be sent after the role is verified.",
    });
    expect(checkStep("qualified", card).ok).toBe(false);
    expect(checkStep("first_shift_filled", card).ok).toBe(false);
    for (const status of PIPELINE_STATUSES) {
      if (allowedNextStatuses(status).includes("gift_card_sent")) expect(status).toBe("role_verified");
    }
  });

  it("rejects from any state before the card, never after", () => {
    for (const status of ["new", "qualified", "role_verified"] as const)
      expect(checkStep(status, reject)).toEqual({ ok: true });
    for (const status of ["gift_card_sent", "first_shift_filled", "bonus_sent", "rejected"] as const) {
      expect(checkStep(status, reject).ok).toBe(false);
    }
  });

  it("does not skip steps after the card, nor move a rejected lead", () => {
    expect(checkStep("gift_card_sent", { to: "bonus_sent", reference: "x" }).ok).toBe(false);
    expect(checkStep("role_verified", { to: "first_shift_filled" }).ok).toBe(false);
    expect(checkStep("rejected", verify)).toEqual({
      ok: false,
      error: "This lead is rejected: it cannot be marked role verified.",
    });
  });

  it("needs a note for the verification and a reference for each card", () => {
    expect(checkStep("qualified", { ...verify, note: "  " }).ok).toBe(false);
    expect(checkStep("role_verified", { to: "gift_card_sent", reference: "" }).ok).toBe(false);
    expect(checkStep("first_shift_filled", { to: "bonus_sent", reference: " " }).ok).toBe(false);
  });

  it("pays $50 for the card and $250 for the bonus", () => {
    expect(amountOf(card)).toBe(GIFT_CARD_AMOUNT_USD);
    expect(GIFT_CARD_AMOUNT_USD).toBe(50);
    expect(amountOf({ to: "bonus_sent", reference: "r" })).toBe(BONUS_AMOUNT_USD);
    expect(BONUS_AMOUNT_USD).toBe(250);
    expect(amountOf(verify)).toBeUndefined();
  });
});

describe("e-mail domain flags", () => {
  it("flags free-mail and disposable domains, not a facility's own", () => {
    expect(emailDomainFlags("Someone@Gmail.com")).toEqual(["free_mail"]);
    expect(emailDomainFlags("x@yahoo.com")).toEqual(["free_mail"]);
    expect(emailDomainFlags("x@mailinator.com")).toEqual(["disposable_email"]);
    expect(emailDomainFlags("dana@mercy-general.org")).toEqual([]);
  });
});

describe("staff passwords", () => {
  it("needs 12 characters, no composition rules, and refuses common ones", () => {
    expect(passwordProblem("short pass")).toBe("Use at least 12 characters.");
    expect(passwordProblem("correct horse battery staple")).toBeUndefined();
    expect(passwordProblem("alllowercaseletters")).toBeUndefined();
    expect(passwordProblem("qwertyuiop123")).toBe(
      "This password is on a list of common passwords. Choose another one.",
    );
    expect(passwordProblem("Password1234")).toBe("This password is on a list of common passwords. Choose another one.");
  });
});
