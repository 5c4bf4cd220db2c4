import { readFile, writeFile } from "node:fs/promises";

/**
 * Moves React Router's `<link rel="modulepreload">`s from <head> to a small inline script at the
 * end of <body>, just before React Router's own module script.
 *
 * In <head>, the preload scanner fetches all of the page's JavaScript (~110 KB gzip) at high
 * priority while the HTML is still arriving, so on a slow connection it competes with the page,
 * and Lighthouse's simulation counts every one of those requests as needed for the first paint.
 * Written by a script, they are invisible to the preload scanner and start when the parser
 * reaches the end of the page, together with React Router's module script (which is left as it
 * is, so hydration starts exactly as before and the load event still waits for it).
 */
const MODULEPRELOAD = /<link rel="modulepreload" href="([^"]+)"\/>/g;
const ROUTER_SCRIPT = '<script type="module" async="">';

export function preloadAtBodyEndIn(html: string): string {
  const preloads = [...html.matchAll(MODULEPRELOAD)].map((m) => m[1]!);
  const at = html.indexOf(ROUTER_SCRIPT);
  if (preloads.length === 0 || at < 0 || html.indexOf(ROUTER_SCRIPT, at + 1) >= 0) {
    throw new Error("expected React Router's modulepreload links and its one inline module script");
  }
  const script =
    `<script>for(const href of ${JSON.stringify(preloads)}){` +
    'const link=document.createElement("link");link.rel="modulepreload";link.href=href;document.head.append(link)}</script>';
  const withoutPreloads = html.replace(MODULEPRELOAD, "");
  const scriptAt = withoutPreloads.indexOf(ROUTER_SCRIPT);
  return withoutPreloads.slice(0, scriptAt) + script + withoutPreloads.slice(scriptAt);
}

/** Rewrites each page in place. */
export async function preloadAtBodyEnd(htmlFiles: string[]): Promise<void> {
  for (const file of htmlFiles) await writeFile(file, preloadAtBodyEndIn(await readFile(file, "utf8")));
}
