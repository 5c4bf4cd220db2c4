import { describe, expect, it } from "vitest";
import { RETRY_CEILING_MS, retryAfterMs, retryDelayMs } from "./backoff";

describe("retry schedule", () => {
  it("starts at the base, doubles, stays within ±20% and stops at 6 hours", () => {
    const mid = () => 0.5;
    expect(retryDelayMs(1, 5000, mid)).toBe(5000);
    expect(retryDelayMs(2, 5000, mid)).toBe(10_000);
    expect(retryDelayMs(5, 5000, mid)).toBe(80_000);
    expect(retryDelayMs(40, 5000, mid)).toBe(RETRY_CEILING_MS);
    expect(retryDelayMs(1, 5000, () => 0)).toBe(4000);
    expect(retryDelayMs(1, 5000, () => 1)).toBe(6000);
  });

  it("reads Retry-After as seconds or an HTTP date", () => {
    expect(retryAfterMs("3")).toBe(3000);
    expect(retryAfterMs(new Date(Date.now() + 10_000).toUTCString())).toBeGreaterThan(8000);
    expect(retryAfterMs("soon")).toBeUndefined();
    expect(retryAfterMs(null)).toBeUndefined();
  });

  it("retries for at least 3 days: the schedule's waits add up past 72 hours within a bounded count", () => {
    let total = 0;
    let attempts = 0;
    while (total < 72 * 3600_000) total += retryDelayMs(++attempts, 5000, () => 0);
    expect(attempts).toBeLessThan(30);
  });
});
