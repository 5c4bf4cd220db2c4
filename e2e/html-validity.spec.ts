import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { test, expect } from "@playwright/test";
import { FileSystemConfigLoader, HtmlValidate, formatterFactory } from "html-validate";

/**
 * Every prerendered page is valid HTML (html-validate's standard, document and a11y rules,
 * configured in .htmlvalidate.json). A journey rather than a unit test: `test:e2e` builds the
 * site first, so the pages checked are always the current build's.
 */
const CLIENT_DIR = join(process.env.BUILD_DIR ?? "build", "client");
const PAGES = readdirSync(CLIENT_DIR, { recursive: true, encoding: "utf8" })
  .filter((path) => path === "index.html" || path.endsWith("/index.html"))
  .sort();
const validator = new HtmlValidate(new FileSystemConfigLoader());
const stylish = formatterFactory("stylish");

test("the build has every prerendered page", () => {
  expect(PAGES).toEqual(expect.arrayContaining(["index.html", "qualify/index.html", "404/index.html"]));
});

for (const page of PAGES) {
  test(`${page} is valid HTML`, async () => {
    const file = join(CLIENT_DIR, page);
    const report = await validator.validateFile(file);
    expect(report.valid, `${relative(".", file)}\n${stylish(report.results)}`).toBe(true);
  });
}
