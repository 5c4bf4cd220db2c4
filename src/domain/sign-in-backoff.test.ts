import { describe, expect, it } from "vitest";
import { ACCOUNT_BACKOFF, ADDRESS_BACKOFF, backoffDelayMs } from "./sign-in-backoff";

describe("sign-in back-off", () => {
  it("lets the free failures through, then doubles the wait up to the ceiling", () => {
    expect([1, 2, 3, 4].map((n) => backoffDelayMs(n, ACCOUNT_BACKOFF))).toEqual([0, 0, 0, 0]);
    expect([5, 6, 7, 8].map((n) => backoffDelayMs(n, ACCOUNT_BACKOFF))).toEqual([1000, 2000, 4000, 8000]);
    expect(backoffDelayMs(12, ACCOUNT_BACKOFF)).toBe(60_000);
    expect(backoffDelayMs(1_000_000, ACCOUNT_BACKOFF)).toBe(60_000);
  });

  it("never waits longer than its ceiling: nothing locks for good", () => {
    for (let n = 0; n < 200; n++) expect(backoffDelayMs(n, ADDRESS_BACKOFF)).toBeLessThanOrEqual(ADDRESS_BACKOFF.maxMs);
    expect(backoffDelayMs(19, ADDRESS_BACKOFF)).toBe(0);
  });
});
