import { describe, expect, it } from "vitest";
import { WORK_EMAIL_CODE_MESSAGES as M } from "./work-email-messages";
import {
  ConfirmWorkEmailLinkRequestSchema,
  ConfirmWorkEmailRequestSchema,
  WorkEmailCodeSchema,
  answerRefusal,
  codeFromBytes,
  intakeCodeState,
  isCodeWaiting,
  issueRefusal,
  wrongCodeMessage,
  type WorkEmailCodeState,
} from "./work-email-codes";

const NOW = new Date("2026-11-26T12:00:00Z");
const minutes = (n: number) => new Date(NOW.getTime() + n * 60_000);
const state = (over: Partial<WorkEmailCodeState> = {}): WorkEmailCodeState => ({
  issuedAt: minutes(-2),
  expiresAt: minutes(8),
  wrongTries: 0,
  usedAt: null,
  confirmedAt: null,
  issueDay: "2026-11-26",
  issuesToday: 1,
  ...over,
});

describe("the work e-mail code's digits", () => {
  it.each([
    [[0, 0, 0, 0, 0, 0, 0, 0], "000000"],
    [[0, 0, 0, 0, 0, 0, 0, 7], "000007"],
    [[0, 0, 0, 0, 0, 0x0f, 0x42, 0x3f], "999999"],
    [[0, 0, 0, 0, 0, 0x0f, 0x42, 0x40], "000000"],
    [[255, 255, 255, 255, 255, 255, 255, 255], "551615"],
  ])("%j gives %s", (bytes, code) => {
    expect(codeFromBytes(Uint8Array.from(bytes))).toBe(code);
  });

  it("refuses fewer than 8 bytes", () => {
    expect(() => codeFromBytes(new Uint8Array(7))).toThrow(RangeError);
  });

  it("spreads over all six digits (random bytes give every first digit)", () => {
    const firsts = new Set<string>();
    for (let i = 0; i < 400; i++) firsts.add(codeFromBytes(crypto.getRandomValues(new Uint8Array(8)))[0]!);
    expect(firsts.size).toBe(10);
  });
});

describe("the code as typed", () => {
  it.each([
    ["123456", "123456"],
    ["123 456", "123456"],
    [" 123-456 ", "123456"],
    ["12 34 56", "123456"],
    ["123–456", "123456"],
  ])("accepts %j as %s", (typed, code) => {
    expect(WorkEmailCodeSchema.parse(typed)).toBe(code);
  });

  it.each([
    ["", M.codeRequired],
    ["  ", M.codeRequired],
    ["12345", M.codeInvalid],
    ["1234567", M.codeInvalid],
    ["12345a", M.codeInvalid],
    ["١٢٣٤٥٦", M.codeInvalid],
    ["1".repeat(41), M.codeInvalid],
  ])("refuses %j with %j", (typed, message) => {
    const result = WorkEmailCodeSchema.safeParse(typed);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]!.message).toBe(message);
  });

  it("refuses a number, null and extra fields in the request", () => {
    const credentials = { leadId: "0b6f3c52-9b43-4d8e-9d3a-0a5b8c1e2f30", token: "t".repeat(43) };
    expect(ConfirmWorkEmailRequestSchema.safeParse({ ...credentials, code: "123456" }).success).toBe(true);
    expect(ConfirmWorkEmailRequestSchema.safeParse({ ...credentials, code: 123456 }).success).toBe(false);
    expect(ConfirmWorkEmailRequestSchema.safeParse({ ...credentials, code: null }).success).toBe(false);
    expect(ConfirmWorkEmailRequestSchema.safeParse({ ...credentials, code: "123456", x: 1 }).success).toBe(false);
    expect(ConfirmWorkEmailRequestSchema.safeParse({ code: "123456" }).success).toBe(false);
  });

  it("takes only a link token of 64 letters a-p", () => {
    expect(ConfirmWorkEmailLinkRequestSchema.safeParse({ token: "ap".repeat(32) }).success).toBe(true);
    for (const token of ["AP".repeat(32), "ap".repeat(31), "q".repeat(64), "a1".repeat(32), 5, null])
      expect(ConfirmWorkEmailLinkRequestSchema.safeParse({ token }).success).toBe(false);
    expect(ConfirmWorkEmailLinkRequestSchema.safeParse({ token: "ap".repeat(32), leadId: "x" }).success).toBe(false);
  });
});

describe("which rule refuses an answer", () => {
  it.each<[string, WorkEmailCodeState | undefined, Date, ReturnType<typeof answerRefusal>]>([
    ["a fresh code", state(), NOW, undefined],
    ["no code at all", undefined, NOW, "no_code"],
    ["one second before expiry", state(), new Date(minutes(8).getTime() - 1000), undefined],
    ["at expiry", state(), minutes(8), "expired"],
    ["after expiry", state(), minutes(30), "expired"],
    ["4 wrong tries", state({ wrongTries: 4 }), NOW, undefined],
    ["5 wrong tries", state({ wrongTries: 5 }), NOW, "too_many_tries"],
    ["5 wrong tries and expired", state({ wrongTries: 5 }), minutes(30), "too_many_tries"],
    ["used and confirmed", state({ usedAt: NOW, confirmedAt: NOW }), NOW, "already_confirmed"],
    ["used, not confirmed", state({ usedAt: NOW }), NOW, "used"],
    ["confirmed by an earlier code", state({ confirmedAt: minutes(-60) }), NOW, "already_confirmed"],
  ])("%s", (_, given, now, refusal) => {
    expect(answerRefusal(given, now)).toBe(refusal);
  });
});

describe("whether a code waits for an answer", () => {
  it.each<[string, WorkEmailCodeState | undefined, Date, boolean]>([
    ["a fresh code", state(), NOW, true],
    ["no code at all", undefined, NOW, false],
    ["at expiry", state(), minutes(8), false],
    ["4 wrong tries", state({ wrongTries: 4 }), NOW, true],
    ["5 wrong tries", state({ wrongTries: 5 }), NOW, false],
    ["confirmed", state({ usedAt: NOW, confirmedAt: NOW }), NOW, false],
    ["the intake's code, 9 minutes on", intakeCodeState(minutes(-9)), NOW, true],
    ["the intake's code, 10 minutes on", intakeCodeState(minutes(-10)), NOW, false],
  ])("%s", (_, given, now, waits) => {
    expect(isCodeWaiting(given, now)).toBe(waits);
  });

  it("the intake's code is issued once that day, at the intake", () => {
    expect(intakeCodeState(minutes(-1))).toEqual(
      state({ issuedAt: minutes(-1), expiresAt: minutes(9), issueDay: "2026-11-26", issuesToday: 1 }),
    );
  });
});

describe("which rule refuses a new code", () => {
  it.each<[string, WorkEmailCodeState | undefined, Date, ReturnType<typeof issueRefusal>]>([
    ["the first code", undefined, NOW, undefined],
    ["two minutes after the last", state(), NOW, undefined],
    ["30 seconds after the last", state({ issuedAt: new Date(NOW.getTime() - 30_000) }), NOW, "too_soon"],
    ["exactly a minute after", state({ issuedAt: minutes(-1) }), NOW, undefined],
    ["the fifth of the day", state({ issuesToday: 4 }), NOW, undefined],
    ["a sixth the same day", state({ issuesToday: 5 }), NOW, "daily_limit"],
    ["the next UTC day", state({ issuesToday: 5, issueDay: "2026-11-25" }), NOW, undefined],
    ["after confirmation", state({ confirmedAt: minutes(-5) }), NOW, "already_confirmed"],
  ])("%s", (_, given, now, refusal) => {
    expect(issueRefusal(given, now)).toBe(refusal);
  });
});

describe("the wrong code's words", () => {
  it.each([
    [1, `${M.wrong} 4 tries left.`],
    [4, `${M.wrong} 1 try left.`],
    [5, M.tooManyTries],
  ])("after %i wrong tries", (tries, message) => {
    expect(wrongCodeMessage(tries)).toBe(message);
  });
});
