import { MESSAGES } from "../src/domain/messages";
import { VIEWPORTS, expect, expectNoAxeViolations, test, uniqueEmail } from "./fixtures";
import {
  fillContactStep,
  fillFacilityStep,
  fillNeedsStep,
  next,
  openLanding,
  submit,
  waitLikeAPerson,
} from "./landing-helpers";

for (const [name, viewport] of Object.entries(VIEWPORTS)) {
  test(`no axe violations at ${viewport.width} px (${name}): every step, with errors, and in the success state`, async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const shownAt = Date.now();
    await page.setViewportSize(viewport);
    await openLanding(page);
    await expectNoAxeViolations(page, "step 1");

    await next(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toBeFocused();
    await expectNoAxeViolations(page, "step 1 with errors");

    await fillFacilityStep(page);
    await next(page).click();
    await expectNoAxeViolations(page, "step 2");
    await next(page).focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("alert")).toContainText(MESSAGES.rolesRequired);
    await expectNoAxeViolations(page, "step 2 with errors");

    await fillNeedsStep(page);
    await next(page).click();
    await expectNoAxeViolations(page, "step 3");
    await submit(page).click();
    await expect(page.getByRole("alert")).toContainText(MESSAGES.consentRequired);
    await expectNoAxeViolations(page, "step 3 with errors");

    if (name === "mobile") {
      await page.getByRole("button", { name: "How fast can we get started?" }).click();
      await expectNoAxeViolations(page, "FAQ item open");
    }

    await fillContactStep(page, uniqueEmail(`axe-${name}`));
    await waitLikeAPerson(page, shownAt);
    await submit(page).click();
    await expect(page.getByRole("region", { name: /thank you/i })).toBeFocused();
    await expectNoAxeViolations(page, "success");
  });
}

test("keyboard only: from the hero's demo button to the Thank You panel", async ({ page }) => {
  test.setTimeout(60_000);
  const shownAt = Date.now();
  await openLanding(page);
  // Tab from the top of the page to the hero's demo button.
  for (let i = 0; i < 10; i++) {
    await page.keyboard.press("Tab");
    if (await page.getByRole("button", { name: "Get My Free Demo" }).evaluate((el) => el === document.activeElement))
      break;
  }
  await expect(page.getByRole("button", { name: "Get My Free Demo" })).toBeFocused();
  await page.keyboard.press("Enter");

  // Step 1: the focus is in the form's first field.
  await expect(page.getByLabel("Facility name")).toBeFocused();
  await page.keyboard.type("Keyboard Care Home");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Facility type")).toBeFocused();
  await page.keyboard.press("ArrowDown"); // Hospital
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Location (state)")).toBeFocused();
  await page.keyboard.type("Georgia");
  await expect(page.getByLabel("Location (state)")).toHaveValue("Georgia");
  await page.keyboard.press("Tab"); // Previous is disabled on step 1: straight to Next
  await expect(next(page)).toBeFocused();
  await page.keyboard.press("Enter");

  // Step 2: toggles with Space, urgency with the keyboard.
  await expect(page.getByRole("button", { name: "CNA", exact: true })).toBeFocused();
  await page.keyboard.press("Space");
  await expect(page.getByRole("button", { name: "CNA", exact: true })).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("Urgency: how soon do you need staff?")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("button", { name: "Day Shift" })).toBeFocused();
  await page.keyboard.press("Enter");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab"); // Previous, then Next
  await expect(next(page)).toBeFocused();
  await page.keyboard.press("Enter");

  // Step 3.
  await expect(page.getByLabel("First name")).toBeFocused();
  await page.keyboard.type("Kim");
  await page.keyboard.press("Tab");
  await page.keyboard.type("Lee");
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab"); // job title is optional
  await page.keyboard.type(uniqueEmail("keyboard"));
  await page.keyboard.press("Tab");
  await page.keyboard.type("5551234567");
  await page.keyboard.press("Tab");
  await expect(page.getByLabel("How did you hear about us?")).toBeFocused();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("checkbox")).toBeFocused();
  await page.keyboard.press("Space");
  await waitLikeAPerson(page, shownAt);
  await page.keyboard.press("Enter"); // submits the form from the checkbox

  await expect(page.getByRole("region", { name: /thank you/i })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Claim Your $50 Demo" })).toBeFocused();
});
