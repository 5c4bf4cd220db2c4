/** Retry schedule of the outbox: exponential with jitter, a ceiling, and the receiver's Retry-After. */

export const RETRY_CEILING_MS = 6 * 60 * 60 * 1000;

/**
 * The wait before the next attempt after `attempts` failed ones (1 = the first failure):
 * base, 2×base, 4×base… capped at the ceiling, each ±20% so that many rows do not retry in step.
 */
export function retryDelayMs(attempts: number, baseMs: number, random: () => number = Math.random): number {
  const exponent = Math.min(Math.max(attempts - 1, 0), 40);
  const delay = Math.min(baseMs * 2 ** exponent, RETRY_CEILING_MS);
  return Math.round(delay * (0.8 + 0.4 * random()));
}

/** Retry-After as milliseconds from now: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null | undefined, now: number = Date.now()): number | undefined {
  if (!header) return undefined;
  const value = header.trim();
  if (/^\d+$/.test(value)) return Math.min(Number(value) * 1000, RETRY_CEILING_MS);
  const date = Date.parse(value);
  if (Number.isNaN(date)) return undefined;
  return Math.min(Math.max(date - now, 0), RETRY_CEILING_MS);
}

/**
 * A webhook's answer (the webhooks' rule): 2xx delivered; 408, 429, 5xx retried; every other
 * answer (a 4xx) is final. E-mail's rule is the opposite for SMTP: a 4xx reply is temporary and
 * retried, a 5xx is final (mail/smtp-sender.ts).
 */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || status >= 500;
}
