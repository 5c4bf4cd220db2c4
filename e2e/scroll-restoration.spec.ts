import { expect } from "@playwright/test";
import { isHydrated, test } from "./fixtures";

/**
 * React Router's scroll restoration runs once the page has painted, first thing in the loader
 * (scripts/post-build/defer-hydration.ts, decision 0022), not before the first paint. A reload
 * still lands where the visitor was, and a link to another page still opens at its top.
 */
test.use({ viewport: { width: 375, height: 812 } });

test("a reload lands where the visitor was; a link opens the next page at its top", async ({ page }) => {
  await page.goto("/");
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.evaluate(() => window.scrollTo(0, 2400));
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(2400);

  await page.reload();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(2400);
  // React Router gave the history entry its key before it read it.
  expect(await page.evaluate(() => typeof (window.history.state as { key?: unknown } | null)?.key)).toBe("string");

  await page
    .getByRole("contentinfo")
    .getByRole("link", { name: /privacy/i })
    .click();
  await expect(page).toHaveURL(/\/privacy$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
