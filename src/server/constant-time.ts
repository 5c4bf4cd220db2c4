import { createHash, timingSafeEqual } from "node:crypto";

const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest();

/**
 * Whether a secret someone gave (a header, a token) equals the expected one, in constant time:
 * both sides are hashed with SHA-256 first, so even the expected secret's length does not show.
 * Anything but a string (a missing or repeated header) is never equal.
 */
export function safeEqual(given: unknown, expected: string): boolean {
  if (typeof given !== "string") return false;
  return timingSafeEqual(sha256(given), sha256(expected));
}
