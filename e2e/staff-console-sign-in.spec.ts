import { homepageLead } from "../src/server/test-support/test-fixtures";
import { VIEWPORTS, expect, expectNoAxeViolations } from "./fixtures";
import { PASSWORD, signIn, test, WORKER } from "./staff-console-server";
import { postLead } from "./staff-helpers";

/**
 * The console's door in Chromium (decision 0012): the prerendered shell holds no personal data, signing
 * out says so, and the sign-in and the list work at 375 px with the keyboard alone.
 */
test.describe.configure({ mode: "serial" });

test("/staff is a no-store, noindex shell with no personal data, not in the sitemap", async ({
  consoleServer,
  request,
}) => {
  await postLead(
    consoleServer.baseURL,
    homepageLead({ email: "shell.check@clinic.example", phone: "5550009999", firstName: "Shelly" }),
  );
  const response = await request.get("/staff");
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("no-store");
  expect(response.headers()["content-security-policy"]).toContain("default-src 'self'");
  const html = await response.text();
  expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  expect(html).toContain("Loading the console…");
  expect(html).not.toContain("shell.check@clinic.example");
  expect(html).not.toContain("Shelly");
  expect(await (await request.get("/sitemap.xml")).text()).not.toContain("/staff");
});

test("signed out, /staff asks to sign in again", async ({ page }) => {
  await signIn(page, WORKER);
  await page.getByRole("button", { name: "Sign out" }).click();
  await expect(page.getByText("You are signed out. Sign in again to continue.")).toBeVisible();
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
  await expectNoAxeViolations(page, "sign-in");
  expect((await page.request.get("/api/staff/leads")).status()).toBe(401);
});

test("works at 375 px with the keyboard alone", async ({ page }) => {
  await page.setViewportSize(VIEWPORTS.mobile);
  await page.goto("/staff");
  await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
  await page.getByLabel("Email").focus();
  await page.keyboard.type(WORKER);
  await page.keyboard.press("Tab");
  await page.keyboard.type(PASSWORD);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
  expect(overflow).toBe(false);
  await expectNoAxeViolations(page, "lead list at 375 px");
});
