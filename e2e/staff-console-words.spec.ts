import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { E2E_ADMIN_TOKEN, startServer, type RunningServer } from "./server";
import { postLead, staffCli, submitSignIn, verifyRole } from "./staff-helpers";
import { enrolInPage } from "./staff-second-factor";

/**
 * The console in staff's words (decision 0035), in Chromium at 1280 and 390 px: one place to decide a
 * lead, the Due view's deciding reason, a page refused in words at its own address, the logs as
 * sentences, and lists that read on a phone without sideways scrolling.
 */

const PASSWORD = "journeys need a long passphrase";
const ADMIN = "admin@provider.example";
const WORKER = "worker@provider.example";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: RunningServer;
const test = base.extend<object, { wordsServer: RunningServer }>({
  wordsServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-words-"));
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      server = await startServer({ DATA_DIR: dataDir });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ wordsServer }, use) => use(wordsServer.baseURL),
});
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, email: string) {
  await submitSignIn(page, email, PASSWORD);
  if (email === ADMIN) {
    await enrolInPage(page);
    await page.getByRole("button", { name: "I have saved them: continue" }).click();
  }
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
}

/** The page is no wider than the window: nothing to scroll sideways. */
async function expectNoSidewaysScroll(page: Page, what: string) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  expect(scroll, `${what}: ${scroll} px of content in a ${width} px window`).toBeLessThanOrEqual(width);
}

/** A screenshot to look at (the test's output folder). */
const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

test("staff read the lead list, the Due view and a lead on a phone; the role is decided in one place", async ({
  page,
}) => {
  const leadId = await postLead(
    server.baseURL,
    homepageLead({
      email: "dana.words@sunrise.example",
      phone: "5550004242",
      facilityName: "Sunrise Nursing",
      firstName: "Dana",
      lastName: "Words",
    }),
  );
  await postLead(
    server.baseURL,
    homepageLead({ email: "gus.freemail@gmail.com", phone: "5550004343", firstName: "Gus", lastName: "Freemail" }),
  );
  await page.setViewportSize(PHONE);
  await signIn(page, WORKER);
  await expectNoSidewaysScroll(page, "lead list at 390 px");
  await expectNoAxeViolations(page, "lead list at 390 px");
  await shot(page, "lead-list-390");

  // Below 640 px the menu is one control: open it, then the view.
  await page.getByRole("button", { name: "Menu · Leads" }).click();
  await page.getByRole("link", { name: "Due", exact: true }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late" })).toBeVisible();
  await expect(page.getByRole("form", { name: "Filter leads" })).toHaveCount(0);
  await expect(page.getByRole("form", { name: "Choose what is due" }).getByRole("combobox")).toHaveCount(1);
  await expectNoSidewaysScroll(page, "Due view at 390 px");
  await expectNoAxeViolations(page, "Due view at 390 px");
  await shot(page, "due-390");

  await page.goto(`/staff/leads/${leadId}`);
  await expect(page.getByRole("heading", { name: "Dana Words", level: 1 })).toBeVisible();
  const next = page.getByRole("region", { name: "Next step" });
  await expect(next.getByRole("button", { name: "Mark as qualified after a call" })).toBeVisible();
  await expect(next.getByRole("button", { name: /Verify role|Reject lead/ })).toHaveCount(0);
  // The keyboard follows the pointer to the one place the role is decided.
  await next.getByRole("link", { name: "the Verification section" }).focus();
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(/#verification-heading$/);
  await expectNoSidewaysScroll(page, "lead page at 390 px");
  await expectNoAxeViolations(page, "lead page at 390 px");
  await shot(page, "lead-390");

  await page.setViewportSize(DESKTOP);
  await shot(page, "lead-1280");
  await verifyRole(page, "Phone call to the facility", "Called the front desk: she is the administrator");
  // A person's decision is where the lead stands; no form for the decided step remains.
  await expect(page.getByRole("form", { name: "Decline the role" })).toHaveCount(0);
  await expect(page.getByText(/^Role: Verified by worker@provider\.example on /)).toBeVisible();
  await expect(page.getByRole("region", { name: "Next step" }).getByRole("button")).toHaveText([
    "Record $50 gift card sent",
  ]);
});

test("a page for admins says so at its own address, with the way back", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, WORKER);
  for (const [path, words] of [
    ["/staff/security-log", "Only admins can see the security log"],
    ["/staff/privacy", "Only admins can see the privacy requests"],
    ["/staff/accounts", "Only admins can see the accounts"],
    ["/staff/throttles", "Only admins can see the sign-in throttles"],
  ] as const) {
    await page.goto(path);
    await expect(page.getByRole("heading", { name: words, level: 1 })).toBeFocused();
    await expect(page).toHaveURL(new RegExp(`${path}$`));
  }
  await expectNoAxeViolations(page, "a refused page");
  await expectNoSidewaysScroll(page, "a refused page at 390 px");
  await shot(page, "refused-390");
  await page.keyboard.press("Tab");
  await expect(page.getByRole("link", { name: "Back to the leads" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
});

test("admins read the security log and the privacy log as sentences, on a phone too", async ({ page }) => {
  const optOut = await fetch(`${server.baseURL}/api/admin/privacy/opt-out`, {
    method: "POST",
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ subject: "gus.freemail@gmail.com", reference: "TICKET-7" }),
  });
  expect(optOut.status).toBeLessThan(300);
  await page.setViewportSize(DESKTOP);
  await signIn(page, ADMIN);
  await page.getByRole("link", { name: "Security log" }).click();
  const log = page.getByRole("table", { name: "Security log" });
  await expect(
    log.getByRole("cell", { name: `${ADMIN} was added as an admin, set up from the server's command line.` }),
  ).toBeVisible();
  await expect(log.getByRole("cell", { name: `${WORKER} (staff) signed in.` }).first()).toBeVisible();
  await expect(log).not.toContainText("npm run staff");
  await expect(page.getByRole("columnheader", { name: "Rows" })).toHaveCount(0);
  await shot(page, "security-log-1280");
  await page.setViewportSize(PHONE);
  await expectNoSidewaysScroll(page, "security log at 390 px");
  await expectNoAxeViolations(page, "security log at 390 px");
  await shot(page, "security-log-390");

  await page.getByRole("button", { name: /^Menu/ }).click();
  await page.getByRole("link", { name: "Privacy" }).click();
  const requests = page.getByRole("table", { name: /Erasures, exports and opt-outs/ });
  await expect(
    requests.getByRole("cell", {
      name: "An administrator, through the admin API, recorded that a person asked not to be contacted: 1 record (reference TICKET-7).",
    }),
  ).toBeVisible();
  await expect(requests).not.toContainText("admin-token");
  await expectNoSidewaysScroll(page, "privacy at 390 px");
  await expectNoAxeViolations(page, "privacy at 390 px");
  await shot(page, "privacy-390");

  // The person who asked not to be contacted is no call due (and no verification due).
  await page.goto("/staff/due?due=call");
  await expect(page.getByRole("link", { name: "Open lead Gus Freemail" })).toHaveCount(0);
  await page.goto("/staff/accounts");
  await expectNoSidewaysScroll(page, "accounts at 390 px");
  await shot(page, "accounts-390");
});
