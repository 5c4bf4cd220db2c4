import type { Page } from "@playwright/test";
import { expect, isHydrated, test } from "./fixtures";
import { fillFacilityStep as fillLandingFacilityStep, next } from "./landing-helpers";
import { fillFacilityStep, QUALIFY_LEAD } from "./qualify-helpers";

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

test("on the landing page, Next tapped over a filled-in step before hydration moves on once hydrated", async ({ page }) => {
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
