import { describe, expect, it } from "vitest";
import {
  interactionFailures,
  interactionMarkdown,
  type InteractionResult,
  type InteractionRun,
} from "./web-interaction";

const run = (over: Partial<InteractionRun> = {}): InteractionRun => ({
  fcpMs: 300,
  fieldShownMs: 600,
  handlersMs: 1100,
  worstInteractionMs: 48,
  tbtMs: 7,
  longestTaskMs: 57,
  keysKept: true,
  consoleErrors: 0,
  ...over,
});
const result = (
  over: Partial<InteractionRun> = {},
  lcp = { lcpWithScriptsMs: 300, lcpWithoutScriptsMs: 300 },
): InteractionResult => ({
  route: "/qualify",
  runs: [run(over)],
  median: run(over),
  ...lcp,
});

describe("interaction goals (decision 0022)", () => {
  it("passes a page within every goal, LCP up to 5 % over the page without scripts", () => {
    expect(interactionFailures(result({}, { lcpWithScriptsMs: 315, lcpWithoutScriptsMs: 300 }))).toEqual([]);
  });

  it("names each goal missed", () => {
    const missed = result(
      { worstInteractionMs: 120, handlersMs: 1600, tbtMs: 150, longestTaskMs: 130, keysKept: false, consoleErrors: 2 },
      { lcpWithScriptsMs: 316, lcpWithoutScriptsMs: 300 },
    );
    expect(interactionFailures(missed)).toEqual([
      "worst interaction 120 ms > 100 ms",
      "handlers at 1600 ms > 1500 ms",
      "TBT 150 ms > 100 ms",
      "a 130 ms task",
      "LCP 316 ms > 105 % of 300 ms",
      "keys lost",
      "2 console errors",
    ]);
  });

  it("counts handlers never attached as a miss, and says in the report where Chromium drew", () => {
    expect(interactionFailures(result({ handlersMs: Number.NaN }))).toContain("handlers at NaN ms > 1500 ms");
    const report = interactionMarkdown({ display: "headless (BENCH_HEADLESS=1)", results: [result()] }, 3);
    expect(report).toContain("Chromium headless (BENCH_HEADLESS=1)");
    expect(report).toContain(
      "| `/qualify` | 600 ms | 1100 ms | 48 ms | 7 ms | 57 ms | 300 ms | 300 ms | all kept | ✓ |",
    );
  });
});
