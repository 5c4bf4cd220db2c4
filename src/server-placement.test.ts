import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Where a server file lives (docs/architecture.md, decision 0041), held on the tree as it is:
 * store/ keeps what several capabilities share (a repository one capability uses lives in it),
 * each capability's door, index.ts, only re-exports, and no two files of src/ share a name. Each
 * rule is a function checked on the real tree and on a fixture that breaks it.
 */

const SERVER = "src/server";
const isTest = (file: string) => /\.test\.tsx?$/.test(file);

/** Every .ts file under `dir`, as a path relative to the repository. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && /\.tsx?$/.test(entry.name))
    .map((entry) => path.join(entry.parentPath, entry.name));
}

/** The relative modules a file imports or re-exports, resolved to repository paths (`.ts` added). */
function importsOf(file: string, source = readFileSync(file, "utf8")): string[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, false);
  const specifiers: string[] = [];
  for (const statement of parsed.statements) {
    const specifier =
      (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier;
    if (specifier && ts.isStringLiteral(specifier) && specifier.text.startsWith(".")) specifiers.push(specifier.text);
  }
  return specifiers.map((specifier) => {
    const resolved = path.join(path.dirname(file), specifier);
    return /\.tsx?$/.test(resolved) ? resolved : `${resolved}.ts`;
  });
}

/** Who uses a server file: its capability's folder name, "store", or "root" (src/server's own files). */
function userOf(file: string): string {
  const [first, second] = path.relative(SERVER, file).split(path.sep);
  return second === undefined ? "root" : first!;
}

/**
 * The files of store/ that are neither imported by the store itself nor by two users (two
 * capabilities, or one and the root's files): each belongs in the one capability that uses it.
 * Tests and the harness (test-support/) do not count as users.
 */
export function misplacedInStore(importsByFile: Map<string, string[]>): string[] {
  const users = new Map<string, Set<string>>();
  for (const [file, imports] of importsByFile) {
    if (isTest(file) || userOf(file) === "test-support") continue;
    for (const imported of imports) {
      if (userOf(imported) !== "store" || imported === file) continue;
      const set = users.get(imported) ?? new Set<string>();
      set.add(userOf(file));
      users.set(imported, set);
    }
  }
  return [...importsByFile.keys()]
    .filter((file) => userOf(file) === "store" && !isTest(file))
    .filter((file) => {
      const set = users.get(file) ?? new Set<string>();
      return !set.has("store") && set.size < 2;
    })
    .map((file) => `${file} (used by ${[...(users.get(file) ?? [])].join(", ") || "nothing"})`);
}

/** The statements of a door (index.ts) that are not re-exports: `export ... from "./module"` only. */
export function notReExports(file: string, source: string): string[] {
  const parsed = ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true);
  return parsed.statements
    .filter((statement) => !(ts.isExportDeclaration(statement) && statement.moduleSpecifier))
    .map((statement) => `${file}:${parsed.getLineAndCharacterOfPosition(statement.getStart()).line + 1}`);
}

const serverFiles = filesUnder(SERVER);
const importsByFile = new Map(serverFiles.map((file) => [file, importsOf(file)]));
const doors = serverFiles.filter((file) => path.basename(file) === "index.ts");

describe("store/ keeps what several capabilities share", () => {
  it("every file of store/ is imported by the store itself or by two capabilities (or one and the root)", () => {
    expect(misplacedInStore(importsByFile)).toEqual([]);
  });

  it("names a repository only one capability uses (the fixture breaks the rule)", () => {
    const fixture = new Map(importsByFile);
    fixture.set("src/server/store/fixture-repository.ts", ["src/server/store/database.ts"]);
    fixture.set("src/server/voice/fixture-user.ts", ["src/server/store/fixture-repository.ts"]);
    fixture.set("src/server/voice/fixture-user.test.ts", ["src/server/store/fixture-repository.ts"]);
    fixture.set("src/server/test-support/fixture-harness.ts", ["src/server/store/fixture-repository.ts"]);
    expect(misplacedInStore(fixture)).toEqual(["src/server/store/fixture-repository.ts (used by voice)"]);
    fixture.set("src/server/leads/fixture-user.ts", ["src/server/store/fixture-repository.ts"]);
    expect(misplacedInStore(fixture)).toEqual([]);
  });
});

describe("a capability's door (index.ts) only re-exports", () => {
  it("holds for every capability", () => {
    expect(doors.length).toBeGreaterThan(10);
    expect(doors.flatMap((file) => notReExports(file, readFileSync(file, "utf8")))).toEqual([]);
  });

  it("names a door that declares, imports or runs anything (the fixture breaks the rule)", () => {
    const fixture = [
      `/** The door. */`,
      `export { leadsPublicRoutes } from "./public-routes";`,
      `export type { LeadRow } from "./leads-repository";`,
      `import { z } from "zod";`,
      `export const LIMIT = z.number();`,
      `export async function setUpFixture() {}`,
    ].join("\n");
    expect(notReExports("src/server/fixture/index.ts", fixture)).toEqual([
      "src/server/fixture/index.ts:4",
      "src/server/fixture/index.ts:5",
      "src/server/fixture/index.ts:6",
    ]);
  });
});

/** The names two or more non-test source files of `files` share (index.ts and declaration files aside). */
export function sharedNames(files: readonly string[]): string[] {
  const byName = new Map<string, string[]>();
  for (const file of files) {
    const name = path.basename(file);
    if (isTest(file) || name === "index.ts" || name.endsWith(".d.ts")) continue;
    byName.set(name, [...(byName.get(name) ?? []), file]);
  }
  return [...byName].filter(([, paths]) => paths.length > 1).map(([name, paths]) => `${name}: ${paths.join(", ")}`);
}

describe("a file's name says what it holds within its layer", () => {
  it("no two non-test files of src/ share a name (index.ts aside)", () => {
    expect(sharedNames(filesUnder("src"))).toEqual([]);
  });

  it("names the files that share one (the fixture breaks the rule)", () => {
    const fixture = [
      "src/domain/retention.ts",
      "src/server/privacy/retention.ts",
      "src/server/privacy/retention.test.ts",
    ];
    expect(sharedNames([...fixture, "src/server/leads/index.ts", "src/server/staff/index.ts"])).toEqual([
      "retention.ts: src/domain/retention.ts, src/server/privacy/retention.ts",
    ]);
  });
});
