import type { Locator, Page } from "@playwright/test";
import { expect, test, uniqueEmail } from "./fixtures";
import * as landing from "./landing-helpers";
import { openDialog } from "./nurse-helpers";
import * as qualify from "./qualify-helpers";

/**
 * A number given with the US country code keeps its last ten digits in every phone field,
 * whether typed, pasted or filled in at once (as autofill does): never (140) 455-5123.
 */
const WITH_COUNTRY_CODE = ["+1 404 555 1234", "1-404-555-1234"];
const SHOWN = "(404) 555-1234";

test.use({ permissions: ["clipboard-read", "clipboard-write"] });

async function expectCountryCodeKept(page: Page, phone: Locator) {
  for (const number of WITH_COUNTRY_CODE) {
    await phone.clear();
    await phone.pressSequentially(number);
    await expect(phone, `typed ${number}`).toHaveValue(SHOWN);

    await phone.clear();
    await page.evaluate((text) => navigator.clipboard.writeText(text), number);
    await phone.focus();
    await page.keyboard.press("ControlOrMeta+V");
    await expect(phone, `pasted ${number}`).toHaveValue(SHOWN);

    await phone.fill(number);
    await expect(phone, `filled ${number}`).toHaveValue(SHOWN);
  }
  // The ten-digit rule is otherwise unchanged: ten digits starting with 1 stay as they are.
  await phone.fill("1404555123");
  await expect(phone).toHaveValue("(140) 455-5123");
  await expect(phone).toHaveAttribute("maxlength", "14");
}

test("the landing form's phone field", async ({ page }) => {
  await landing.openLanding(page);
  await landing.goToContactStep(page);
  await expectCountryCodeKept(page, page.getByLabel("Phone number"));
});

test("the qualification page's phone field, whose Submit then opens", async ({ page }) => {
  await qualify.goToContactStep(page);
  await qualify.fillContactStep(page, uniqueEmail("country-code"));
  await expectCountryCodeKept(page, page.getByLabel("Phone number"));
  await page.getByLabel("Phone number").fill("+1 404 555 1234");
  await expect(page.getByRole("button", { name: "Submit & Qualify" })).toBeEnabled();
});

test("the nurse application's phone field", async ({ page }) => {
  const dialog = await openDialog(page);
  await expectCountryCodeKept(page, dialog.getByLabel("Phone number"));
});
