import { expect, expectNoAxeViolations, test, VIEWPORTS, uniqueEmail } from "./fixtures";
import { QUALIFY_LEAD, fillContactStep, goToContactStep } from "./qualify-helpers";

test("opened directly: a generic greeting, what happens next, the chat, voice and phone", async ({ page }) => {
  await page.goto("/qualifying-chat");
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your interest!" })).toBeVisible();
  await expect(page.getByText(/A member of our team will call you to verify your role/)).toBeVisible();
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  await expect(page.getByRole("heading", { name: "Text Qualification Chat" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Start Voice Qualification" })).toHaveAttribute("href", "/voice-agent");
  await expect(page.getByRole("link", { name: "(888) 555-0142" }).first()).toHaveAttribute("href", "tel:+18885550142");
  expect(await page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex");
});

test("after the qualification submit: greets by first name and facility; a refresh shows the generic greeting", async ({
  page,
}) => {
  test.slow();
  await goToContactStep(page);
  await fillContactStep(page, uniqueEmail("chat"));
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  await expect(page).toHaveURL(/\/qualifying-chat$/);
  await expect(page.getByRole("heading", { level: 1, name: `Thank you, ${QUALIFY_LEAD.firstName}!` })).toBeVisible();
  await expect(page.getByText(`We have received the details for ${QUALIFY_LEAD.facilityName}.`)).toBeVisible();

  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Thank you for your interest!" })).toBeVisible();
  // The page's own words are generic again (the chat below resumes the lead's own session, greeting it by name once it loads).
  await expect(page.getByText(`We have received the details for ${QUALIFY_LEAD.facilityName}.`)).toHaveCount(0);
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
