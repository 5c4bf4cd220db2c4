import { readFile, writeFile } from "node:fs/promises";
import Beasties from "beasties";

/**
 * Inlines the CSS each prerendered page uses and loads the full stylesheet without blocking paint.
 *
 * Strategy "media-script": the <link> stays `rel="stylesheet"` with `media="print"`, and one
 * invariant inline <script> at the end of <body> switches it to `all`. The other strategies do
 * not fit here: "media"/"swap*" use `onload=` attributes, which our CSP blocks (no inline event
 * handlers); "js"/"body"/default turn or move the link away from `rel="stylesheet"` in <head>,
 * so React's hydration of <head> (which matches <link> by rel and href) would not find it. The
 * script is covered by the CSP because the server hashes every inline script of the built pages.
 */
export async function inlineCriticalCss(clientDir: string, htmlFiles: string[]): Promise<void> {
  const beasties = new Beasties({
    path: clientDir,
    publicPath: "/",
    preload: "media-script",
    // Keep the whole stylesheet on disk: every page shares it and later pages need other rules.
    pruneSource: false,
    // Tiny sheets are cheaper inline than as a second request; ours is ~14 KB, so it stays linked.
    inlineThreshold: 0,
    reduceInlineStyles: false,
    mergeStylesheets: true,
    logLevel: "warn",
  });
  for (const file of htmlFiles) {
    const html = await readFile(file, "utf8");
    // The marker beasties leaves on <html> is for its own bookkeeping; the page does not need it.
    await writeFile(file, (await beasties.process(html)).replace(" data-beasties-container", ""));
  }
}
