import { describe, expect, it } from "vitest";
import { budgetFailures, median, medianFigures, type RunFigures } from "./web-report";

const run = (over: Partial<RunFigures> = {}): RunFigures => ({
  performance: 100,
  accessibility: 100,
  bestPractices: 100,
  seo: 100,
  lcpMs: 700,
  fcpMs: 600,
  tbtMs: 0,
  cls: 0,
  jsBytes: 110_000,
  totalBytes: 120_000,
  requests: 9,
  otherOriginRequests: 0,
  ...over,
});

describe("web report", () => {
  it("takes the median of each figure on its own", () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(medianFigures([run({ lcpMs: 900 }), run({ lcpMs: 700, tbtMs: 80 }), run({ lcpMs: 800 })])).toMatchObject({
      lcpMs: 800,
      tbtMs: 0,
    });
  });

  it("holds LCP to 1.0 s with devtools throttling and 1.5 s simulated, SEO only on indexable routes", () => {
    const slow = run({ lcpMs: 1200, seo: 60 });
    expect(
      budgetFailures({ route: "/thank-you", method: "simulate", runs: [], median: slow, failingAudits: [] }),
    ).toEqual([]);
    expect(budgetFailures({ route: "/", method: "devtools", runs: [], median: slow, failingAudits: [] })).toEqual([
      "LCP 1.20 s > 1.00 s",
      "SEO 60 < 100",
    ]);
  });
});
