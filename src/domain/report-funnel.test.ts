import { describe, expect, it } from "vitest";
import {
  cardHourBuckets,
  conversion,
  dayBefore,
  furthestRank,
  moneyOf,
  percentileOfCounts,
  reportQuerySchema,
} from "./report-funnel";

describe("the funnel report's rules", () => {
  it("reads the query, defaulting to the last 30 days by source, and refuses bad ones in words", () => {
    const schema = reportQuerySchema("2026-11-27");
    expect(schema.parse({})).toEqual({ from: "2026-10-29", to: "2026-11-27", by: "source" });
    expect(schema.parse({ from: "2026-11-01", to: "2026-11-02", by: "week" })).toEqual({
      from: "2026-11-01",
      to: "2026-11-02",
      by: "week",
    });
    expect(schema.safeParse({ from: "2026-13-01" }).error?.issues[0]?.message).toBe("must be a date (YYYY-MM-DD)");
    expect(schema.safeParse({ from: "2026-11-03", to: "2026-11-02" }).error?.issues[0]?.message).toBe(
      "from must be on or before to",
    );
    expect(schema.safeParse({ from: "2020-01-01", to: "2026-01-01" }).error?.issues[0]?.message).toBe(
      "the range must be at most 400 days",
    );
  });

  it("counts a lead up to the furthest step it held, a rejection's own step not", () => {
    expect(furthestRank("bonus_sent", [])).toBe(5);
    expect(
      furthestRank("rejected", [
        { from: "new", to: "role_verified" },
        { from: "role_verified", to: "rejected" },
      ]),
    ).toBe(2);
    expect(furthestRank("rejected", [{ from: "new", to: "rejected" }])).toBe(0);
  });

  it("works out conversions and money", () => {
    expect(conversion(2, 3)).toBe(66.7);
    expect(conversion(1, 0)).toBeNull();
    expect(moneyOf({ giftCardSent: 2, bonusSent: 1, roleVerified: 3 }, { card: 50, bonus: 250 })).toEqual({
      giftCardsUsd: 100,
      bonusesUsd: 250,
      costPerVerifiedFacilityUsd: 116.67,
    });
    expect(dayBefore("2026-03-01", 1)).toBe("2026-02-28");
  });

  it("takes percentiles and the card's buckets from counts of durations", () => {
    const rows = [
      { hours: 30, count: 1 },
      { hours: 2, count: 3 },
      { hours: 100, count: 1 },
    ];
    expect(percentileOfCounts(rows, 0.5)).toBe(2);
    expect(percentileOfCounts(rows, 0.7)).toBe(30);
    expect(percentileOfCounts(rows, 0.9)).toBe(100);
    expect(percentileOfCounts([], 0.5)).toBeNull();
    expect(cardHourBuckets(rows).map((b) => b.leads)).toEqual([3, 1, 0, 1, 0]);
  });
});
