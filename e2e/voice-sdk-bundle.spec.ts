import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, posix } from "node:path";
import { expect, test } from "@playwright/test";

/**
 * Build output: the voice SDK and its call library are in no route's initial
 * JavaScript. Reads build/client (made by `npm run build`): the React Router manifest's entry and
 * route modules, and the modulepreload/script tags of every prerendered page, closes them over
 * their static imports, and proves the SDK chunk is outside that set and reachable only through
 * a dynamic import().
 */
const CLIENT = "build/client";
const ASSETS = join(CLIENT, "assets");
/** Strings only the SDK (callControllerCreateWebCall) or its call library (call-machine) contain. */
const SDK_SIGNATURES = ["callControllerCreateWebCall", "call-machine"];

const read = (asset: string) => readFileSync(join(CLIENT, asset), "utf8");
const assetFiles = () =>
  readdirSync(ASSETS)
    .filter((f) => f.endsWith(".js"))
    .map((f) => `/assets/${f}`);

function htmlFiles(dir = CLIENT): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === "assets" ? [] : htmlFiles(path);
    return name.endsWith(".html") ? [path] : [];
  });
}

/** Static imports of a built module: `import ... from "./x.js"`, `import "./x.js"`, `export ... from`. */
function staticImports(asset: string): string[] {
  const code = read(asset);
  const found = [...code.matchAll(/(?:\bfrom\s*|\bimport\s*)(["'`])(\.{1,2}\/[^"'`]+\.js)\1/g)].map((m) => m[2]!);
  return found.map((spec) => posix.join(posix.dirname(asset), spec));
}

function dynamicImports(asset: string): string[] {
  const code = read(asset);
  return [...code.matchAll(/\bimport\(\s*(["'`])(\.{1,2}\/[^"'`]+\.js)\1\s*\)/g)].map((m) =>
    posix.join(posix.dirname(asset), m[2]!),
  );
}

function initialModules(): Set<string> {
  const manifestFile = assetFiles().find((f) => /\/manifest-[^/]+\.js$/.test(f));
  expect(manifestFile, "React Router manifest in build/client/assets").toBeTruthy();
  const manifestCode = read(manifestFile!);
  const manifest = JSON.parse(manifestCode.slice(manifestCode.indexOf("{"), manifestCode.lastIndexOf("}") + 1)) as {
    entry: { module: string; imports: string[] };
    routes: Record<string, { module: string; imports?: string[] }>;
  };
  const roots = [manifest.entry.module, ...manifest.entry.imports];
  for (const route of Object.values(manifest.routes)) roots.push(route.module, ...(route.imports ?? []));
  for (const html of htmlFiles()) {
    const text = readFileSync(html, "utf8");
    for (const m of text.matchAll(/<(?:link rel="modulepreload" href|script[^>]*\bsrc)="(\/assets\/[^"]+\.js)"/g))
      roots.push(m[1]!);
    for (const m of text.matchAll(/import\s*(?:[\w*{}\s,]+from\s*)?["'](\/assets\/[^"']+\.js)["']/g)) roots.push(m[1]!);
  }
  const seen = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (seen.has(next)) continue;
    seen.add(next);
    queue.push(...staticImports(next));
  }
  return seen;
}

test("the voice SDK is not in any route's initial JavaScript, only behind a dynamic import", () => {
  const initial = initialModules();
  expect(initial.size).toBeGreaterThan(3);

  const sdkChunks = assetFiles().filter((f) => SDK_SIGNATURES.some((s) => read(f).includes(s)));
  expect(sdkChunks, "the build contains the SDK chunk").not.toEqual([]);

  for (const chunk of sdkChunks) expect(initial.has(chunk), `${chunk} is loaded first by some route`).toBe(false);
  for (const module of initial) {
    for (const signature of SDK_SIGNATURES)
      expect(read(module).includes(signature), `${module} contains ${signature}`).toBe(false);
  }

  // Reachable: some initial module import()s each SDK chunk (or a chunk that statically pulls it in).
  const dynamicTargets = new Set([...initial].flatMap(dynamicImports));
  const reachable = new Set<string>();
  const queue = [...dynamicTargets];
  while (queue.length > 0) {
    const next = queue.pop()!;
    if (reachable.has(next)) continue;
    reachable.add(next);
    queue.push(...staticImports(next));
  }
  for (const chunk of sdkChunks) expect(reachable.has(chunk), `${chunk} reachable by import()`).toBe(true);
});
