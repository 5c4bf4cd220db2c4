/**
 * Sign-in back-off (docs/decisions/0015): after a few free failures, each further try waits,
 * the wait doubling with each failure up to a ceiling. Nothing locks for good: the wait never
 * exceeds the ceiling, failures are forgotten a day after the last one, and a browser with the
 * account's device cookie is counted on its own.
 */
export interface BackoffRule {
  /** Failures allowed before any wait. */
  free: number;
  /** The first wait, doubled at each further failure. */
  baseMs: number;
  /** The longest wait. */
  maxMs: number;
}

/** Per e-mail typed (an account or not: the answer must not tell which). */
export const ACCOUNT_BACKOFF: BackoffRule = { free: 5, baseMs: 1_000, maxMs: 60_000 };
/** Per client address: more free tries (an office shares one address), a longer ceiling. */
export const ADDRESS_BACKOFF: BackoffRule = { free: 20, baseMs: 1_000, maxMs: 5 * 60_000 };
/** Per device cookie: its owner's own typing mistakes. */
export const DEVICE_BACKOFF: BackoffRule = { free: 5, baseMs: 1_000, maxMs: 60_000 };

/** Failures are forgotten this long after the last one. */
export const BACKOFF_MEMORY_MS = 24 * 60 * 60 * 1000;

/** How long to wait after the `failures`-th failure in a row (0 while within the free ones). */
export function backoffDelayMs(failures: number, rule: BackoffRule): number {
  if (failures < rule.free) return 0;
  const doublings = Math.min(failures - rule.free, 30);
  return Math.min(rule.baseMs * 2 ** doublings, rule.maxMs);
}
