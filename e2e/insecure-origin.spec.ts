import { adminGet, expect, test as base, uniqueEmail } from "./fixtures";
import { INSECURE_ORIGIN_LAUNCH_OPTIONS, insecureURL } from "./chromium";
import * as landing from "./landing-helpers";
import { fillValid, openDialog } from "./nurse-helpers";
import * as qualify from "./qualify-helpers";

/**
 * The forms on a plain-http host name (a staging or intranet address), where the page is not a
 * secure context and `crypto.randomUUID` does not exist: each one still submits and succeeds.
 * The server is the usual test server; its same-site Origin check accepts the request because
 * the Origin is the host the page was served from.
 */
const test = base.extend({
  baseURL: async ({}, use) => {
    await use(insecureURL(process.env.E2E_BASE_URL!));
  },
});
test.use({ launchOptions: INSECURE_ORIGIN_LAUNCH_OPTIONS });

const serverURL = () => process.env.E2E_BASE_URL!;

/** The browser's own note that it ignores the Cross-Origin-Opener-Policy header over plain http: expected here, and nothing of ours. */
const COOP_IGNORED = /Cross-Origin-Opener-Policy header has been ignored/;
test.afterEach(({ consoleErrors }) => {
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((error) => !COOP_IGNORED.test(error)));
});

test.beforeEach(async ({ page }) => {
  await page.goto("/privacy");
  // The premise: this origin is not a secure context, so randomUUID is missing.
  expect(await page.evaluate(() => [window.isSecureContext, typeof crypto.randomUUID])).toEqual([false, "undefined"]);
});

test("the qualification page submits and succeeds", async ({ page }) => {
  const email = uniqueEmail("insecure-qualify");
  await qualify.goToContactStep(page);
  await qualify.fillContactStep(page, email);
  const request = page.waitForRequest("**/api/leads");
  await page.getByRole("button", { name: "Submit & Qualify" }).click();
  expect((await request).headers()["idempotency-key"]).toMatch(
    /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
  );

  await expect(page).toHaveURL(/\/qualifying-chat$/);
  await expect(
    page.getByRole("heading", { level: 1, name: `Thank you, ${qualify.QUALIFY_LEAD.firstName}!` }),
  ).toBeVisible();
  const { leads } = await adminGet<{ leads: { email: string; form: string }[] }>(serverURL(), "leads");
  expect(leads.find((lead) => lead.email === email)).toMatchObject({ form: "qualify_page" });
});

test("the nurse application submits and succeeds", async ({ page }) => {
  const email = uniqueEmail("insecure-nurse");
  const dialog = await openDialog(page);
  await fillValid(page, email);
  await dialog.getByRole("button", { name: "Submit Application" }).click();

  await expect(dialog.getByRole("heading", { name: "Thank You!" })).toBeVisible();
  const { applications } = await adminGet<{ applications: { email: string }[] }>(serverURL(), "nurse-applications");
  expect(applications.find((application) => application.email === email)).toBeDefined();
});

test("the landing form submits and succeeds", async ({ page }) => {
  const email = uniqueEmail("insecure-landing");
  const shownAt = Date.now();
  await landing.openLanding(page);
  await landing.goToContactStep(page);
  await landing.fillContactStep(page, email);
  await landing.waitLikeAPerson(page, shownAt);
  await landing.submit(page).click();

  await expect(page.getByRole("region", { name: /thank you/i })).toBeFocused();
  const { leads } = await adminGet<{ leads: { email: string; form: string }[] }>(serverURL(), "leads");
  expect(leads.find((lead) => lead.email === email)).toMatchObject({ form: "homepage_form" });
});
