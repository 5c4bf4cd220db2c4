/**
 * Phone input rules of spec 5.2: digits only, at most 10 kept, shown as (XXX) XXX-XXXX. A number
 * written with the US country code (`+1 404 555 1234`, `1-404-555-1234`: eleven digits starting
 * with 1, as autofill and pasting often give it) keeps its last ten, not its first.
 */

const PHONE_DIGITS = 10;
export const PHONE_MAX_LENGTH = 14;
const COUNTRY_CODE = "1";

/** The national number's digits: the country code dropped when the digits go past ten, at most ten kept. */
export function phoneDigits(input: string): string {
  const digits = input.replace(/\D/g, "");
  const national =
    digits.length > PHONE_DIGITS && digits.startsWith(COUNTRY_CODE) ? digits.slice(COUNTRY_CODE.length) : digits;
  return national.slice(0, PHONE_DIGITS);
}

/** Formats as the visitor types: "555" -> "(555", "5551234" -> "(555) 123-4". */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/** Exactly ten digits, or eleven with the country code first. */
export function isCompletePhone(input: string): boolean {
  const digits = input.replace(/\D/g, "");
  return (
    digits.length === PHONE_DIGITS ||
    (digits.length === PHONE_DIGITS + COUNTRY_CODE.length && digits.startsWith(COUNTRY_CODE))
  );
}
