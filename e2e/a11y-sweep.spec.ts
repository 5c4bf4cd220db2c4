import type { Page } from "@playwright/test";
import { FAQ_ITEMS } from "../src/web/content/faq";
import { VIEWPORTS, expect, expectNoAxeViolations, test } from "./fixtures";
import {
  LEAD_FORM,
  fillContactStep,
  fillFacilityStep,
  fillNeedsStep,
  next,
  openLanding,
  submit,
} from "./landing-helpers";
import {
  fillContactStep as fillQualifyContact,
  fillFacilityStep as fillQualifyFacility,
  fillNeedsStep as fillQualifyNeeds,
} from "./qualify-helpers";

/**
 * The accessibility sweep: every route and every interactive state a real browser can
 * reach, at 375 px and 1280 px, against WCAG 2.2 A and AA. The API is answered by the test
 * (page.route) so the sweep neither stores leads nor depends on timing.
 */

const answerCreated = (page: Page, path: string) =>
  page.route(`**${path}`, (route) =>
    route.fulfill({ status: 201, contentType: "application/json", body: '{"id":"sweep"}' }),
  );

/** Presses an aria-disabled Next the way a keyboard user does: it explains what is missing. */
async function pressNext(page: Page) {
  await next(page).focus();
  await page.keyboard.press("Enter");
  await expect(page.locator(LEAD_FORM).getByRole("alert")).toBeFocused();
}

for (const [width, viewport] of Object.entries(VIEWPORTS)) {
  test.describe(`at ${viewport.width} px (${width})`, () => {
    test.use({ viewport });
    test.slow();

    test("static pages: privacy, thank-you, qualifying-chat, voice-agent, confirm-email, stop-contacting, not found", async ({
      page,
      consoleErrors,
    }) => {
      for (const path of [
        "/privacy",
        "/thank-you",
        "/qualifying-chat",
        "/voice-agent",
        "/confirm-email",
        "/stop-contacting",
      ]) {
        await page.goto(path);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await expectNoAxeViolations(page, path);
      }
      await page.goto("/no-such-page");
      await expectNoAxeViolations(page, "not found");
      consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 404")));
    });

    test("landing page: FAQ open and closed, every step with its errors, the Thank You panel", async ({ page }) => {
      await answerCreated(page, "/api/leads");
      await openLanding(page);
      await expectNoAxeViolations(page, "/ initial");

      const question = page.getByRole("button", { name: FAQ_ITEMS[0]!.question });
      if (await question.isVisible()) {
        await question.click(); // the mobile accordion
        await expect(question).toHaveAttribute("aria-expanded", "true");
        await expectNoAxeViolations(page, "/ FAQ open");
      }

      await pressNext(page);
      await expectNoAxeViolations(page, "/ step 1 with errors");
      await fillFacilityStep(page);
      await next(page).click();
      await pressNext(page);
      await expectNoAxeViolations(page, "/ step 2 with errors");
      await fillNeedsStep(page);
      await next(page).click();
      await submit(page).click();
      await expect(page.locator(LEAD_FORM).getByRole("alert")).toBeFocused();
      await expectNoAxeViolations(page, "/ step 3 with errors");

      await fillContactStep(page, "sweep@example.com");
      await submit(page).click();
      await expect(page.getByRole("link", { name: "Claim Your $50 Demo" })).toBeVisible();
      await expectNoAxeViolations(page, "/ Thank You panel");
    });

    test("qualification page: every step, the nurse dialog empty, with errors and after success", async ({ page }) => {
      await answerCreated(page, "/api/nurse-applications");
      await page.goto("/qualify");
      await expectNoAxeViolations(page, "/qualify step 1");
      await fillQualifyFacility(page);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("heading", { name: "What are your staffing needs?" })).toBeVisible();
      await expectNoAxeViolations(page, "/qualify step 2");
      await fillQualifyNeeds(page);
      await page.getByRole("button", { name: "Next" }).click();
      await expect(page.getByRole("heading", { name: "Almost done!" })).toBeVisible();
      await fillQualifyContact(page, "sweep@example.com");
      await expectNoAxeViolations(page, "/qualify step 3 filled");

      await page.getByRole("button", { name: "click here to apply" }).click();
      const dialog = page.getByRole("dialog", { name: /Talent Network/ });
      await expect(dialog).toBeVisible();
      await expectNoAxeViolations(page, "nurse dialog open");
      await dialog.getByRole("button", { name: "Submit Application" }).click();
      await expect(dialog.getByText("First name is required")).toBeVisible();
      await expectNoAxeViolations(page, "nurse dialog with errors");

      await dialog.getByLabel("First name").fill("Ana");
      await dialog.getByLabel("Last name").fill("Lopez");
      await dialog.getByLabel("Email").fill("ana@example.com");
      await dialog.getByLabel("Phone number").fill("5552223333");
      await dialog.getByLabel("Zip code").fill("30009");
      await dialog.getByLabel("Classification").selectOption("RN");
      await dialog.getByLabel("Desired job location").selectOption("Georgia");
      await dialog.getByRole("button", { name: "Submit Application" }).click();
      await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
      await expectNoAxeViolations(page, "nurse dialog success");
    });
  });
}
