import { describe, expect, it } from "vitest";
import { deferHydrationIn, dependencyOrder, staticImportsOf } from "./defer-hydration";

// The shape React Router 7.18 prerenders (<Links>/<Scripts> in root.tsx).
const ROUTER_SCRIPT = `<script type="module" async="">import "/assets/manifest-1.js";
import * as route0 from "/assets/root-1.js";
import * as route1 from "/assets/home-1.js";
  
  window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};

import("/assets/entry.client-1.js");</script>`;
const PRELOADS = ["manifest-1", "entry.client-1", "react-1", "root-1", "home-1", "api-1"]
  .map((name) => `<link rel="modulepreload" href="/assets/${name}.js"/>`)
  .join("");
const page = `<!DOCTYPE html><html lang="en"><head>${PRELOADS}<style>p{}</style></head><body><p>Hi</p>${ROUTER_SCRIPT}</body></html>`;

const GRAPH: Record<string, string[]> = {
  "/assets/entry.client-1.js": ["/assets/react-1.js"],
  "/assets/root-1.js": ["/assets/react-1.js"],
  "/assets/home-1.js": ["/assets/react-1.js", "/assets/api-1.js"],
  "/assets/api-1.js": ["/assets/react-1.js"],
};
const importsOf = (url: string) => GRAPH[url] ?? [];

describe("staticImportsOf", () => {
  it("reads the import statements a built chunk starts with, resolved against the chunk", () => {
    const code =
      'const __vite__mapDeps=(i)=>i;\nimport{t as e}from"./react-1.js";import"./side-1.js";var x=import("./lazy-1.js");import{y}from"./not-at-top.js"';
    expect(staticImportsOf("/assets/api-1.js", code)).toEqual(["/assets/react-1.js", "/assets/side-1.js"]);
    expect(staticImportsOf("/assets/react-1.js", "var e=Object.create;")).toEqual([]);
  });
});

describe("dependencyOrder", () => {
  it("puts every module after the modules it imports", () => {
    expect(dependencyOrder(["/assets/home-1.js", "/assets/api-1.js", "/assets/react-1.js"], importsOf)).toEqual([
      "/assets/react-1.js",
      "/assets/api-1.js",
      "/assets/home-1.js",
    ]);
  });

  it("ends on an import cycle instead of looping", () => {
    const cyclic = (url: string) => (url === "/a.js" ? ["/b.js"] : ["/a.js"]);
    expect(dependencyOrder(["/a.js", "/b.js"], cyclic)).toEqual(["/b.js", "/a.js"]);
  });
});

describe("deferHydrationIn", () => {
  const html = deferHydrationIn(page, importsOf);
  const script = html.match(/<script type="module">([\s\S]*?)<\/script>/)![1]!;

  it("removes the preloads from the HTML and React Router's script, leaving the page otherwise unchanged", () => {
    expect(html).not.toContain('modulepreload" href');
    expect(html).not.toContain('async=""');
    expect(html.replace(/<script type="module">[\s\S]*?<\/script>/, "")).toBe(
      page.replace(PRELOADS, "").replace(ROUTER_SCRIPT, ""),
    );
  });

  it("adds the same preloads, a few per task, then imports each module after its dependencies, one task each, entry last", () => {
    // The same six preloads, libraries first, four per task.
    expect(script).toContain(
      `const preloads = ${JSON.stringify(["react-1", "api-1", "manifest-1", "entry.client-1", "root-1", "home-1"].map((n) => `/assets/${n}.js`))};`,
    );
    expect(script).toContain("i += 4");
    const imports = [...script.matchAll(/import\("([^"]+)"\)/g)].map((m) => m[1]);
    expect(imports).toEqual([
      "/assets/react-1.js",
      "/assets/api-1.js",
      "/assets/manifest-1.js",
      "/assets/root-1.js",
      "/assets/home-1.js",
      "/assets/entry.client-1.js",
    ]);
    expect(script).toMatch(/const route0 = await import\("\/assets\/root-1.js"\);\n {2}await nextTask\(\);/);
    expect(script).toContain(
      'window.__reactRouterRouteModules = {"root":route0,"routes/home":route1};\n  import("/assets/entry.client-1.js");',
    );
  });

  it("starts once the first contentful paint is reported, with a fallback timer, and only once", () => {
    expect(script).toContain('observe({ type: "paint", buffered: true })');
    expect(script).toMatch(/setTimeout\(hydrate, \d+\);/);
    expect(script).toContain("if (started) return;");
  });

  it("the rewritten script runs: it hydrates once, after the paint, in order", async () => {
    const calls: string[] = [];
    let paintCallback:
      ((list: { getEntriesByName: (n: string) => unknown[] }, observer: { disconnect(): void }) => void) | undefined;
    class FakeObserver {
      static supportedEntryTypes = ["paint"];
      constructor(callback: typeof paintCallback) {
        paintCallback = callback;
      }
      observe() {}
    }
    const timers: { fn: () => void; delay: number }[] = [];
    const fakeDocument = {
      head: { append: (link: { href: string }) => calls.push(`preload ${link.href}`) },
      createElement: () => ({}),
    };
    const fakeWindow: Record<string, unknown> = {};
    const body = script
      .replace(/\bimport\(/g, "load(")
      .replace("window.__reactRouterRouteModules", "fakeWindow.__reactRouterRouteModules");
    const run = new Function(
      "PerformanceObserver",
      "setTimeout",
      "MessageChannel",
      "requestAnimationFrame",
      "document",
      "load",
      "fakeWindow",
      `return (async () => {${body}})();`,
    );
    const load = async (url: string) => {
      calls.push(`import ${url}`);
      return { url };
    };
    // A task boundary (nextTask) is a message: queued like a timer of no delay.
    class FakeChannel {
      port1: { onmessage: (() => void) | null } = { onmessage: null };
      port2 = { postMessage: () => timers.push({ fn: () => this.port1.onmessage?.(), delay: 0 }) };
    }
    await run(
      FakeObserver,
      (fn: () => void, delay = 0) => timers.push({ fn, delay }),
      FakeChannel,
      () => undefined,
      fakeDocument,
      load,
      fakeWindow,
    );
    const drain = async () => {
      for (
        let task = timers.findIndex((t) => t.delay === 0);
        task >= 0;
        task = timers.findIndex((t) => t.delay === 0)
      ) {
        timers.splice(task, 1)[0]!.fn();
        await new Promise((resolve) => setImmediate(resolve));
      }
    };
    await drain();
    expect(calls, "nothing before the paint").toEqual([]);
    paintCallback!({ getEntriesByName: () => [{}] }, { disconnect: () => calls.push("disconnect") });
    await drain();
    expect(calls.filter((c) => c.startsWith("preload"))).toHaveLength(6);
    expect(calls.filter((c) => c.startsWith("import"))).toEqual([
      "import /assets/react-1.js",
      "import /assets/api-1.js",
      "import /assets/manifest-1.js",
      "import /assets/root-1.js",
      "import /assets/home-1.js",
      "import /assets/entry.client-1.js",
    ]);
    // The fallback timer, still pending, does nothing once hydration has started.
    const before = calls.length;
    const fallback = timers.find((t) => t.delay > 0)!;
    expect(fallback.delay).toBe(3000);
    fallback.fn();
    await new Promise((resolve) => setImmediate(resolve));
    expect(calls).toHaveLength(before);
    expect(fakeWindow.__reactRouterRouteModules).toEqual({
      root: { url: "/assets/root-1.js" },
      "routes/home": { url: "/assets/home-1.js" },
    });
  });

  it("moves React Router's scroll restoration script into the loader, leaving its element empty for hydration", () => {
    const restoration = `((storageKey2, restoreKey) => {
    if (!window.history.state || !window.history.state.key) {
      window.history.replaceState({ key: "k" }, "");
    }
  })("react-router-scroll-positions", null)`;
    const withRestoration = page.replace("<p>Hi</p>", `<p>Hi</p><script>${restoration}</script>`);
    const moved = deferHydrationIn(withRestoration, importsOf);
    expect(moved).toContain('<p>Hi</p><script></script><script type="module">');
    const loader = moved.match(/<script type="module">([\s\S]*?)<\/script>/)![1]!;
    const hydrate = loader.slice(loader.indexOf("async function hydrate()"));
    // First thing once hydration starts, before the first preload.
    expect(hydrate.indexOf('"react-router-scroll-positions", null);')).toBeGreaterThan(
      hydrate.indexOf("started = true;"),
    );
    expect(hydrate.indexOf('"react-router-scroll-positions", null);')).toBeLessThan(hydrate.indexOf("const preloads"));
    expect(() => new Function(loader.replace(/\bimport\(/g, "load("))).not.toThrow();
    expect(() => deferHydrationIn(withRestoration.replace("restoreKey) =>", "restoreKey) =>  {"), importsOf)).toThrow(
      /scroll restoration/,
    );
  });

  it("fails the build when React Router's script is not in the known shape", () => {
    expect(() => deferHydrationIn(page.replace("import * as route0", "import * as  route0"), importsOf)).toThrow(
      /not in the shape/,
    );
    expect(() => deferHydrationIn(page.replace(ROUTER_SCRIPT, ""), importsOf)).toThrow(/found 0/);
  });
});
