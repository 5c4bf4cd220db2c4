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
  ])("%j -> %j", (input, expected) => {
    expect(formatPhone(input)).toBe(expected);
  });

  it("keeps digits only, at most 10, shows (XXX) XXX-XXXX at 10, never longer than 14", () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 40 }), (input) => {
        const formatted = formatPhone(input);
        const digits = formatted.replace(/\D/g, "");
        expect(digits).toBe(input.replace(/\D/g, "").slice(0, 10));
        expect(formatted.length).toBeLessThanOrEqual(PHONE_MAX_LENGTH);
        if (digits.length === 10) expect(formatted).toMatch(/^\(\d{3}\) \d{3}-\d{4}$/);
        expect(formatPhone(formatted)).toBe(formatted);
      }),
      { numRuns: 2000 },
    );
  });

  it("a phone is complete with exactly 10 digits", () => {
    expect(isCompletePhone("(555) 123-4567")).toBe(true);
    expect(isCompletePhone("555123456")).toBe(false);
    expect(isCompletePhone("15551234567")).toBe(false);
    expect(phoneDigits("1-800-FLOWERS")).toBe("1800");
  });
});
