import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { PHONE_MAX_LENGTH, formatPhone, isCompletePhone, phoneDigits } from "./phone";

describe("formatPhone (spec 5.2)", () => {
  it.each([
    ["", ""],
    ["5", "(5"],
    ["555", "(555"],
    ["5551", "(555) 1"],
    ["555123", "(555) 123"],
    ["5551234", "(555) 123-4"],
    ["5551234567", "(555) 123-4567"],
    ["55512345678999", "(555) 123-4567"],
    ["(555) 123-4567", "(555) 123-4567"],
    ["abc-555.123 4567x", "(555) 123-4567"],
    // Ten digits starting with 1 stay as they are; only an eleventh makes the 1 a country code.
    ["1404555123", "(140) 455-5123"],
    ["(140) 455-51234", "(404) 555-1234"],
  ])("%j -> %j", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it.each(["+1 404 555 1234", "1-404-555-1234", "14045551234", "+1 (404) 555-1234", "1 404.555.1234"])(
    "a number with the country code, %j, keeps its last ten digits",
    (input) => {
      expect(formatPhone(input)).toBe("(404) 555-1234");
      expect(isCompletePhone(input)).toBe(true);
    },
  );

  it("eleven digits not starting with 1 keep the first ten, and are not a complete phone", () => {
    expect(formatPhone("24045551234")).toBe("(240) 455-5123");
    expect(isCompletePhone("24045551234")).toBe(false);
  });

  it("keeps digits only, at most 10 (after a country code), shows (XXX) XXX-XXXX at 10, never longer than 14", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const formatted = formatPhone(input);
        const digits = formatted.replace(/\D/g, "");
        const all = input.replace(/\D/g, "");
        const national = all.length > 10 && all.startsWith("1") ? all.slice(1) : all;
        expect(digits).toBe(national.slice(0, 10));
        expect(formatted.length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
        if (digits.length === 10) expect(formatted).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(formatPhone(formatted)).toBe(formatted);
      }),
      { numRuns: 2000 },
    );
  });

  it("a phone is complete with exactly 10 digits, or 11 with the country code", () => {
    expect(isCompletePhone("(555) 123-4567")).toBe(true);
    expect(isCompletePhone("555123456")).toBe(false);
    expect(isCompletePhone("15551234567")).toBe(true);
    expect(isCompletePhone("155512345678")).toBe(false);
    expect(phoneDigits("1-800-FLOWERS")).toBe("1800");
  });
});
