import { expect, expectNoAxeViolations, test, VIEWPORTS } from "./fixtures";

test("opened directly: a generic greeting, what happens next, the chat, voice and phone", async ({ page }) => {
  await page.goto("/qualifying-chat");
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your interest!" })).toBeVisible();
  await expect(page.getByText(/call you within 24 hours/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Text Qualification Chat" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Voice Qualification" })).toHaveAttribute("href", "/voice-agent");
  await expect(page.getByRole("link", { name: "(888) 555-0142" }).first()).toHaveAttribute("href", "tel:+18885550142");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
});

test("with navigation state: greets by first name and facility, also after a reload", async ({ page }) => {
  await page.goto("/");
  // A client-side navigation carrying state, as the qualification page does.
  await page.evaluate(() => {
    window.history.pushState({ usr: { firstName: "Dana", facilityName: "Sunrise Care" }, key: "t", idx: 1 }, "", "/qualifying-chat");
  });
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you, Dana!" })).toBeVisible();
  await expect(page.getByText("We have received the details for Sunrise Care.")).toBeVisible();
});

test("the voice link leads to /voice-agent", async ({ page }) => {
  await page.goto("/qualifying-chat");
  await page.getByRole("link", { name: "Start Voice Qualification" }).click();
  await expect(page).toHaveURL(/\/voice-agent$/);
});

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`/qualifying-chat has no axe violations at ${name}`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/qualifying-chat");
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expectNoAxeViolations(page);
  });
}
