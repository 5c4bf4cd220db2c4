import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

/**
 * Code comments cite decisions (docs/decisions/NNNN), never a tracker the repository does not
 * hold: a comment naming a tracker entry by its number cannot be followed by whoever reads it, and goes stale
 * unseen. Every comment of the source under src/, scripts/, e2e/, bench/ and of the root's config
 * files is read with the TypeScript scanner (so a string such as a test's expected text is not a
 * comment), and any naming an issue by number fails, with its file and line.
 */

const SOURCE_DIRS = ["src", "scripts", "e2e", "bench"];
const SOURCE = /\.(?:[cm]?[jt]s|tsx|jsx)$/;
const TRACKER_CITATION = /\bissues? #?\d+/i;

/** Every source file under the directories, and the root's config files, as repository paths. */
function sourceFiles(): string[] {
  const nested = SOURCE_DIRS.flatMap((dir) =>
    readdirSync(dir, { withFileTypes: true, recursive: true })
      .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
      .map((entry) => path.join(entry.parentPath, entry.name)),
  );
  const root = readdirSync(".").filter((name) => /\.config\.[cm]?[jt]s$/.test(name));
  return [...nested, ...root].filter((file) => !file.split(path.sep).includes("node_modules"));
}

/** Each comment of a source text that names an issue by number: its line (1-based) and its text. */
export function trackerCitations(fileName: string, source: string): { line: number; comment: string }[] {
  const variant = /\.[jt]sx$/.test(fileName) ? ts.LanguageVariant.JSX : ts.LanguageVariant.Standard;
  const scanner = ts.createScanner(ts.ScriptTarget.Latest, false, variant, source);
  const found: { line: number; comment: string }[] = [];
  for (let kind = scanner.scan(); kind !== ts.SyntaxKind.EndOfFileToken; kind = scanner.scan()) {
    if (kind !== ts.SyntaxKind.SingleLineCommentTrivia && kind !== ts.SyntaxKind.MultiLineCommentTrivia) continue;
    const comment = scanner.getTokenText();
    const match = TRACKER_CITATION.exec(comment);
    if (!match) continue;
    const offset = scanner.getTokenStart() + match.index;
    found.push({ line: source.slice(0, offset).split("\n").length, comment: match[0] });
  }
  return found;
}

describe("comments cite decisions, not tracker numbers", () => {
  it("finds a tracker number in a line comment, a block comment and a JSX comment, and nowhere else", () => {
    const fixture = [
      'const words = "see issue 12 in the tracker"; // the product\'s words are not comments',
      "// Calls on a grid (issue 40): two leads never share a time.",
      "/**",
      " * Four eyes on money (decision 0026), as Issues 32 and 48 asked.",
      " */",
      "export const view = <p>{/* the badge, issue #50 */}</p>;",
      "// A tissue 3 times folded, an issue's number spelled out, decision 0036: none of these.",
    ].join("\n");
    expect(trackerCitations("fixture.tsx", fixture)).toEqual([
      { line: 2, comment: "issue 40" },
      { line: 4, comment: "Issues 32" },
      { line: 6, comment: "issue #50" },
    ]);
  });

  it("finds none in the source", () => {
    const files = sourceFiles();
    expect(files).toContain(path.join("src", "server", "app.ts"));
    expect(files).toContain("eslint.config.js");
    const citations = files.flatMap((file) =>
      trackerCitations(file, readFileSync(file, "utf8")).map(({ line, comment }) => `${file}:${line}: ${comment}`),
    );
    expect(citations).toEqual([]);
  });
});
