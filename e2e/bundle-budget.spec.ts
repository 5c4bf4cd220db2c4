import { existsSync, readFileSync } from "node:fs";
import { join, posix, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { expect, test } from "@playwright/test";
import { PRERENDERED_PATHS } from "../src/web/route-paths";
import { isHydrated, test as pageTest } from "./fixtures";

/**
 * Byte budgets: the JavaScript each prerendered page loads before the visitor acts (its module
 * scripts, inline module imports and modulepreloads, plus everything those import statically),
 * gzip. The first budgets capped every page at 130 KB; since pages hydrate part by part (decision
 * 0019) each page has its own budget, its figure when last measured rounded up to the next 0.1 KB.
 * Budgets follow the figures down, never up. Reads the build output; no browser needed. Dynamic
 * `import()` inside chunks is lazy (e.g. the voice SDK, loaded when a call starts) and not counted.
 * Merging the console's hardening and the voice assistant after that was measured added 35-72 B to
 * three pages (the Google tag never loading on /staff, the voice call passing the lead's name and
 * facility): their budgets were set once more at the merged figures, each still under what it was
 * before part-by-part hydration. The console as routes (decision 0027) raised every budget by what
 * the console's routes cost every page, measured: the nine console routes in the route manifest
 * (+0.26 KB, their code stays in chunks only /staff loads) and `useFetcher` in the shared router
 * chunk (+0.35 KB); before it: / 129.4, /qualify 126.7, /qualifying-chat 123.5, /voice-agent 127.8,
 * /thank-you 121.2, /privacy 122.2, /404 120.1. E-mail (decision 0023) added 40 B to /voice-agent:
 * the confirmation e-mail's resume link is read in lib/qualification-session.ts, which that page
 * loads (measured 128.54 KB; the reader in a module of its own cost every page about 120 B more in
 * the manifest, so it stays there). The work e-mail code (decision 0031) raised them once more,
 * measured: /confirm-email is a new public page, its route's entry in the manifest costs every page
 * 60-100 B (/ 130.2, /qualify 127.4, /privacy 123.0, /404 120.9); /thank-you (122.5),
 * /qualifying-chat (124.9) and /voice-agent (129.3) also load the code form's lazy wrapper (575 B:
 * the form itself, zod and the schema stay in chunks loaded after hydration, only in a browser
 * holding a lead's session; most of the 575 B is the list of those chunks Vite preloads).
 * /confirm-email (123.0) is the page's one button on the form core.
 * A person's data on request (decisions 0025, 0033) raised them again, measured: two more routes in
 * the manifest every page loads (/stop-contacting and the console's /staff/privacy) and the new
 * page's title and description in PAGE_META, which every page's meta reads (its fetch helpers are
 * in modules only their pages load); /voice-agent 0.1 KB more for the check before a lead's call
 * and its refusal's words.
 * The figures below are measured on the merge of both (the four new routes share the manifest;
 * /thank-you 122.91 KB, its chunk names' hashes move it by a few bytes between builds).
 * Booking a call (decision 0036) raised them again, measured: two more routes in the manifest every
 * page loads (/call and the console's /staff/calls) and /call's title in PAGE_META cost every page
 * 0.1 KB (/ 130.71, /qualify 127.94, /privacy 123.52, /confirm-email 123.47, /404 121.40);
 * /thank-you (123.54), /qualifying-chat (125.90) and /voice-agent (130.46) also load the time
 * picker's lazy wrapper (about 0.5 KB: the picker, its API calls and its time formatting stay in
 * chunks loaded after hydration, only in a browser holding a lead's session). /call (123.51) is the
 * new page: its fragment read and the same wrapper; the booked call's view is a chunk of its own.
 * The reports and the spots claim (decision 0039), measured: / 132.04 and /qualify 129.16 KB, +1.2
 * KB gzip for the "spots left" claim's store (the server's count after hydration, the state
 * picked), the forms' step beacon and the waiting-list note, in one chunk only those two pages
 * load; /privacy 123.69 KB (+0.3: the paragraph on what the step counts hold); every page +0.1 KB
 * for the Reports console route in the route manifest (/qualifying-chat 125.35, /voice-agent
 * 129.92, /thank-you 123.01, /confirm-email 123.44, /stop-contacting 122.68, /404 121.37). The
 * charts (Recharts) are in the console's chunks only.
 * The merge of the work behind decisions 0034 to 0040, measured: /qualifying-chat 126.01 KB
 * (129,033 B) and /confirm-email 123.61 KB (126,582 B); every other page within the figures below.
 * Booking's leftovers (staff move calls, the calls' history, zone names), measured: /404 121.50 KB
 * (124,418 B, 2 B over its 121.5: the time formatting moved to lib/ kept out of the shared chunk;
 * the console's own code stays in its chunks); every other page within the figures below.
 * The merge of the callback, four eyes on every card, the chat's next step and the console's truth
 * (decisions 0042 to 0044), measured: /qualifying-chat 129.39 KB (132,497 B) and /voice-agent
 * 133.22 KB (136,418 B), +3.3 KB for the chat's end in the page (the outcome, its status line and
 * focus, the code form's and picker's lazy wrappers below the chat); /thank-you 125.28 KB (+1.6:
 * the call promise's wrapper and the code-first order; its reading and wording, with their Intl
 * formatting, are a chunk loaded when asked, call-promise-read.ts); / 132.34 and /qualify 129.44 KB
 * (+0.1-0.2: the spots claim in the hero, the new console routes in the manifest); /privacy 123.95
 * and /confirm-email 123.73 KB (the manifest, the privacy page's /64 sentence).
 */
const BUDGETS_KB: Record<string, number> = {
  "/": 132.4,
  "/qualify": 129.5,
  "/qualifying-chat": 129.4,
  "/voice-agent": 133.3,
  "/thank-you": 125.3,
  "/privacy": 124.0,
  "/confirm-email": 123.8,
  "/stop-contacting": 122.9,
  "/404": 121.6,
  "/call": 123.7,
};
const clientDir = resolve(process.env.BUILD_DIR ?? "build", "client");

const htmlFile = (path: string) => join(clientDir, path === "/" ? "index.html" : `${path.slice(1)}/index.html`);

/** Specifiers a script imports at once: static `import`/`export ... from`, and, for the page's own inline module, `import()` too. */
function importsOf(code: string, { withDynamic }: { withDynamic: boolean }): string[] {
  const found = [...code.matchAll(/\b(?:import|export)\s*(?:[^"'();=]*?\bfrom\s*)?["']([^"']+\.js)["']/g)].map(
    (m) => m[1]!,
  );
  if (withDynamic) found.push(...[...code.matchAll(/\bimport\(\s*["']([^"']+\.js)["']\s*\)/g)].map((m) => m[1]!));
  return found;
}

function entryScripts(html: string): string[] {
  const urls = [
    ...[...html.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)].map((m) => m[1]!),
  ];
  for (const [, body] of html.matchAll(/<script\b[^>]*\btype="module"[^>]*>([\s\S]*?)<\/script>/g)) {
    urls.push(...importsOf(body!, { withDynamic: true }));
  }
  return urls;
}

/** The closure of the entry scripts over static imports: URL -> gzip bytes. */
function initialJavaScript(path: string): Map<string, number> {
  const sizes = new Map<string, number>();
  const queue = entryScripts(readFileSync(htmlFile(path), "utf8"));
  while (queue.length) {
    const url = queue.shift()!;
    if (sizes.has(url)) continue;
    expect(url.startsWith("/"), `${path} loads ${url} from another origin`).toBe(true);
    const code = readFileSync(join(clientDir, url));
    sizes.set(url, gzipSync(code).length);
    for (const spec of importsOf(code.toString("utf8"), { withDynamic: false })) {
      queue.push(spec.startsWith(".") ? posix.join(posix.dirname(url), spec) : spec);
    }
  }
  return sizes;
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;

// `npm test` builds before the journeys: a missing build is a failure, never a skip.
test("the build exists", () => {
  expect(existsSync(htmlFile("/")), "no build: run `npm run build` first").toBe(true);
});

test.describe("initial JavaScript per page", () => {
  for (const path of PRERENDERED_PATHS) {
    const budgetKb = BUDGETS_KB[path] ?? 0;
    test(`${path} loads at most ${budgetKb} KB gzip of JavaScript before interaction`, () => {
      const sizes = initialJavaScript(path);
      const total = [...sizes.values()].reduce((a, b) => a + b, 0);
      const largest = [...sizes]
        .sort((a, b) => b[1] - a[1])
        .slice(0, 3)
        .map(([url, size]) => `${url.replace("/assets/", "")} ${kb(size)}`);
      console.log(
        `${path.padEnd(16)} ${kb(total).padStart(9)} (${total} B) gzip in ${sizes.size} files (largest: ${largest.join(", ")})`,
      );
      expect(sizes.size, "a page with no scripts found: the HTML parsing is broken").toBeGreaterThan(0);
      expect(total, `${path}: ${kb(total)} gzip (${total} B); a page without a budget has 0`).toBeLessThanOrEqual(
        budgetKb * 1024,
      );
    });
  }
});

// Decision 0022: the first collator or Intl formatter of a page costs tens of milliseconds of a
// slow phone's main thread, in the middle of hydration and of the visitor's typing.
test.describe("no locale-aware sorting or formatting in a page's first JavaScript", () => {
  for (const path of PRERENDERED_PATHS) {
    test(`${path}`, () => {
      for (const url of initialJavaScript(path).keys()) {
        expect(readFileSync(join(clientDir, url), "utf8"), url).not.toMatch(
          /\blocaleCompare\b|\bIntl\.|\btoLocale[A-Z]\w*String\b/,
        );
      }
    });
  }
});

test.describe("render path of the built pages", () => {
  for (const path of PRERENDERED_PATHS) {
    test(`${path} carries its whole stylesheet inline, requests nothing before first paint, and is precompressed`, () => {
      const html = readFileSync(htmlFile(path), "utf8");
      const links = [...html.matchAll(/<link\b[^>]*\brel="stylesheet"[^>]*>/g)].map(([link]) => link);
      expect(links.length, "React Router links the stylesheet; the link is kept for hydration").toBeGreaterThan(0);
      for (const link of links) {
        // Disabled, so never fetched: its whole content is already in a <style> of the page.
        expect(link).toMatch(/\sdisabled\b/);
        const css = readFileSync(join(clientDir, link.match(/href="([^"]+)"/)![1]!), "utf8").trim();
        expect(html).toContain(`<style>${css}</style>`);
      }
      // Scripts start after the first paint (scripts/post-build/defer-hydration.ts): no preload or
      // external script in the HTML itself.
      expect(html).not.toMatch(/<link\b[^>]*\brel="(?:modulepreload|preload)"/);
      expect(html).not.toMatch(/<script\b[^>]*\bsrc=/);
      // The CSP blocks inline event handlers: none may be needed.
      expect(html).not.toMatch(/<[a-z][^>]*\son[a-z]+=/);
      expect(existsSync(`${htmlFile(path)}.br`) && existsSync(`${htmlFile(path)}.gz`), "precompressed").toBe(true);
    });
  }
});

pageTest(
  "the page is styled with no stylesheet request, its scripts start after the first paint, and it hydrates with no CSP violation",
  async ({ page }) => {
    // The fixture fails the test on any console error, which is where CSP violations are reported.
    const stylesheets: string[] = [];
    page.on("request", (request) => {
      if (request.resourceType() === "stylesheet") stylesheets.push(request.url());
    });
    await page.goto("/voice-agent");
    await expect(page.getByRole("heading", { level: 1 })).toHaveCSS("font-weight", "700");
    // Hydrated: React Router's route modules are in place.
    await expect.poll(() => isHydrated(page)).toBe(true);
    const timing = await page.evaluate(() => ({
      firstContentfulPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime ?? Number.NaN,
      firstScript: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter((e) => e.name.endsWith(".js"))
          .map((e) => e.startTime),
      ),
    }));
    expect(timing.firstScript, JSON.stringify(timing)).toBeGreaterThanOrEqual(timing.firstContentfulPaint);
    // Hydrated: a button that only React handles works (Back to Home navigates).
    await page.getByRole("button", { name: "Back to Home" }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(stylesheets).toEqual([]);
  },
);
