import { execSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse, { type Config, type Result } from "lighthouse";
import { startServer } from "../e2e/server";
import { interactionMarkdown, measureInteraction, type InteractionReport } from "./web-interaction";
import { markdownReport, medianFigures, type RouteResult, type RunFigures, type ThrottlingMethod } from "./web-report";

/**
 * npm run bench:web: builds the site, serves it with the production server on a free port, and
 * measures interaction while loading on the pages with a form (bench/web-interaction.ts: 4x CPU,
 * 375 px, typing as soon as the first field shows), then runs Lighthouse (default mobile
 * settings) on every route, with simulated and with devtools throttling, after one warm-up run
 * that is not recorded. Writes bench/results/web.json and web.md.
 *
 * BENCH_INTERACTION_ONLY=1 only the interaction measurement (no Lighthouse)
 * BENCH_INTERACTION_ROUTES=/  routes for it (default: /, /qualify, /voice-agent)
 * BENCH_ROUTES=/,/qualify  routes to measure (default: all six)
 * BENCH_RUNS=1             runs per route and method (default 3)
 * BENCH_METHODS=devtools   simulate, devtools or both (default both)
 * BENCH_SKIP_BUILD=1       measure the existing build
 * A subset (any of the first three set) prints its table and writes to the temp directory, so
 * the committed full report is never replaced by a partial one.
 */
const ALL_ROUTES = ["/", "/qualify", "/voice-agent", "/thank-you", "/qualifying-chat", "/privacy"];
const FORM_ROUTES = ["/", "/qualify", "/voice-agent"];
const list = (value: string | undefined) =>
  value
    ?.split(",")
    .map((s) => s.trim())
    .filter(Boolean);
const routes = list(process.env.BENCH_ROUTES) ?? ALL_ROUTES;
const runs = Number(process.env.BENCH_RUNS ?? 3);
const methods = (list(process.env.BENCH_METHODS) ?? ["simulate", "devtools"]) as ThrottlingMethod[];
const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const interactionOnly = process.env.BENCH_INTERACTION_ONLY === "1";
const interactionRoutes = list(process.env.BENCH_INTERACTION_ROUTES) ?? FORM_ROUTES;
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

const configFor = (method: ThrottlingMethod): Config => ({
  extends: "lighthouse:default",
  settings: { throttlingMethod: method },
});

async function lighthouseRun(url: string, method: ThrottlingMethod): Promise<Result> {
  const userDataDir = mkdtempSync(join(tmpdir(), "bench-web-chrome-"));
  const chrome = await chromeLauncher.launch({
    chromePath,
    chromeFlags: CHROME_FLAGS,
    userDataDir,
    logLevel: "silent",
  });
  try {
    const result = await lighthouse(
      url,
      { port: chrome.port, output: "json", logLevel: "error", onlyCategories: CATEGORIES },
      configFor(method),
    );
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    if (result.lhr.runtimeError)
      throw new Error(`${url}: ${result.lhr.runtimeError.code} ${result.lhr.runtimeError.message}`);
    return result.lhr;
  } finally {
    chrome.kill();
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

/** Lighthouse sometimes fails to record a trace (NO_NAVSTART, NO_FCP) on a busy machine: try that run again. */
async function withRetries<T>(run: () => Promise<T>, attempts = 3): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`run failed (${error instanceof Error ? error.message : String(error)}), trying again`);
    }
  }
}

interface NetworkItem {
  url: string;
  transferSize?: number;
  resourceType?: string;
}

function figures(lhr: Result, origin: string): RunFigures {
  const score = (id: string) => Math.round((lhr.categories[id]?.score ?? 0) * 100);
  const numeric = (id: string) => lhr.audits[id]?.numericValue ?? Number.NaN;
  const details = lhr.audits["network-requests"]?.details as { items?: NetworkItem[] } | undefined;
  const items = (details?.items ?? []).filter((item) => !item.url.startsWith("data:"));
  const bytes = (list: NetworkItem[]) => list.reduce((sum, item) => sum + (item.transferSize ?? 0), 0);
  return {
    performance: score("performance"),
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    lcpMs: numeric("largest-contentful-paint"),
    fcpMs: numeric("first-contentful-paint"),
    tbtMs: numeric("total-blocking-time"),
    cls: numeric("cumulative-layout-shift"),
    jsBytes: bytes(items.filter((item) => item.resourceType === "Script")),
    totalBytes: bytes(items),
    requests: items.length,
    otherOriginRequests: items.filter((item) => new URL(item.url).origin !== origin).length,
  };
}

/** Audits that count towards a category score and did not get full marks. */
function failingAudits(lhr: Result): string[] {
  const failing: string[] = [];
  for (const id of CATEGORIES) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const audit = lhr.audits[ref.id];
      if (ref.weight > 0 && audit && audit.score !== null && audit.score < 1 && id !== "performance") {
        failing.push(`${id}: ${ref.id} (${audit.title})`);
      }
    }
  }
  return failing;
}

async function main() {
  if (process.env.BENCH_SKIP_BUILD !== "1") execSync("npm run build", { stdio: ["ignore", "ignore", "inherit"] });
  const server = await startServer({ LOG_LEVEL: "error" });
  const results: RouteResult[] = [];
  let interaction: InteractionReport = { display: "", results: [] };
  const started = Date.now();
  try {
    interaction = await measureInteraction(server.baseURL, interactionRoutes, runs, chromePath);
    if (interactionOnly) return;
    // One run that is not recorded: the server's first requests (cold file cache, code not yet
    // optimised) would otherwise be charged to whichever route is measured first.
    await withRetries(() => lighthouseRun(server.baseURL + routes[0], methods[0]!));
    for (const method of methods) {
      for (const route of routes) {
        const lhrs: Result[] = [];
        for (let i = 0; i < runs; i++)
          lhrs.push(await withRetries(() => lighthouseRun(server.baseURL + route, method)));
        const runFigures = lhrs.map((lhr) => figures(lhr, server.baseURL));
        const result: RouteResult = {
          route,
          method,
          runs: runFigures,
          median: medianFigures(runFigures),
          failingAudits: [...new Set(lhrs.flatMap(failingAudits))],
        };
        results.push(result);
        const m = result.median;
        console.log(
          `${method.padEnd(8)} ${route.padEnd(16)} perf ${m.performance} a11y ${m.accessibility} bp ${m.bestPractices} seo ${m.seo} ` +
            `LCP ${Math.round(m.lcpMs)} ms FCP ${Math.round(m.fcpMs)} ms TBT ${Math.round(m.tbtMs)} ms CLS ${m.cls.toFixed(3)}`,
        );
      }
    }
  } finally {
    await server.stop();
    if (interactionOnly) console.log(`\n${interactionMarkdown(interaction, runs)}`);
  }
  if (interactionOnly) return;
  const lighthouseVersion = (
    JSON.parse(readFileSync("node_modules/lighthouse/package.json", "utf8")) as { version: string }
  ).version;
  const chrome = execSync(`${chromePath} --version`, { encoding: "utf8" }).trim().split("\n").pop() ?? "Chromium";
  const meta = { date: new Date().toISOString().slice(0, 10), runs, lighthouse: lighthouseVersion, chrome };
  const isFullRun =
    routes.length === ALL_ROUTES.length &&
    runs === 3 &&
    methods.length === 2 &&
    interactionRoutes.length === FORM_ROUTES.length;
  const outDir = isFullRun ? "bench/results" : mkdtempSync(join(tmpdir(), "bench-web-subset-"));
  const markdown = `${markdownReport(results, meta)}\n${interactionMarkdown(interaction, runs)}`;
  mkdirSync(outDir, { recursive: true });
  writeFileSync(
    join(outDir, "web.json"),
    `${JSON.stringify({ ...meta, routes, methods, results, interaction }, null, 2)}\n`,
  );
  writeFileSync(join(outDir, "web.md"), markdown);
  console.log(`\n${markdown}\nwrote ${outDir}/web.json and web.md in ${Math.round((Date.now() - started) / 1000)} s`);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
