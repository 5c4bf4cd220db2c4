import AxeBuilder from "@axe-core/playwright";
import { MAIL_KINDS, type MailMessage } from "../src/server/mail/mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../src/server/test-support/mail-samples";
import { renderMail } from "../src/server/mail/render-mail";
import { VIEWPORTS, expect, expectNoAxeViolations, test } from "./fixtures";

/** The site's rules (e2e/fixtures.ts): WCAG 2.2 A and AA. */
const AXE_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];

/**
 * Every e-mail (decision 0023) in a real Chromium: its HTML, as renderMail gives it to the SMTP
 * server, set as the page, and axe with the site's WCAG 2.2 A/AA rules, colour contrast and
 * target size included (the jsdom test, mail-accessibility.test.ts, cannot measure those).
 * A phone's width and a desktop's: mail clients show both.
 */

for (const kind of MAIL_KINDS) {
  for (const [name, viewport] of Object.entries(VIEWPORTS)) {
    test(`${kind}: no axe violation at ${viewport.width} px (${name})`, async ({ page }) => {
      test.setTimeout(60_000); // an axe run took 10-25 s on a loaded two-core machine
      const message: MailMessage = SAMPLE_MESSAGES[kind];
      const { html, subject } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
      await page.setViewportSize(viewport);
      await page.setContent(html);
      await expect(page).toHaveTitle(subject);
      await expect(page.getByRole("heading", { level: 1 })).toHaveCount(1);
      const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
      expect(
        results.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        kind,
      ).toEqual([]);
      // Contrast was measured on every text, not left "incomplete" (as over an image or a gradient).
      expect(results.passes.map((rule) => rule.id)).toContain("color-contrast");
      expect(results.incomplete.map((rule) => rule.id)).not.toContain("color-contrast");
      // Nothing wider than the screen: a phone reads the e-mail without scrolling sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
    });
  }
}

test("a name holding markup shows as its characters, runs nothing, and a long one still fits a phone", async ({
  page,
}) => {
  test.setTimeout(60_000);
  const hostile = `<img src=x onerror="window.__ran=1"><script>window.__ran=2</script>"quoted" ${"W".repeat(80)}`;
  const message: MailMessage = {
    ...SAMPLE_MESSAGES.lead_confirmation,
    data: { ...SAMPLE_MESSAGES.lead_confirmation.data, firstName: hostile, facilityName: hostile },
  };
  const { html } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.setContent(html);
  await expect(page.getByText(`Hi <img src=x onerror="window.__ran=1"><script>`, { exact: false })).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __ran?: number }).__ran)).toBeUndefined();
  await expect(page.locator("img, script")).toHaveCount(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(VIEWPORTS.mobile.width);
  await expectNoAxeViolations(page, "hostile name");
});
