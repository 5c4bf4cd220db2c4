/** Phone input rules of spec 5.2: digits only, at most 10 kept, shown as (XXX) XXX-XXXX. */

export const PHONE_DIGITS = 10;
export const PHONE_MAX_LENGTH = 14;

export function phoneDigits(input: string): string {
  return input.replace(/\D/g, "").slice(0, PHONE_DIGITS);
}

/** Formats as the visitor types: "555" -> "(555", "5551234" -> "(555) 123-4". */
export function formatPhone(input: string): string {
  const digits = phoneDigits(input);
  if (digits.length === 0) return "";
  if (digits.length <= 3) return `(${digits}`;
  if (digits.length <= 6) return `(${digits.slice(0, 3)}) ${digits.slice(3)}`;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

export function isCompletePhone(input: string): boolean {
  return input.replace(/\D/g, "").length === PHONE_DIGITS;
}
