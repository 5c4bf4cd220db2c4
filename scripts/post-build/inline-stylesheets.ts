import { readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";

/**
 * Puts the whole of each stylesheet a prerendered page links into a <style> in that page, so the
 * first paint needs no request and no later stylesheet load restyles the page.
 *
 * The <link> stays where React Router rendered it, because React's hydration of <head> matches it
 * by `rel` and `href`, but gains `disabled`: a disabled stylesheet link is never fetched (HTML
 * standard, "link type stylesheet"). Every route shares the one Tailwind sheet (~9 KB brotli), so
 * inlining all of it costs a few KB per page and saves the second style pass that a critical-CSS
 * split pays when the rest arrives (a long task on a slow phone).
 */
const STYLESHEET_LINK = /<link rel="stylesheet" href="([^"]+\.css)"\s*\/?>/g;

export function inlineStylesheetsInto(html: string, cssFor: (href: string) => string): string {
  return html.replace(STYLESHEET_LINK, (_link, href: string) => {
    const css = cssFor(href);
    if (/<\/style/i.test(css)) throw new Error(`${href} contains "</style", which would end the inline <style> early`);
    // A relative url() resolves against the sheet's own address; inline, it would resolve against the page's.
    const relative = [...css.matchAll(/url\(\s*["']?([^"')]*)/gi)].some(
      ([, url]) => !/^([a-z][a-z\d+.-]*:|\/|#)/i.test(url ?? ""),
    );
    if (relative) throw new Error(`${href} has a relative url(), which would break once inlined`);
    return `<style>${css}</style><link rel="stylesheet" href="${href}" disabled/>`;
  });
}

/** Rewrites each page in place; returns how many stylesheet links were inlined. */
export async function inlineStylesheets(clientDir: string, htmlFiles: string[]): Promise<number> {
  const sheets = new Map<string, string>();
  let inlined = 0;
  for (const file of htmlFiles) {
    const html = await readFile(file, "utf8");
    for (const [, href = ""] of html.matchAll(STYLESHEET_LINK)) {
      if (!href.startsWith("/")) throw new Error(`${file}: stylesheet ${href} is not a root-relative build asset`);
      if (!sheets.has(href)) sheets.set(href, (await readFile(join(clientDir, href), "utf8")).trim());
    }
    const out = inlineStylesheetsInto(html, (href) => {
      inlined++;
      return sheets.get(href)!;
    });
    await writeFile(file, out);
  }
  return inlined;
}
