import { describe, expect, it } from "vitest";
import { LeadRequestSchema } from "./facility-lead";
import { emailField, fieldErrorsOf } from "./fields";
import { MESSAGES } from "./messages";
import { NurseApplicationRequestSchema } from "./nurse-application";
import { UNTYPEABLE_TEXT_MESSAGE, findUntypeableText, hasUntypeableCharacters } from "./text";

const LONE_HIGH = "\ud83d";
const LONE_LOW = "\ude00";

describe("characters no person types", () => {
  it("refuses NUL, the other C0 controls and DEL, and unpaired surrogates", () => {
    for (let code = 0; code < 0x20; code++) {
      if (code === 0x09) continue;
      expect(hasUntypeableCharacters(`a${String.fromCharCode(code)}b`), `U+${code.toString(16)}`).toBe(true);
    }
    expect(hasUntypeableCharacters("a\u007fb")).toBe(true);
    expect(hasUntypeableCharacters(`smile ${LONE_HIGH}`)).toBe(true);
    expect(hasUntypeableCharacters(`${LONE_LOW} smile`)).toBe(true);
    expect(hasUntypeableCharacters(`${LONE_LOW}${LONE_HIGH}`)).toBe(true); // reversed pair
  });

  it("accepts what people type: accents, emoji (paired surrogates), tab; line breaks only where allowed", () => {
    expect(hasUntypeableCharacters("José Ñúñez 😀 O'Brien\tRN")).toBe(false);
    expect(hasUntypeableCharacters("line one\nline two")).toBe(true);
    expect(hasUntypeableCharacters("line one\r\nline two", { multiline: true })).toBe(false);
    expect(hasUntypeableCharacters("a\u0000b", { multiline: true })).toBe(true);
  });

  it("finds one at any depth of a JSON value, keys included, and names its path", () => {
    expect(findUntypeableText({ a: "ok", utm: { utm_source: `x${LONE_HIGH}` } })).toEqual(["utm", "utm_source"]);
    expect(findUntypeableText({ roles: ["RN", "C\u0000NA"] })).toEqual(["roles", 1]);
    expect(findUntypeableText({ ["k\u0001"]: 1 })).toEqual(["k\u0001"]);
    expect(findUntypeableText({ message: "two\nlines", n: 3, ok: true, none: null })).toBeUndefined();
  });

  it("walks any depth without recursion (a value nested 200,000 levels deep)", () => {
    let deep: unknown = "bad\u0000";
    for (let i = 0; i < 200_000; i++) deep = i % 2 ? { a: deep } : [deep];
    const path = findUntypeableText(deep)!;
    expect(path).toHaveLength(200_000);
    expect(path.slice(0, 2)).toEqual(["a", 0]);
    let clean: unknown = "fine";
    for (let i = 0; i < 200_000; i++) clean = [clean];
    expect(findUntypeableText(clean)).toBeUndefined();
  });

  it("the forms' schemas refuse them field by field with a clear message", () => {
    const lead = LeadRequestSchema.safeParse({
      form: "homepage_form",
      firstName: "Da\u0000na",
      utm: { utm_source: LONE_HIGH },
    });
    expect(lead.success).toBe(false);
    const errors = fieldErrorsOf(lead.error!);
    expect(errors.firstName).toBe(UNTYPEABLE_TEXT_MESSAGE);
    expect(errors.utm).toBe(UNTYPEABLE_TEXT_MESSAGE);
    const nurse = NurseApplicationRequestSchema.safeParse({ message: "hello\nthere", lastName: `x${LONE_LOW}` });
    const nurseErrors = fieldErrorsOf(nurse.error!);
    expect(nurseErrors.message).toBeUndefined(); // a message may hold line breaks
    expect(nurseErrors.lastName).toBe(UNTYPEABLE_TEXT_MESSAGE);
  });
});

describe("e-mail addresses mail can reach", () => {
  it.each(["p@x..y", ".p@x.y", "p.@x.y", "<script>1@x.y", "a..b@x.co", "dana@", "dana@sunrise", "a b@x.co"])(
    "refuses %s",
    (email) => {
      const result = emailField.safeParse(email);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toBe(MESSAGES.emailInvalid);
    },
  );

  it.each(["dana@sunrise.example", "first.last+tag@sub.example.co", "  o'neil@example.org  "])(
    "accepts %s",
    (email) => {
      expect(emailField.safeParse(email).success).toBe(true);
    },
  );
});
