import { readFile, writeFile } from "node:fs/promises";
import { join, posix } from "node:path";

/**
 * Starts each prerendered page's JavaScript after its first paint, and evaluates it one module
 * per task.
 *
 * React Router writes `<link rel="modulepreload">`s in <head> and one inline module script that
 * imports the manifest and route modules statically, then `import()`s the client entry. The
 * preloads compete with the page for a slow connection before anything is on screen, and the
 * static imports evaluate React, React Router and the route in one long task. This rewrites the
 * script so that, once the first contentful paint is on screen, it adds the same preloads (a
 * few per task), imports every module in dependency order with a task boundary between modules
 * (so the main thread can answer input in between), then does exactly what React Router's
 * script did. The page itself is complete, readable HTML before any of it runs, and what the
 * visitor does on it meanwhile is kept for the app (src/web/lib/early-interactions.ts, decision
 * 0007): the load event no longer waits for these scripts.
 */
/** A page that has not painted by then (opened in a background tab, say) hydrates anyway. */
const HYDRATE_AT_THE_LATEST_MS = 3000;
const PRELOADS_PER_TASK = 4;
const ROUTER_SCRIPT = /<script type="module" async="">([\s\S]*?)<\/script>/g;
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const SIDE_EFFECT_IMPORT = /^import "([^"]+)";$/gm;
const NAMESPACE_IMPORT = /^import \* as (\w+) from "([^"]+)";$/gm;
const ROUTE_MODULES = /^\s*window\.__reactRouterRouteModules = \{[^}]*\};$/m;
const ENTRY_IMPORT = /^import\("([^"]+)"\);$/m;
/** React Router's <ScrollRestoration> script: an arrow function called with the storage key. */
const SCROLL_RESTORATION =
  /<script>(\(\([\w\s,]*\) => \{[\s\S]*?\}\)\("react-router-scroll-positions", [^)]*\))<\/script>/;

/** The static imports at the top of a built chunk, resolved to root-relative URLs. */
export function staticImportsOf(url: string, code: string): string[] {
  const header = code.replace(/^const __vite__mapDeps=[^\n]*\n/, "").match(/^(?:import(?:[^"';]*?from)?"[^"]+";)*/)![0];
  return [...header.matchAll(/"([^"]+)"/g)].map(([, spec]) =>
    spec!.startsWith(".") ? posix.join(posix.dirname(url), spec!) : spec!,
  );
}

/** Dependencies before dependants (depth-first post-order), keeping the given order otherwise. */
export function dependencyOrder(urls: readonly string[], importsOf: (url: string) => readonly string[]): string[] {
  const wanted = new Set(urls);
  const done = new Set<string>();
  const order: string[] = [];
  const visit = (url: string, path: Set<string>) => {
    if (done.has(url) || path.has(url)) return;
    path.add(url);
    for (const dep of importsOf(url)) if (wanted.has(dep)) visit(dep, path);
    path.delete(url);
    done.add(url);
    order.push(url);
  };
  for (const url of urls) visit(url, new Set());
  return order;
}

/**
 * Runs `hydrate` once the first contentful paint has been presented (the paint timing entry is
 * queued only then; a frame callback would run before the frame reaches the screen). Browsers
 * without paint timing wait for the next frame instead, and a timer makes sure a page that never
 * reports a paint (a tab opened in the background) still hydrates.
 */
const START_AFTER_FIRST_PAINT = [
  'if (PerformanceObserver.supportedEntryTypes?.includes("paint")) {',
  "  new PerformanceObserver((list, observer) => {",
  '    if (!list.getEntriesByName("first-contentful-paint").length) return;',
  "    observer.disconnect();",
  "    setTimeout(hydrate);",
  '  }).observe({ type: "paint", buffered: true });',
  "} else {",
  "  requestAnimationFrame(() => setTimeout(hydrate));",
  "}",
  `setTimeout(hydrate, ${HYDRATE_AT_THE_LATEST_MS});`,
];

/**
 * React Router's scroll restoration script runs where <ScrollRestoration> is, before the first
 * paint: it gives the history entry a key and reads sessionStorage, whose first use on a page
 * waits on the browser (10-20 ms of a slow phone's main thread, decision 0022). It runs first
 * thing in `hydrate()` instead, still before React Router reads the key. A reload lands where
 * it was all the same: React Router hands scroll restoration back to the browser when a page is
 * left. The element stays, empty, for hydration to find (React does not compare a script's text).
 */
function takeScrollRestoration(html: string): { html: string; statement?: string } {
  const found = html.match(SCROLL_RESTORATION);
  if (!found) {
    if (html.includes('"react-router-scroll-positions"'))
      throw new Error("React Router's scroll restoration script is not in the shape this step knows");
    return { html };
  }
  return { html: html.replace(found[0], "<script></script>"), statement: `${found[1]!.replace(/\n/g, "\n  ")};` };
}

export function deferHydrationIn(page: string, importsOf: (url: string) => readonly string[]): string {
  const { html, statement: scrollRestoration } = takeScrollRestoration(page);
  const scripts = [...html.matchAll(ROUTER_SCRIPT)];
  if (scripts.length !== 1)
    throw new Error(`expected React Router's one inline module script, found ${scripts.length}`);
  const body = scripts[0]![1]!;
  const sideEffects = [...body.matchAll(SIDE_EFFECT_IMPORT)].map((m) => m[1]!);
  const routes = [...body.matchAll(NAMESPACE_IMPORT)].map((m) => ({ name: m[1]!, url: m[2]! }));
  const assignment = body.match(ROUTE_MODULES)?.[0].trim();
  const entry = body.match(ENTRY_IMPORT)?.[1];
  const rest = body
    .replace(SIDE_EFFECT_IMPORT, "")
    .replace(NAMESPACE_IMPORT, "")
    .replace(ROUTE_MODULES, "")
    .replace(ENTRY_IMPORT, "");
  if (!assignment || !entry || sideEffects.length === 0 || routes.length === 0 || rest.trim() !== "") {
    throw new Error(`React Router's inline module script is not in the shape this step knows:\n${body}`);
  }

  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const first = new Set([...sideEffects, ...routes.map((r) => r.url), entry]);
  const modules = dependencyOrder(preloads, importsOf).filter((url) => !first.has(url));
  // The libraries (the largest downloads) first; then what React Router's script imports.
  const inFetchOrder = [...modules, ...preloads.filter((url) => first.has(url))];
  const task = (statement: string) => [`  ${statement}`, "  await nextTask();"];
  const script = [
    // A message, not a timer: chained timers are held back to 4 ms each after the fifth, which
    // left the page unhydrated for tens of milliseconds more than its work needs.
    "const channel = new MessageChannel();",
    "const nextTask = () => new Promise((resolve) => {",
    "  channel.port1.onmessage = resolve;",
    "  channel.port2.postMessage(0);",
    "});",
    "let started = false;",
    "async function hydrate() {",
    "  if (started) return;",
    "  started = true;",
    ...(scrollRestoration ? [`  ${scrollRestoration}`] : []),
    // Starting a request costs about a millisecond of main thread each on a slow phone: a few per task.
    `  const preloads = ${JSON.stringify(inFetchOrder)};`,
    `  for (let i = 0; i < preloads.length; i += ${PRELOADS_PER_TASK}) {`,
    `    for (const href of preloads.slice(i, i + ${PRELOADS_PER_TASK})) {`,
    '      const link = document.createElement("link");',
    '      link.rel = "modulepreload";',
    "      link.href = href;",
    "      document.head.append(link);",
    "    }",
    "    await nextTask();",
    "  }",
    ...modules.flatMap((url) => task(`await import(${JSON.stringify(url)});`)),
    ...sideEffects.map((url) => `  await import(${JSON.stringify(url)});`),
    ...routes.flatMap(({ name, url }) => task(`const ${name} = await import(${JSON.stringify(url)});`)),
    `  ${assignment}`,
    `  import(${JSON.stringify(entry)});`,
    "}",
    ...START_AFTER_FIRST_PAINT,
  ].join("\n");
  return html.replace(MODULEPRELOAD, "").replace(scripts[0]![0], `<script type="module">\n${script}\n</script>`);
}

/** Rewrites each page in place. */
export async function deferHydration(clientDir: string, htmlFiles: string[]): Promise<void> {
  const imports = new Map<string, string[]>();
  const importsOf = (url: string) => imports.get(url) ?? [];
  for (const file of htmlFiles) {
    const html = await readFile(file, "utf8");
    for (const [, url] of html.matchAll(MODULEPRELOAD)) {
      if (!imports.has(url!)) imports.set(url!, staticImportsOf(url!, await readFile(join(clientDir, url!), "utf8")));
    }
    await writeFile(file, deferHydrationIn(html, importsOf));
  }
}
