import { execSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect, expectNoAxeViolations, test } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { codeOf, enrolInPage } from "./staff-second-factor";
import { staffCli } from "./staff-helpers";

/**
 * The console's security (decision 0015) in a build configured with the Google tag and a chat widget
 * (a stand-in on 127.0.0.1 serves the widget's script), so that /staff is shown to load neither
 * while a public page of the same build does; then an admin's second factor from enrolment to a
 * sign-in with a code, and the new screens, each checked with axe.
 */
const BUILD_DIR = "build/e2e-console";
const PASSWORD = "journeys need a long passphrase";
const ADMIN = "owner@provider.example";
const TAG_ID = "G-E2ECONSOLE";

let standIn: Server;
let widgetOrigin: string;
let site: RunningServer;
const widgetRequests: string[] = [];

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(240_000);
  standIn = createServer((request, response) => {
    widgetRequests.push(request.url ?? "");
    response
      .writeHead(200, { "content-type": "text/javascript", "access-control-allow-origin": "*" })
      .end("window.__standInWidget = true;");
  });
  await new Promise<void>((resolve) => standIn.listen(0, "127.0.0.1", resolve));
  widgetOrigin = `http://127.0.0.1:${(standIn.address() as AddressInfo).port}`;
  const env = { VITE_GOOGLE_TAG_ID: TAG_ID, VITE_CHAT_WIDGET_SRC: `${widgetOrigin}/chat-widget.js` };
  execSync("npx react-router build", { env: { ...process.env, BUILD_DIR, ...env }, stdio: "ignore" });
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-console-security-"));
  await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
  site = await startServer({ BUILD_DIR, DATA_DIR: dataDir, ...env });
});

test.afterAll(async () => {
  await site?.stop();
  standIn?.closeAllConnections();
  await new Promise((resolve) => standIn?.close(resolve));
  rmSync(BUILD_DIR, { recursive: true, force: true });
});

test("/staff loads neither the Google tag nor the chat widget, and its CSP names neither origin", async ({ page }) => {
  const foreign: string[] = [];
  page.on("request", (request) => {
    if (!request.url().startsWith(site.baseURL) && !request.url().startsWith("data:")) foreign.push(request.url());
  });
  // No internet here: the tag's requests are answered empty, but they are seen.
  await page.route("https://www.googletagmanager.com/**", (route) =>
    route.fulfill({ status: 200, contentType: "text/javascript", body: "" }),
  );

  // The same build's public qualification page does load both (so this build is configured).
  await page.goto(`${site.baseURL}/qualify`);
  await expect
    .poll(() => foreign.some((url) => url.startsWith("https://www.googletagmanager.com/gtag/js?id=G-E2ECONSOLE")))
    .toBe(true);
  const publicCsp = (await page.request.get(`${site.baseURL}/qualify`)).headers()["content-security-policy"]!;
  expect(publicCsp).toContain("https://www.googletagmanager.com");
  expect(publicCsp).toContain(widgetOrigin);

  foreign.length = 0;
  widgetRequests.length = 0;
  const response = await page.goto(`${site.baseURL}/staff`);
  await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
  await page.waitForTimeout(1500); // the tag loads after the page is interactive: give it the time it would take
  expect(foreign).toEqual([]);
  expect(widgetRequests).toEqual([]);
  expect(await page.evaluate(() => typeof (window as { gtag?: unknown }).gtag)).toBe("undefined");
  const csp = response!.headers()["content-security-policy"]!;
  expect(csp).toContain("script-src 'self'");
  expect(csp).toContain("connect-src 'self';");
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).not.toContain("googletagmanager");
  expect(csp).not.toContain(widgetOrigin);
  expect(csp).not.toContain("https:");
});

test("an admin sets up a second factor at the first sign-in, then signs in with a code; the security screens pass axe", async ({
  page,
  consoleErrors,
}) => {
  test.setTimeout(90_000);
  const signInWithPassword = async () => {
    await page.goto(`${site.baseURL}/staff`);
    await page.getByLabel("Email").fill(ADMIN);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
  };
  await signInWithPassword();
  await expect(page.getByRole("heading", { name: "Set up a second factor" })).toBeVisible();
  await expectNoAxeViolations(page, "second-factor set-up");
  await page.getByLabel("Code from the app").fill("000000");
  await page.getByRole("button", { name: "Turn on the second factor" }).click();
  await expect(page.getByText("The code is not right, or there were too many tries.").first()).toBeVisible();
  const factor = await enrolInPage(page);
  await expectNoAxeViolations(page, "recovery codes");
  await page.getByRole("button", { name: "I have saved them: continue" }).click();
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();

  await page.getByRole("button", { name: "Sign out" }).click();
  await signInWithPassword();
  await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
  await expectNoAxeViolations(page, "code prompt");
  await page.getByLabel("Code", { exact: true }).fill("123456");
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("The code is not right, or there were too many tries.").first()).toBeVisible();
  await page.getByLabel("Code", { exact: true }).fill(codeOf(factor.secret, 1));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Export these leads as CSV" })).toBeVisible();

  await page.getByRole("link", { name: "Your security" }).click();
  await expect(page.getByText("A second factor is on for your account.")).toBeVisible();
  await expectNoAxeViolations(page, "your security");
  await page.getByLabel("Current password").fill("not my password at all");
  await page.getByLabel("New password").fill("an even longer new passphrase");
  await page.getByRole("button", { name: "Change password" }).click();
  await expect(page.getByText("Your current password is not right").first()).toBeVisible();
  await expectNoAxeViolations(page, "password change refused");

  await page.getByRole("link", { name: "Sign-in throttles" }).click();
  await expect(page.getByRole("heading", { name: "Sign-in throttles" })).toBeVisible();
  await expect(page.getByRole("button", { name: `Lift ${ADMIN} (password)` })).toBeVisible();
  await expectNoAxeViolations(page, "throttles");
  await page.getByRole("button", { name: `Lift ${ADMIN} (password)` }).click();
  await expect(page.getByRole("status").filter({ hasText: "Lifted." })).toBeVisible();

  await page.getByRole("link", { name: "Security log" }).click();
  await expect(page.getByRole("heading", { name: "Security log" })).toBeVisible();
  await expect(page.getByRole("cell", { name: `${ADMIN} (admin) set up a second factor.` })).toBeVisible();
  await page.getByLabel("Event").selectOption("throttle_lifted");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(
    page.getByRole("cell", { name: `${ADMIN} (admin) lifted the sign-in throttle of ${ADMIN}.` }),
  ).toBeVisible();
  await expect(page.getByRole("cell", { name: /set up a second factor/ })).toHaveCount(0);
  await expectNoAxeViolations(page, "security log");
  // The browser logs each refused code and password itself (400): those are expected, and only those.
  expect(consoleErrors.every((e) => e.includes("status of 400"))).toBe(true);
  consoleErrors.length = 0;
});
