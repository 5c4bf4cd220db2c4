import { expect, expectNoAxeViolations } from "./fixtures";
import { ADMIN, PASSWORD, signIn, test, WORKER } from "./staff-console-server";

/**
 * Accounts in the console in Chromium (decision 0012): refused to staff in words, added, disabled
 * and a password reset by an admin.
 */
test.describe.configure({ mode: "serial" });

test("staff cannot manage accounts; an admin adds and disables one", async ({ consoleServer, page, browser }) => {
  // Two sign-ins (each a password hash), three axe scans and a reset: past 30 s on a loaded machine.
  test.slow();
  await signIn(page, WORKER);
  await expect(page.getByRole("link", { name: "Accounts" })).toHaveCount(0);
  await page.goto("/staff?view=accounts");
  // The accounts page says it is for admins, at its own address (decision 0035), with the way back.
  await expect(page.getByRole("heading", { name: "Only admins can see the accounts" })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/accounts$/);
  expect((await page.request.get("/api/staff/accounts")).status()).toBe(403);

  const adminContext = await browser.newContext({ baseURL: consoleServer.baseURL });
  const admin = await adminContext.newPage();
  await signIn(admin, ADMIN);
  await admin.getByRole("link", { name: "Accounts" }).click();
  await expect(admin.getByRole("table", { name: "Staff accounts" })).toBeVisible();
  await admin.getByLabel("Email").fill("new.hire@provider.example");
  await admin.getByLabel("Password", { exact: true }).fill("password1234");
  await admin.getByRole("button", { name: "Add account" }).click();
  await expect(
    admin.getByText("This password is on a list of common passwords. Choose another one.").first(),
  ).toBeVisible();
  await admin.getByLabel("Password", { exact: true }).fill("a new hire's long passphrase");
  await admin.getByRole("button", { name: "Add account" }).click();
  await expect(admin.getByRole("status").filter({ hasText: "Added new.hire@provider.example." })).toBeVisible();
  await expectNoAxeViolations(admin, "accounts");
  await admin.getByRole("button", { name: "Disable new.hire@provider.example" }).click();
  await admin.getByRole("dialog").getByRole("button", { name: "Confirm" }).click();
  await expect(admin.getByRole("row", { name: /new\.hire@provider\.example/ }).getByText("Disabled")).toBeVisible();
  // A password reset by an admin (decision 0015): the worker's session ends.
  await admin.getByLabel("Account", { exact: true }).selectOption({ label: WORKER });
  await admin.getByLabel(`New password for ${WORKER}`).fill(PASSWORD); // the same one: later journeys sign in with it
  await admin.getByRole("button", { name: "Reset password" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: `The password of ${WORKER} is reset and its sessions are ended.` }),
  ).toBeVisible();
  await expectNoAxeViolations(admin, "accounts after a reset");
  expect((await page.request.get("/api/staff/leads")).status()).toBe(401);
  await adminContext.close();
});
