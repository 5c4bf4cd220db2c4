/** The numbers bench/web.ts keeps from each Lighthouse run, their medians, and the Markdown report. */

export type ThrottlingMethod = "simulate" | "devtools";

export interface RunFigures {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcpMs: number;
  fcpMs: number;
  tbtMs: number;
  cls: number;
  jsBytes: number;
  totalBytes: number;
  requests: number;
  /** Requests to any origin other than the site's own. */
  otherOriginRequests: number;
}

export interface RouteResult {
  route: string;
  method: ThrottlingMethod;
  runs: RunFigures[];
  median: RunFigures;
  /** Audits that lost points in any run, per category: "category: audit-id (title)". */
  failingAudits: string[];
}

const INDEXABLE = new Set(["/", "/qualify", "/voice-agent", "/privacy"]);

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  if (sorted.length === 0) return Number.NaN;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export function medianFigures(runs: RunFigures[]): RunFigures {
  const keys = Object.keys(runs[0] ?? {}) as (keyof RunFigures)[];
  return Object.fromEntries(keys.map((key) => [key, median(runs.map((run) => run[key]))])) as unknown as RunFigures;
}

/** The performance budgets (median of runs): each returns the broken ones' descriptions. */
export function budgetFailures({ route, method, median: m }: RouteResult): string[] {
  const failures: string[] = [];
  const lcpBudget = method === "devtools" ? 1000 : 1500;
  if (m.lcpMs > lcpBudget) failures.push(`LCP ${fmtMs(m.lcpMs)} > ${fmtMs(lcpBudget)}`);
  if (m.tbtMs > 50) failures.push(`TBT ${Math.round(m.tbtMs)} ms > 50 ms`);
  if (m.cls > 0.01) failures.push(`CLS ${m.cls.toFixed(3)} > 0.01`);
  if (method === "simulate" && m.performance < 99) failures.push(`Performance ${m.performance} < 99`);
  if (m.accessibility < 100) failures.push(`Accessibility ${m.accessibility} < 100`);
  if (m.bestPractices < 100) failures.push(`Best Practices ${m.bestPractices} < 100`);
  if (INDEXABLE.has(route) && m.seo < 100) failures.push(`SEO ${m.seo} < 100`);
  if (m.otherOriginRequests > 0) failures.push(`${m.otherOriginRequests} requests to other origins`);
  return failures;
}

const fmtMs = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
const fmtKb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

export function markdownReport(
  results: RouteResult[],
  meta: { date: string; runs: number; lighthouse: string; chrome: string },
): string {
  const lines = [
    `# Web benchmark`,
    "",
    `${meta.date}. Lighthouse ${meta.lighthouse}, ${meta.chrome}, default mobile settings (Moto G Power, slow 4G, 4x CPU), ` +
      `median of ${meta.runs} run(s) per route. "simulate" is what PageSpeed Insights reports; "devtools" really slows ` +
      `the browser down. Bytes are transferred (compressed) bytes. Regenerate with \`npm run bench:web\`.`,
    "",
    "| route | method | Perf | A11y | BP | SEO | LCP | FCP | TBT | CLS | JS | total | requests | budgets |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- |",
  ];
  for (const result of results) {
    const m = result.median;
    const failures = budgetFailures(result);
    lines.push(
      `| \`${result.route}\` | ${result.method} | ${m.performance} | ${m.accessibility} | ${m.bestPractices} | ${m.seo} | ` +
        `${fmtMs(m.lcpMs)} | ${fmtMs(m.fcpMs)} | ${Math.round(m.tbtMs)} ms | ${m.cls.toFixed(3)} | ${fmtKb(m.jsBytes)} | ` +
        `${fmtKb(m.totalBytes)} | ${m.requests} | ${failures.length ? `✗ ${failures.join("; ")}` : "✓"} |`,
    );
  }
  const failing = results.filter((r) => r.failingAudits.length);
  if (failing.length) {
    lines.push("", "## Audits that lost points", "");
    for (const r of failing) lines.push(`- \`${r.route}\` (${r.method}): ${r.failingAudits.join("; ")}`);
  }
  lines.push(
    "",
    "Budgets: LCP at most 1.0 s (devtools) and 1.5 s (simulate); TBT at most 50 ms; CLS at most 0.01; " +
      "Performance at least 99 (simulate); Accessibility and Best Practices 100; SEO 100 on the indexable routes; " +
      "no request to another origin.",
    "",
  );
  return lines.join("\n");
}
