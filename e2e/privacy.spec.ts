import { siteConfig } from "../src/web/site-config";
import { VIEWPORTS, expect, expectNoAxeViolations, test } from "./fixtures";

test("the privacy page says what the forms collect, why, who receives it, for how long, and how to ask for deletion", async ({
  page,
  request,
}) => {
  const raw = await request.get("/privacy");
  expect(raw.status()).toBe(200);
  expect(await raw.text()).toContain("What our forms collect");

  await page.goto("/privacy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  for (const heading of [
    "What our forms collect",
    "Why we collect it",
    "Who receives it",
    "How long we keep it",
    "Ask for a copy or for deletion",
  ]) {
    await expect(page.getByRole("heading", { level: 2, name: heading })).toBeVisible();
  }
  await expect(page.getByRole("main")).toContainText(siteConfig.brandName);
  await expect(page.getByRole("main").getByRole("link", { name: siteConfig.email })).toHaveAttribute(
    "href",
    `mailto:${siteConfig.email}`,
  );
  await expect(page.getByRole("button", { name: "Back to Home" })).toBeVisible();
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`the privacy page has no axe violations at ${viewport.width} px (${name})`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/privacy");
    await expectNoAxeViolations(page);
  });
}
