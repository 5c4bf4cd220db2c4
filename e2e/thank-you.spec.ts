import { expect, expectNoAxeViolations, isHydrated, test, VIEWPORTS } from "./fixtures";

declare global {
  interface Window {
    gtagCalls: unknown[][];
  }
}

test("/thank-you shows the next steps, the hotline and Return to Home", async ({ page }) => {
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  await expect(page.getByText("We have received your information.")).toBeVisible();
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  const steps = page.getByRole("list").filter({ hasText: "A call at the time you pick" }).getByRole("listitem");
  await expect(steps).toHaveCount(4);
  await expect(steps.nth(1)).toContainText(/staffing needs/);
  await expect(steps.nth(2)).toContainText(/\$50 gift card/);
  await expect(steps.nth(3)).toContainText(/custom staffing solution/i);
  await expect(page.getByRole("heading", { name: "24/7 Staffing Hotline" })).toBeVisible();
  await expect(page.getByRole("link", { name: "(888) 555-0142" }).first()).toHaveAttribute("href", "tel:+18885550142");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
  await page.getByRole("button", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("the ad conversion fires once per visit when gtag exists", async ({ page }) => {
  await page.addInitScript(() => {
    window.gtagCalls = [];
    window.gtag = (...args: unknown[]) => {
      window.gtagCalls.push(args);
    };
  });
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
  // The heading is prerendered: the conversion fires only once the page has hydrated (slow on a busy machine).
  await expect.poll(() => isHydrated(page)).toBe(true);
  await page.waitForTimeout(500); // any second firing would have happened by now
  const conversions = async () =>
    (await page.evaluate(() => window.gtagCalls)).filter((call) => call[0] === "event" && call[1] === "conversion");
  const fired = await conversions();
  expect(fired).toHaveLength(1);
  expect(fired[0]?.[2]).toMatchObject({ value: 1, currency: "USD" });
});

test("without gtag the page loads without errors", async ({ page }) => {
  await page.goto("/thank-you");
  await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`/thank-you has no axe violations at ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/thank-you");
    await expect(page.getByRole("heading", { level: 1, name: "Thank You!" })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
