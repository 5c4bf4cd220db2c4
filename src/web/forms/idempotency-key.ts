/**
 * One key per submit attempt, sent as `Idempotency-Key`, so a retried request can never store
 * the same record twice. Works on any origin: `crypto.randomUUID` exists only in secure
 * contexts (https, localhost), so on a plain-http host name the same 122 random bits come from
 * `crypto.getRandomValues`, which every context has.
 */
export function newIdempotencyKey(
  source: Pick<Crypto, "getRandomValues"> & Partial<Pick<Crypto, "randomUUID">> = crypto,
): string {
  if (typeof source.randomUUID === "function") return source.randomUUID();
  const bytes = source.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40; // version 4
  bytes[8] = (bytes[8]! & 0x3f) | 0x80; // variant 10
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, "0")).join("");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
