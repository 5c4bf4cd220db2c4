import { readFileSync, readdirSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * No circle of imports in src/, type-only imports included (decision 0038). The lint's
 * import-x/no-cycle holds the circles that run; it skips `import type` by design, so this test
 * reads every module's imports with TypeScript's own pre-processor and looks for circles.
 */
const SRC = new URL("./", import.meta.url).pathname;
const EXTENSIONS = [".ts", ".tsx", "/index.ts", "/index.tsx"];

/** Each module of src/ (its path from src/) and the modules of src/ it imports (`import type` and `export … from` included). */
function importGraph(): Map<string, string[]> {
  const files = readdirSync(SRC, { recursive: true, encoding: "utf8" }).filter((path) => /\.tsx?$/.test(path));
  const known = new Set(files);
  const graph = new Map<string, string[]>();
  for (const file of files) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(SRC, file), "utf8"), true, true);
    const targets = importedFiles
      .filter(({ fileName }) => fileName.startsWith("."))
      .map(({ fileName }) => relative(SRC, join(SRC, dirname(file), fileName)))
      .map((base) => (known.has(base) ? base : EXTENSIONS.map((ext) => base + ext).find((path) => known.has(path))))
      .filter((path): path is string => path !== undefined);
    graph.set(file, [...new Set(targets)]);
  }
  return graph;
}

/** The circles of a graph: its strongly connected components of more than one module, or a module importing itself (Tarjan). */
function circlesOf(graph: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1 || (graph.get(node) ?? []).includes(node)) circles.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return circles;
}

describe("imports in src/", () => {
  it("finds a circle when there is one, a type-only one or through several modules", () => {
    const fixture = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
      ["e.ts", ["e.ts"]],
    ]);
    expect(circlesOf(fixture)).toEqual([["a.ts", "b.ts", "c.ts"], ["e.ts"]]);
    expect(
      circlesOf(
        new Map([
          ["a.ts", ["b.ts"]],
          ["b.ts", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("form no circle, type-only imports included", () => {
    const graph = importGraph();
    expect(graph.size).toBeGreaterThan(300);
    expect(graph.get("server/store/schema.ts")).toContain("server/store/schema-leads.ts");
    expect(circlesOf(graph)).toEqual([]);
  });
});
