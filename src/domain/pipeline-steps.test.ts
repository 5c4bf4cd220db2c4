import { describe, expect, it } from "vitest";
import { fieldErrorsOf } from "./fields";
import { STEP_MESSAGES, checkStep } from "./incentive-pipeline";
import { StaffStepSchema } from "./pipeline-steps";
import { StaffAccountSchema } from "./staff-accounts";

const errorsOf = (body: unknown) => {
  const parsed = StaffStepSchema.safeParse(body);
  return parsed.success ? {} : fieldErrorsOf(parsed.error);
};

describe("StaffStepSchema", () => {
  it("asks each step for what it records, in one wording", () => {
    expect(errorsOf({ to: "role_verified", method: "", note: " " })).toEqual({
      method: STEP_MESSAGES.method,
      note: STEP_MESSAGES.verifyNote,
    });
    expect(errorsOf({ to: "gift_card_sent", reference: "  " })).toEqual({ reference: STEP_MESSAGES.reference });
    expect(errorsOf({ to: "bonus_sent", reference: "x".repeat(201) })).toEqual({
      reference: STEP_MESSAGES.referenceTooLong,
    });
    expect(errorsOf({ to: "rejected", reason: "bored" })).toEqual({ reason: STEP_MESSAGES.reason });
    expect(errorsOf({ to: "first_shift_filled", note: "x".repeat(2001) })).toEqual({ note: STEP_MESSAGES.noteTooLong });
    expect(errorsOf({ to: "sideways" })).toEqual({ to: STEP_MESSAGES.chooseStep });
  });

  it("gives staff's qualification its channel and trims what is typed", () => {
    expect(StaffStepSchema.parse({ to: "qualified" })).toEqual({ to: "qualified", via: "staff_call" });
    expect(StaffStepSchema.parse({ to: "gift_card_sent", reference: " VISA-1 ", note: " sent " })).toEqual({
      to: "gift_card_sent",
      reference: "VISA-1",
      note: "sent",
    });
  });

  it("refuses a staff step that claims the chat or the voice agent", () => {
    expect(StaffStepSchema.safeParse({ to: "qualified", via: "chat" }).success).toBe(false);
  });

  it("uses the same words as the transition rule", () => {
    expect(checkStep("role_verified", { to: "gift_card_sent", reference: " " })).toEqual({
      ok: false,
      error: STEP_MESSAGES.reference,
    });
  });
});

describe("StaffAccountSchema", () => {
  it("takes an e-mail, a password and a role, and names what is wrong", () => {
    expect(
      StaffAccountSchema.safeParse({ email: "new@provider.example", password: "a long passphrase", role: "admin" })
        .success,
    ).toBe(true);
    const parsed = StaffAccountSchema.safeParse({ email: "nope", password: "p", role: "owner" });
    expect(parsed.success ? {} : fieldErrorsOf(parsed.error)).toEqual({
      email: "Enter a valid e-mail address.",
      role: "Choose staff or admin.",
    });
  });
});
