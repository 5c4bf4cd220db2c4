import { readFileSync, readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md matches the tree (decision 0041): every file it names exists, every folder it
 * names as a path exists, and every server capability (a folder of src/server/) has a row in its
 * table of capabilities whose names its door (index.ts) exports.
 */
const ROOT = new URL("../", import.meta.url).pathname;
const doc = readFileSync(`${ROOT}docs/architecture.md`, "utf8");
const SKIPPED = new Set(["node_modules", ".git", "build", "test-results", "playwright-report", ".react-router"]);

/** Every file of the repository, by its path from the root. */
const files = readdirSync(ROOT, { recursive: true, encoding: "utf8" })
  .filter((path) => !SKIPPED.has(path.split("/")[0]!))
  .filter((path) => statSync(`${ROOT}${path}`).isFile());

describe("docs/architecture.md", () => {
  it("names only files that exist (a bare name anywhere in the tree, a path as the end of one)", () => {
    const named = new Set(doc.match(/[\w.+\-/[\]]+\.(?:tsx?|md|sql|mjs|js|json|css)\b/g) ?? []);
    // A glob's tail ("*.test.tsx") and the build's own output are not files of the tree.
    const checked = [...named].filter((name) => !name.startsWith(".") && !name.startsWith("build/"));
    expect(checked.length).toBeGreaterThan(100);
    const missing = checked.filter((name) => !files.some((file) => file === name || file.endsWith(`/${name}`)));
    expect(missing).toEqual([]);
  });

  it("names only folders that exist when it gives their path", () => {
    const folders = [...doc.matchAll(/`((?:src|docs|e2e|scripts|bench|drizzle)\/[\w\-/.]*)`/g)].map((m) => m[1]!);
    const missing = folders.filter((folder) => !files.some((file) => file.startsWith(folder)));
    expect(missing).toEqual([]);
  });

  it("names every server capability (each folder of src/server/ but store/ and test-support/) in its table, with its door", () => {
    const capabilities = readdirSync(`${ROOT}src/server`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !["store", "test-support"].includes(entry.name))
      .map((entry) => entry.name);
    expect(capabilities.length).toBeGreaterThan(10);
    for (const name of ["store", "test-support"]) expect(doc, name).toContain(`\`${name}/\``);
    for (const name of capabilities) {
      const door = readFileSync(`${ROOT}src/server/${name}/index.ts`, "utf8");
      const row = doc.split("\n").find((line) => line.startsWith("|") && line.includes(`| \`src/server/${name}/\` |`));
      expect(row, `docs/architecture.md: no row for src/server/${name}/`).toBeDefined();
      // Every name the row gives as its door's is exported there (a re-export or its own declaration).
      const exportsCell = row!.split("|")[3]!;
      const named = [...exportsCell.matchAll(/`([A-Za-z_][\w]*)`/g)].map((m) => m[1]!);
      expect(named.length, name).toBeGreaterThan(0);
      const exported = (word: string) =>
        new RegExp(
          `export (?:type )?\\{[^}]*\\b${word}\\b[^}]*\\}|export (?:async )?(?:function|const|class|interface|type) ${word}\\b`,
        ).test(door);
      expect(
        named.filter((word) => !exported(word)),
        `src/server/${name}/index.ts`,
      ).toEqual([]);
    }
  });
});
