import { describe, expect, it } from "vitest";
import {
  AccountsIntentSchema,
  ApprovalsIntentSchema,
  CallsIntentSchema,
  LeadIntentSchema,
  OwnSecurityIntentSchema,
  PrivacyIntentSchema,
  SessionIntentSchema,
  ThrottlesIntentSchema,
} from "./staff-console-intents";

describe("the console routes' intents", () => {
  it("reads each route's intents with their typed fields, and refuses what the intent does not carry", () => {
    expect(SessionIntentSchema.parse({ intent: "sign-in", email: "a@b.example", password: "pw" })).toEqual({
      intent: "sign-in",
      email: "a@b.example",
      password: "pw",
    });
    // One strict schema per change: an unknown key is refused here as on the server.
    expect(() =>
      SessionIntentSchema.parse({ intent: "sign-in", email: "a@b.example", password: "pw", extra: 1 }),
    ).toThrow();
    expect(SessionIntentSchema.parse({ intent: "sign-out" })).toEqual({ intent: "sign-out" });
    expect(LeadIntentSchema.parse({ intent: "retry", deliveryId: "d1" })).toEqual({
      intent: "retry",
      deliveryId: "d1",
    });
    expect(LeadIntentSchema.parse({ intent: "step", to: "gift_card_sent", reference: "R1" })).toEqual({
      intent: "step",
      to: "gift_card_sent",
      reference: "R1",
    });
    expect(OwnSecurityIntentSchema.parse({ intent: "mail-alerts", on: true })).toEqual({
      intent: "mail-alerts",
      on: true,
    });
    expect(ThrottlesIntentSchema.parse({ intent: "lift", keys: ["k1", "k2"] })).toEqual({
      intent: "lift",
      keys: ["k1", "k2"],
    });
    expect(ApprovalsIntentSchema.parse({ intent: "decline", id: "a1" })).toEqual({ intent: "decline", id: "a1" });
    expect(CallsIntentSchema.parse({ intent: "call-outcome", id: "c1", outcome: "held" })).toEqual({
      intent: "call-outcome",
      id: "c1",
      outcome: "held",
    });
  });

  it("keeps availability's settings whole (their rules are the server's AvailabilityRequestSchema)", () => {
    const settings = {
      intent: "availability",
      takesCalls: true,
      timeZone: "America/New_York",
      weekly: [{ day: 1, from: "09:00", to: "17:00" }],
    };
    expect(OwnSecurityIntentSchema.parse(settings)).toMatchObject(settings);
  });

  it("refuses an intent another route has, or none", () => {
    expect(AccountsIntentSchema.safeParse({ intent: "lift", keys: [] }).success).toBe(false);
    expect(PrivacyIntentSchema.safeParse({ intent: "sign-out" }).success).toBe(false);
    expect(SessionIntentSchema.safeParse({ email: "a@b.example" }).success).toBe(false);
    expect(SessionIntentSchema.safeParse(undefined).success).toBe(false);
  });

  it("refuses an intent without the id it acts on, or a value of the wrong type", () => {
    expect(AccountsIntentSchema.safeParse({ intent: "disable" }).success).toBe(false);
    expect(AccountsIntentSchema.safeParse({ intent: "disable", accountId: "" }).success).toBe(false);
    expect(LeadIntentSchema.safeParse({ intent: "resend", email: "a@b.example" }).success).toBe(false);
    expect(ApprovalsIntentSchema.safeParse({ intent: "approve", id: 7 }).success).toBe(false);
    expect(OwnSecurityIntentSchema.safeParse({ intent: "mail-alerts", on: "yes" }).success).toBe(false);
    expect(ThrottlesIntentSchema.safeParse({ intent: "lift", keys: "k1" }).success).toBe(false);
    expect(CallsIntentSchema.safeParse({ intent: "outcome", outcome: "held" }).success).toBe(false);
  });
});
