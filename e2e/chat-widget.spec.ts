import { expect, expectNoAxeViolations, test, VIEWPORTS } from "./fixtures";

/**
 * The voice page in the default build, where neither voice nor the chat widget is configured:
 * voice says so and offers the chat and the phone number; the chat is our own.
 */
for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`${name}: unconfigured voice says what to do instead, and the chat is our own`, async ({ page }) => {
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

    // No widget configured: our own chat, which asks who the visitor is first (no lead in this browser).
    const chat = page.getByRole("region", { name: "Text chat" });
    await expect(chat.getByRole("heading", { name: "Before we start" })).toBeVisible();
    await expect(chat.getByRole("button", { name: "Start the chat" })).toBeVisible();
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
