import { chromium, type Browser } from "@playwright/test";
import { openDisplay } from "./virtual-display";
import { median } from "./web-report";

/**
 * Interaction while the page loads, as a visitor on a slow phone meets it (decision 0022): Chromium at
 * 375 px, the CPU slowed 4x (CDP `Emulation.setCPUThrottlingRate`), nothing cached, drawing on a
 * virtual display where one is at hand (bench/virtual-display.ts: headless Chromium presents a
 * scrolled page's frames late, and Event Timing counts to the presentation). As soon as the
 * page's first text field is laid out it is tapped (scrolled into view) and typed into, 120 ms a
 * key. Measured in the page: every interaction's duration (Event Timing, `durationThreshold: 16`),
 * every long task (PerformanceObserver), first contentful paint, and when the field's handlers are
 * live: a `__reactProps$…` key on its DOM node and the early-input script letting events through.
 * LCP is measured apart, on loads nobody touches in one tab: each route as built and the same page
 * with its scripts removed (every <script> but the JSON-LD taken out of the HTML, script files
 * refused), both through the same request interception, interleaved, medians of at least 15.
 */
export interface InteractionRun {
  fcpMs: number;
  /** When the first text field was on screen and when it had React's handlers (ms after navigation). */
  fieldShownMs: number;
  handlersMs: number;
  /** The longest interaction (Event Timing duration of its slowest event). */
  worstInteractionMs: number;
  /** Sum over long tasks after first contentful paint of their time beyond 50 ms. */
  tbtMs: number;
  /** The longest task that ended after first contentful paint (before it: Chromium's first style and layout, the same without scripts). */
  longestTaskMs: number;
  /** Every key ended up in the field. */
  keysKept: boolean;
  consoleErrors: number;
}

export interface InteractionResult {
  route: string;
  runs: InteractionRun[];
  median: InteractionRun;
  /** Median LCP of the page as built, and of the same page with its scripts removed, loaded untouched. */
  lcpWithScriptsMs: number;
  lcpWithoutScriptsMs: number;
}

export const CPU_SLOWDOWN = 4;
export const KEY_DELAY_MS = 120;
/** LCP differs by ±30 ms between identical loads at 4x: more loads than the interaction's 3. */
const LCP_RUNS = 15;
/** 30 keys: typing lasts longer than the page takes to hydrate. */
const TYPED = "Sunrise Care Center of Atlanta";
const CHROME_ARGS = [
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

/** Installed before any of the page's own scripts. */
function observe() {
  const bench = { tasks: [] as [number, number][], events: [] as [number, number][], handlers: 0 };
  (window as unknown as { __bench: typeof bench }).__bench = bench;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) bench.tasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries() as PerformanceEventTiming[])
      if (e.interactionId) bench.events.push([e.interactionId, e.duration]);
  }).observe({ type: "event", durationThreshold: 16, buffered: true } as PerformanceObserverInit);
  // The first text field a visitor can see (not the honeypot), and when React's handlers reach it.
  // Found once (hydration keeps the node): looking it up forces a layout, ~1 ms a time at 4x.
  let field: HTMLInputElement | undefined;
  const timer = setInterval(() => {
    field ??= [
      ...document.querySelectorAll<HTMLInputElement>("input[type=text], input[type=email], input[type=tel], textarea"),
    ].find((el) => el.autocomplete !== "off" && el.getClientRects().length > 0);
    if (!field) return;
    // Events reach React once the page's early-input script lets them through (lib/early-interactions:
    // `hydratedAt` is null until then; a build from before part-by-part hydration has no such field
    // and let them through).
    const early = (window as unknown as { __earlyInteractions?: { hydratedAt?: number | null } }).__earlyInteractions;
    if (Object.keys(field).some((key) => key.startsWith("__reactProps$")) && early?.hydratedAt !== null) {
      bench.handlers = performance.now();
      clearInterval(timer);
    }
  }, 10);
}

const FIELD =
  "input[type=text]:not([autocomplete=off]):visible, input[type=email]:visible, input[type=tel]:visible, textarea:visible";

async function slowContext(browser: Browser) {
  const context = await browser.newContext({ viewport: { width: 375, height: 812 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Loads the page and types into its first text field while it loads. */
async function typingRun(browser: Browser, url: string): Promise<InteractionRun> {
  const { context, page } = await slowContext(browser);
  let consoleErrors = 0;
  page.on("console", (message) => void (message.type() === "error" && consoleErrors++));
  page.on("pageerror", () => void consoleErrors++);
  await page.addInitScript(observe);
  try {
    await page.goto(url, { waitUntil: "commit" });
    const field = page.locator(FIELD).first();
    await field.waitFor({ state: "visible", timeout: 30_000 });
    const fieldShownMs = await page.evaluate(() => performance.now());
    await field.click();
    await page.keyboard.type(TYPED, { delay: KEY_DELAY_MS });
    await page.waitForFunction(
      () => (window as unknown as { __bench: { handlers: number } }).__bench.handlers > 0,
      undefined,
      { timeout: 30_000 },
    );
    // Let what the page does after hydrating (its effects, the replayed presses) finish.
    await page.waitForTimeout(2000);
    const keysKept = (await field.inputValue()) === TYPED;
    const raw = await page.evaluate(() => {
      const b = (
        window as unknown as { __bench: { tasks: [number, number][]; events: [number, number][]; handlers: number } }
      ).__bench;
      const fcp = performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN;
      return { tasks: b.tasks, events: b.events, handlers: b.handlers, fcp };
    });
    const afterPaint = raw.tasks.filter(([start, duration]) => start + duration > raw.fcp);
    return {
      fcpMs: raw.fcp,
      fieldShownMs,
      handlersMs: raw.handlers,
      worstInteractionMs: Math.max(0, ...raw.events.map(([, duration]) => duration)),
      tbtMs: afterPaint.reduce(
        (sum, [start, duration]) => sum + Math.max(0, start + duration - Math.max(start, raw.fcp) - 50),
        0,
      ),
      longestTaskMs: Math.max(0, ...afterPaint.map(([, duration]) => duration)),
      keysKept,
      consoleErrors,
    };
  } finally {
    await context.close();
  }
}

/** Everything but JSON-LD: the page as it is without JavaScript. */
const EXECUTABLE_SCRIPT = /<script\b(?![^>]*type="application\/ld\+json")[^>]*>[\s\S]*?<\/script>/g;

/**
 * LCP of loads nobody touches, the page as built and without its scripts, interleaved. One tab
 * for all of them, its cache disabled and its sessionStorage cleared between loads: a new tab's
 * renderer process starting up made identical loads differ by ±150 ms at 4x; in a tab already
 * running they differ by ±30 ms. Both kinds of load go through the same request interception.
 */
async function paintLoads(
  browser: Browser,
  url: string,
  count: number,
): Promise<{ withScripts: number[]; without: number[] }> {
  const { context, page } = await slowContext(browser);
  const cdp = await context.newCDPSession(page);
  await cdp.send("Network.setCacheDisabled", { cacheDisabled: true });
  let scripts = true;
  await page.route("**/*", async (route) => {
    const request = route.request();
    if (scripts) return route.continue();
    if (request.resourceType() === "script") return route.abort();
    if (request.resourceType() !== "document") return route.continue();
    const response = await route.fetch();
    return route.fulfill({ response, body: (await response.text()).replace(EXECUTABLE_SCRIPT, "") });
  });
  await page.addInitScript(() => {
    const seen = { lcp: 0 };
    (window as unknown as { __paint: typeof seen }).__paint = seen;
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) seen.lcp = e.startTime;
    }).observe({ type: "largest-contentful-paint", buffered: true });
  });
  const load = async (withScripts: boolean) => {
    scripts = withScripts;
    await page.goto(url, { waitUntil: "load" });
    await page.waitForTimeout(300);
    const lcp = await page.evaluate(() => (window as unknown as { __paint: { lcp: number } }).__paint.lcp);
    await page.evaluate(() => sessionStorage.clear());
    await page.goto("about:blank");
    return lcp;
  };
  try {
    await load(true); // warm-up, not recorded: the tab's first page
    const result = { withScripts: [] as number[], without: [] as number[] };
    for (let i = 0; i < count; i++) {
      result.withScripts.push(await load(true));
      result.without.push(await load(false));
    }
    return result;
  } finally {
    await context.close();
  }
}

function medianRun(runs: InteractionRun[]): InteractionRun {
  const m = (key: keyof InteractionRun) => median(runs.map((run) => Number(run[key])));
  return {
    fcpMs: m("fcpMs"),
    fieldShownMs: m("fieldShownMs"),
    handlersMs: m("handlersMs"),
    worstInteractionMs: m("worstInteractionMs"),
    tbtMs: m("tbtMs"),
    longestTaskMs: m("longestTaskMs"),
    keysKept: runs.every((run) => run.keysKept),
    consoleErrors: Math.max(...runs.map((run) => run.consoleErrors)),
  };
}

export interface InteractionReport {
  /** Where Chromium drew: headed on a virtual display, or headless (bench/virtual-display.ts). */
  display: string;
  results: InteractionResult[];
}

export async function measureInteraction(
  baseURL: string,
  routes: readonly string[],
  runs: number,
  chromePath: string,
): Promise<InteractionReport> {
  const display = await openDisplay();
  console.log(`interaction: Chromium ${display.description}`);
  const browser = await chromium.launch({
    executablePath: chromePath,
    args: CHROME_ARGS,
    headless: display.headless,
    env: { ...process.env, ...display.env },
  });
  const results: InteractionResult[] = [];
  try {
    await typingRun(browser, baseURL + routes[0]); // warm-up, not recorded: the server's cold file cache
    for (const route of routes) {
      const typed: InteractionRun[] = [];
      for (let i = 0; i < runs; i++) typed.push(await typingRun(browser, baseURL + route));
      const { withScripts, without } = await paintLoads(browser, baseURL + route, Math.max(runs, LCP_RUNS));
      const result = {
        route,
        runs: typed,
        median: medianRun(typed),
        lcpWithScriptsMs: median(withScripts),
        lcpWithoutScriptsMs: median(without),
      };
      results.push(result);
      const r = result.median;
      console.log(
        `interaction ${route.padEnd(14)} handlers ${ms(r.handlersMs)} worst ${ms(r.worstInteractionMs)} TBT ${ms(r.tbtMs)} longest ${ms(r.longestTaskMs)} ` +
          `LCP ${ms(result.lcpWithScriptsMs)} (no scripts ${ms(result.lcpWithoutScriptsMs)}) keys ${r.keysKept ? "kept" : "LOST"} errors ${r.consoleErrors}` +
          `  runs: ${typed.map((run) => `${ms(run.handlersMs)}/${ms(run.worstInteractionMs)}/${ms(run.tbtMs)}/${ms(run.longestTaskMs)}`).join(" ")}` +
          `  LCP: ${withScripts.map(ms).join(" ")} / ${without.map(ms).join(" ")}`,
      );
    }
  } finally {
    await browser.close();
    display.stop();
  }
  return { display: display.description, results };
}

const ms = (value: number) => `${Math.round(value)} ms`;

/** The interaction goals (decision 0022) for each route (median of runs). */
export function interactionFailures({ median: m, lcpWithScriptsMs, lcpWithoutScriptsMs }: InteractionResult): string[] {
  const failures: string[] = [];
  if (m.worstInteractionMs > 100) failures.push(`worst interaction ${ms(m.worstInteractionMs)} > 100 ms`);
  if (!(m.handlersMs <= 1500)) failures.push(`handlers at ${ms(m.handlersMs)} > 1500 ms`);
  if (m.tbtMs > 100) failures.push(`TBT ${ms(m.tbtMs)} > 100 ms`);
  if (m.longestTaskMs > 100) failures.push(`a ${ms(m.longestTaskMs)} task`);
  if (lcpWithScriptsMs > lcpWithoutScriptsMs * 1.05)
    failures.push(`LCP ${ms(lcpWithScriptsMs)} > 105 % of ${ms(lcpWithoutScriptsMs)}`);
  if (!m.keysKept) failures.push("keys lost");
  if (m.consoleErrors > 0) failures.push(`${m.consoleErrors} console errors`);
  return failures;
}

export function interactionMarkdown({ display, results }: InteractionReport, runs: number): string {
  const lines = [
    `Interaction while loading: Chromium ${display}, 375 px, CPU ${CPU_SLOWDOWN}x slower (CDP), typing into the first text field as soon ` +
      `as it is laid out, ${KEY_DELAY_MS} ms a key, median of ${runs} run(s). "handlers": when that field had React's handlers, after ` +
      `navigation. TBT: long tasks after first contentful paint, their time beyond 50 ms. LCP: loads nobody touches, median of ` +
      `${Math.max(runs, LCP_RUNS)} in one tab, the page as built and the same page with its scripts removed.`,
    "",
    "| route | field shown | handlers | worst interaction | TBT | longest task | LCP | LCP without scripts | keys | goals |",
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
  ];
  for (const result of results) {
    const m = result.median;
    const failures = interactionFailures(result);
    lines.push(
      `| \`${result.route}\` | ${ms(m.fieldShownMs)} | ${ms(m.handlersMs)} | ${ms(m.worstInteractionMs)} | ${ms(m.tbtMs)} | ${ms(m.longestTaskMs)} | ` +
        `${ms(result.lcpWithScriptsMs)} | ${ms(result.lcpWithoutScriptsMs)} | ${m.keysKept ? "all kept" : "lost"} | ${failures.length ? `✗ ${failures.join("; ")}` : "✓"} |`,
    );
  }
  return `${lines.join("\n")}\n`;
}
