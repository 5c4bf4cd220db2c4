import { readFileSync, readdirSync, statSync } from "node:fs";
import { describe, expect, it } from "vitest";

/**
 * docs/architecture.md matches the tree (issue 38): every file it names exists, every folder it
 * names as a path exists, and every server capability (a folder of src/server/) is named there.
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

  it("names every server capability (each folder of src/server/)", () => {
    const capabilities = readdirSync(`${ROOT}src/server`, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(capabilities.length).toBeGreaterThan(5);
    expect(capabilities.filter((name) => !doc.includes(`${name}/`))).toEqual([]);
  });
});
