// @vitest-environment jsdom
import axe from "axe-core";
import { describe, expect, it } from "vitest";
import { MAIL_KINDS, type MailMessage } from "./mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { showInTestWindow } from "../test-support/mail-test-document";
import { renderMail } from "./render-mail";

/** The WCAG 2.2 A and AA rules, as e2e/fixtures.ts runs them on the site's pages. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * axe on each e-mail's HTML in jsdom (decision 0023). jsdom has no layout and paints nothing, so the
 * rules that measure the screen are off here: `color-contrast` (needs the painted colours under
 * each text) and `target-size` (needs boxes). e2e/mail-accessibility.spec.ts runs every rule,
 * contrast included, on the same HTML in Chromium.
 */
async function axeViolations(html: string) {
  showInTestWindow(html);
  return axe.run(document, {
    runOnly: { type: "tag", values: AXE_TAGS },
    rules: { "color-contrast": { enabled: false }, "target-size": { enabled: false } },
  });
}

describe.each(MAIL_KINDS)("axe in jsdom: %s", (kind) => {
  it("has no violation", async () => {
    const message: MailMessage = SAMPLE_MESSAGES[kind];
    const results = await axeViolations((await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS)).html);
    expect(results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`)).toEqual([]);
    // The rules that matter most for an e-mail did run and pass (not merely "inapplicable").
    expect(results.passes.map((rule) => rule.id)).toEqual(
      expect.arrayContaining(["document-title", "html-has-lang", "html-lang-valid", "link-name"]),
    );
  });
});

describe("axe in jsdom", () => {
  it("does find faults: the same e-mail without its lang, title and a link's text fails", async () => {
    const { html } = await renderMail(SAMPLE_MESSAGES.lead_confirmation, SAMPLE_BRAND, SAMPLE_KEYS);
    const broken = html
      .replace(' lang="en"', "")
      .replace(/<title>.*<\/title>/, "")
      .replace(/>Continue your qualification by text chat</, "><");
    const ids = (await axeViolations(broken)).violations.map((v) => v.id);
    expect(ids).toEqual(expect.arrayContaining(["html-has-lang", "document-title", "link-name"]));
  });
});
