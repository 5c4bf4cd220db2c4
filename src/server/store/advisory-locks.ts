import { createHash } from "node:crypto";

/**
 * A lock key as a 64-bit integer literal for `pg_advisory_xact_lock` (the first 8 bytes of its
 * SHA-256): no user text reaches the SQL, and the same key gives the same lock in every process.
 */
export const lockLiteral = (key: string): string =>
  createHash("sha256").update(key, "utf8").digest().readBigInt64BE(0).toString();
