import { expect, expectNoAxeViolations, test, VIEWPORTS } from "./fixtures";

/**
 * The voice page in the default build, where neither voice nor the chat widget is configured:
 * both say so and offer the phone number and the other way, with nothing half-on.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: unconfigured voice and chat say what to do instead`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await page.goto("/voice-agent");

    await expect(page.getByRole("heading", { level: 1, name: "Get Qualified - Text or Voice" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Back to Home" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Voice Qualification" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Ready to Start?" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "What to Expect" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Text Qualification Chat" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Instructions" })).toBeVisible();

    const start = page.getByRole("button", { name: "Start Voice Qualification" });
    await expect(start).toBeDisabled();
    await expect(page.getByText("Voice qualification is unavailable right now.")).toBeVisible();

    const chat = page.getByRole("region", { name: "Text chat" });
    await expect(chat.getByText("Text chat is not available right now.")).toBeVisible();
    await expect(chat.getByRole("link", { name: "(888) 555-0142" })).toHaveAttribute("href", "tel:+18885550142");
    await chat.getByRole("link", { name: "voice qualification" }).click();
    await expect(page).toHaveURL(/#voice-qualification$/);
    const box = await chat.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(500);
    expect(box!.height).toBeLessThanOrEqual(700);
    expect(await page.locator("script[src*='chat']").count()).toBe(0);

    await expectNoAxeViolations(page, `${name} unconfigured`);
  });
}

test("Back to Home leads to the home page", async ({ page }) => {
  await page.goto("/voice-agent");
  await page.getByRole("button", { name: "Back to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
});
