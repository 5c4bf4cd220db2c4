import { timingSafeEqual } from "node:crypto";

/** A token from a header against the session's, in constant time. */
export function safeTokenEqual(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
