import type { Page } from "@playwright/test";
import { MESSAGES } from "../src/domain/messages";
import { expect, isHydrated, storedLead, test, uniqueEmail } from "./fixtures";
import {
  fillContactStep as fillLandingContactStep,
  fillFacilityStep as fillLandingFacilityStep,
  fillNeedsStep as fillLandingNeedsStep,
  next,
  submit,
  waitLikeAPerson,
} from "./landing-helpers";
import { fillContactStep, fillFacilityStep, fillNeedsStep, QUALIFY_LEAD } from "./qualify-helpers";

/**
 * A visitor on a slow phone sees the prerendered page before its JavaScript has run, and may act
 * at once. Nothing they do then may be lost or leak: a press is kept and honoured once the page
 * has hydrated (a demo button acts at once; lib/early-interactions.ts), what they typed or picked
 * reaches the form (components/use-value-shown-on-mount.ts) and survives a refresh, and no form is
 * submitted natively (which would put the fields into the address bar;
 * lib/early-interactions.test.ts covers that case).
 *
 * The page's scripts are held back here until the test lets them through.
 */
async function holdScripts(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route("**/assets/*.js", async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

test("a button pressed before hydration does its work once the page hydrates", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/qualify");
  await page.getByRole("button", { name: "click here to apply" }).click();
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  release();
  await expect(page.getByRole("dialog", { name: /Talent Network/ })).toBeVisible();
});

test("fields filled before hydration reach the form, and Next then works", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/qualify");
  await fillFacilityStep(page);
  expect(await isHydrated(page)).toBe(false);
  release();
  await expect(page.getByRole("button", { name: "Next" })).toBeEnabled();
  await page.getByRole("button", { name: "Next" }).click();
  await expect(page.getByRole("heading", { name: "What are your staffing needs?" })).toBeVisible();
  await page.getByRole("button", { name: "Previous" }).click();
  await expect(page.getByLabel("Facility name")).toHaveValue(QUALIFY_LEAD.facilityName);
  await expect(page.getByLabel("Location (state)")).toHaveValue("Georgia");
  expect(new URL(page.url()).search).toBe("");
});

test("on the landing page, Next tapped over a filled-in step before hydration moves on once hydrated", async ({
  page,
}) => {
  const release = await holdScripts(page);
  await page.goto("/");
  await fillLandingFacilityStep(page);
  // A person taps what they see, clear of the sticky bar; Next looks unavailable until the page
  // knows the step is done, so Playwright would wait: force the tap.
  await next(page).evaluate((button) => button.scrollIntoView({ block: "center", behavior: "instant" }));
  await next(page).click({ force: true });
  expect(await isHydrated(page)).toBe(false);
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "1");
  release();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  expect(new URL(page.url()).search).toBe("");
});

test("what was typed before hydration survives a refresh, and the form has it once hydrated", async ({ page }) => {
  const release = await holdScripts(page);
  await page.goto("/");
  await page.getByLabel("Facility name").fill(QUALIFY_LEAD.facilityName);
  await page.getByLabel("Location (state)").selectOption("Georgia");
  await page.reload();
  await expect(page.getByLabel("Facility name")).toHaveValue(QUALIFY_LEAD.facilityName);
  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page.getByLabel("Location (state)")).toHaveValue("Georgia");
  await page.getByLabel("Facility type").selectOption({ label: "Nursing Home" });
  await next(page).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
});

test("a demo button pressed before hydration brings the form into view at once", async ({ page }) => {
  await page.emulateMedia({ reducedMotion: "reduce" });
  const release = await holdScripts(page);
  await page.goto("/");
  await page.getByRole("button", { name: "Book My Demo" }).click();
  expect(await isHydrated(page)).toBe(false);
  // No waiting: the form is in view and its first field focused as the press lands.
  const inView = await page.evaluate(() => {
    const rect = document.getElementById("facilityName")!.getBoundingClientRect();
    return rect.top >= 0 && rect.bottom <= window.innerHeight && document.activeElement?.id === "facilityName";
  });
  expect(inView).toBe(true);
  release();
  await expect.poll(() => isHydrated(page)).toBe(true);
  await expect(page.getByLabel("Facility name")).toBeFocused();
});

/**
 * Typing, key by key, into the first field from the moment the page shows: half of it while the
 * scripts are held back, the rest while the page hydrates on a CPU slowed 4x (its parts hydrate
 * one by one, decision 0019). Every key must be in the field and in the form's state: the form
 * then validates (a bad e-mail refused on /, the steps gated on /qualify) and the lead it sends
 * carries the whole name.
 */
const TYPED_NAME = "Sunrise Care Center of Atlanta";

async function typeWhileHydrating(page: Page, path: string) {
  const release = await holdScripts(page);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 4 });
  await page.goto(path);
  const field = page.getByLabel("Facility name");
  await field.click();
  await field.pressSequentially(TYPED_NAME.slice(0, 12), { delay: 20 });
  expect(await isHydrated(page)).toBe(false);
  release();
  await field.pressSequentially(TYPED_NAME.slice(12), { delay: 120 });
  await expect.poll(() => isHydrated(page)).toBe(true);
  await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
  await expect(field).toHaveValue(TYPED_NAME);
}

test("on the landing page, every key typed while the page loads reaches the form, which then validates and sends", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  const shownAt = Date.now();
  await typeWhileHydrating(page, "/");
  await page.getByLabel("Facility type").selectOption({ label: "Nursing Home" });
  await page.getByLabel("Location (state)").selectOption("Georgia");
  await next(page).click();
  await expect(page.getByRole("progressbar")).toHaveAttribute("aria-valuenow", "2");
  await fillLandingNeedsStep(page);
  await next(page).click();
  const email = uniqueEmail("typed-early");
  await fillLandingContactStep(page, "not-an-email");
  await submit(page).click();
  await expect(page.getByLabel("Email")).toHaveAccessibleDescription(MESSAGES.emailInvalid);
  await page.getByLabel("Email").fill(email);
  await waitLikeAPerson(page, shownAt);
  await submit(page).click();
  await expect(page.getByRole("region", { name: /thank you/i })).toBeFocused();
  expect(await storedLead(baseURL!, email)).toMatchObject({ facilityName: TYPED_NAME });
});

test("on /qualify, every key typed while the page loads reaches the form, which then validates and sends", async ({
  page,
  baseURL,
}) => {
  test.setTimeout(90_000);
  await typeWhileHydrating(page, "/qualify");
  // This form is gated (spec 5.4): Next waits for the whole step, the typed name included.
  const nextButton = page.getByRole("button", { name: "Next" });
  await page.getByLabel("Facility type").selectOption({ label: "Skilled Nursing Facility" });
  await expect(nextButton).toBeDisabled();
  await page.getByLabel("Location (state)").selectOption({ label: "Georgia" });
  await expect(nextButton).toBeEnabled();
  await nextButton.click();
  await fillNeedsStep(page);
  await nextButton.click();
  const email = uniqueEmail("typed-early");
  await fillContactStep(page, email);
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  await expect(page).toHaveURL(/\/qualifying-chat$/);
  await expect(page.getByText(`We have received the details for ${TYPED_NAME}.`)).toBeVisible();
  expect(await storedLead(baseURL!, email)).toMatchObject({ facilityName: TYPED_NAME });
  expect(QUALIFY_LEAD.facilityName).not.toBe(TYPED_NAME);
});
