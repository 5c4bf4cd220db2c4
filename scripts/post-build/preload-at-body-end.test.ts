import { describe, expect, it } from "vitest";
import { preloadAtBodyEndIn } from "./preload-at-body-end";

// The shape React Router 7.18 prerenders (<Links>/<Scripts> in root.tsx).
const ROUTER_SCRIPT = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
  window.__reactRouterRouteModules = {"root":route0};
import("/assets/entry.client-1.js");</script>`;
const PRELOADS = '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/react-1.js"/>';
const page = `<!DOCTYPE html><html lang="en"><head>${PRELOADS}<style>p{}</style></head><body><p>Hi</p>${ROUTER_SCRIPT}</body></html>`;

describe("preloadAtBodyEndIn", () => {
  const html = preloadAtBodyEndIn(page);

  it("takes the preloads out of the HTML and leaves React Router's module script as it was", () => {
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain(ROUTER_SCRIPT);
    expect(html.replace(/<script>[^<]*<\/script>/, "")).toBe(page.replace(PRELOADS, ""));
  });

  it("adds the same preloads from a script placed just before React Router's script", () => {
    const script = html.match(/<script>([^<]*)<\/script><script type="module" async="">/)?.[1];
    expect(script).toBeDefined();
    const appended: { rel?: string; href?: string }[] = [];
    const fakeDocument = { createElement: () => ({}), head: { append: (link: { rel: string; href: string }) => appended.push(link) } };
    new Function("document", script!)(fakeDocument);
    expect(appended).toEqual([
      { rel: "modulepreload", href: "/assets/manifest-1.js" },
      { rel: "modulepreload", href: "/assets/react-1.js" },
    ]);
  });

  it("fails the build when React Router's output is not in the known shape", () => {
    expect(() => preloadAtBodyEndIn(page.replace(PRELOADS, ""))).toThrow(/expected React Router/);
    expect(() => preloadAtBodyEndIn(page.replace(ROUTER_SCRIPT, ""))).toThrow(/expected React Router/);
  });
});
