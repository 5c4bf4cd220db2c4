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
 * The console tells the truth about each lead, in Chromium: a person's decision is
 * where the lead stands everywhere, the filter fields follow the address after Back, the menu
 * folds on a phone, and no page shows a raw value (an ISO timestamp, a UUID, a snake_case or a
 * kind:value token) at 1280 or 390 px, as admin or as staff.
 */

const PASSWORD = "journeys need a long passphrase";
const ADMIN = "admin@provider.example";
const WORKER = "worker@provider.example";
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

let server: RunningServer;
const test = base.extend<object, { truthServer: RunningServer }>({
  truthServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-truth-"));
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      server = await startServer({ DATA_DIR: dataDir });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ truthServer }, use) => use(truthServer.baseURL),
});
test.describe.configure({ mode: "serial" });

let admin = false;
async function signIn(page: Page, email: string) {
  await submitSignIn(page, email, PASSWORD);
  if (email === ADMIN && !admin) {
    await enrolInPage(page);
    await page.getByRole("button", { name: "I have saved them: continue" }).click();
    admin = true;
  }
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
}

const shot = (page: Page, name: string) =>
  page.screenshot({ path: test.info().outputPath(`${name}.png`), fullPage: true });

/** Opens a view from the menu (folded into one button below 640 px). */
async function openView(page: Page, name: string) {
  // By the screen's width, not `isVisible()`: that answers at once, before the console (rendered
  // after its client loader) shows the menu at all.
  if ((page.viewportSize()?.width ?? DESKTOP.width) < 640) await page.getByRole("button", { name: /^Menu/ }).click();
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name, exact: true }).click();
}

/** What a person sees, with e-mail addresses and web addresses left out (they are the lead's own words). */
const visibleText = (page: Page) =>
  page.evaluate(() =>
    document.body.innerText.replace(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g, " ").replace(/https?:\/\/\S+/g, " "),
  );

const RAW = [
  ["an ISO timestamp", /\d{4}-\d\d-\d\dT\d\d:\d\d/],
  ["a UUID", /\b[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\b/i],
  ["a snake_case token", /\b[a-z]+_[a-z0-9_]+\b/],
  ["a kind:value token", /\b[a-z]+:[a-z_]+\b/],
] as const;

async function expectNoRawValues(page: Page, where: string) {
  const text = await visibleText(page);
  for (const [what, pattern] of RAW) {
    const found = text.match(pattern)?.[0];
    expect(found, `${where} shows ${what}: "${found}"`).toBeUndefined();
  }
}

let verifiedId = "";
let declinedId = "";
let optedOutId = "";

test("a person verifies a lead the automatic check left to a person: the header, Verification, the list and the Due view say so, by whom", async ({
  page,
}) => {
  verifiedId = await postLead(
    server.baseURL,
    homepageLead({
      email: "vera.verified@sunrise.example",
      phone: "5550005151",
      firstName: "Vera",
      lastName: "Verified",
    }),
  );
  declinedId = await postLead(
    server.baseURL,
    homepageLead({ email: "dex.declined@gmail.com", phone: "5550005252", firstName: "Dex", lastName: "Declined" }),
  );
  optedOutId = await postLead(
    server.baseURL,
    homepageLead({ email: "olga.optout@sunrise.example", phone: "5550005353", firstName: "Olga", lastName: "Optout" }),
  );
  const optOut = await fetch(`${server.baseURL}/api/admin/privacy/opt-out`, {
    method: "POST",
    headers: { authorization: `Bearer ${E2E_ADMIN_TOKEN}`, "content-type": "application/json" },
    body: JSON.stringify({ subject: "olga.optout@sunrise.example", reference: "TICKET-50" }),
  });
  expect(optOut.status).toBeLessThan(300);

  await page.setViewportSize(DESKTOP);
  await signIn(page, WORKER);
  await page.goto("/staff/due");
  await expect(page.getByRole("link", { name: "Open lead Vera Verified" })).toBeVisible();

  await page.goto(`/staff/leads/${verifiedId}`);
  await verifyRole(page, "Phone call to the facility", "Called the front desk: she is the administrator");
  const sentence = new RegExp(`Verified by ${WORKER.replace(".", "\\.")} on \\w{3} \\d{1,2} \\(called the facility\\)`);
  await expect(page.getByText(/^Role: /)).toHaveText(sentence);
  const verification = page.getByRole("region", { name: "Verification" });
  await expect(verification.getByText(sentence)).toBeVisible();
  await expect(verification.getByRole("form", { name: /Decline the role|Verify or decline the role/ })).toHaveCount(0);
  await expect(verification).not.toContainText("Needs a person to verify the role");

  await page.goto("/staff?q=vera");
  await expect(page.getByRole("row", { name: /Vera Verified/ })).toContainText(sentence);
  await page.goto("/staff/due");
  await expect(page.getByRole("link", { name: "Open lead Vera Verified" })).toHaveCount(0);

  // Declined: the same everywhere, and no form for it remains.
  await page.goto(`/staff/leads/${declinedId}`);
  const form = page.getByRole("form", { name: "Verify or decline the role" });
  await form.getByLabel("Decision").selectOption({ label: "Decline" });
  await form.getByLabel("Why it is declined").selectOption({ label: "Not a decision-maker" });
  await form.getByLabel("What you checked").fill("A scheduler, not the administrator");
  await form.getByRole("button", { name: "Record the decision" }).click();
  await expect(page.getByText(/^Role: Declined: not a decision maker \(by /)).toBeVisible();
  await expect(page.getByRole("form", { name: /Verify or decline the role|Decline the role/ })).toHaveCount(0);

  // Do not contact: a badge in the list, and no call actions on the lead.
  await page.goto("/staff?q=olga");
  await expect(page.getByRole("row", { name: /Olga Optout/ })).toContainText("Do not contact");
  await page.goto(`/staff/leads/${optedOutId}`);
  await expect(page.getByRole("button", { name: "Mark as qualified after a call" })).toHaveCount(0);
  await shot(page, "opted-out-1280");
});

test("two searches, then Back: the field holds the first search, as the address and the list do", async ({ page }) => {
  await page.setViewportSize(DESKTOP);
  await signIn(page, WORKER);
  const search = page.getByRole("searchbox", { name: /Search leads/ });
  await search.fill("vera");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=vera/);
  await expect(page.getByRole("link", { name: "Open lead Vera Verified" })).toBeVisible();
  await search.fill("dex");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/q=dex/);
  await expect(page.getByRole("link", { name: "Open lead Dex Declined" })).toBeVisible();

  await page.goBack();
  await expect(page).toHaveURL(/q=vera/);
  await expect(page.getByRole("link", { name: "Open lead Vera Verified" })).toBeVisible();
  await expect(search).toHaveValue("vera");
  await page.goForward();
  await expect(page).toHaveURL(/q=dex/);
  await expect(search).toHaveValue("dex");
  await page.reload();
  await expect(search).toHaveValue("dex");
});

test("the menu folds into one control on a phone, and opens with the keyboard", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page, WORKER);
  const menu = page.getByRole("button", { name: "Menu · Leads" });
  await expect(menu).toHaveAttribute("aria-expanded", "false");
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link")).toHaveCount(0);
  await menu.focus();
  await page.keyboard.press("Enter");
  await expect(menu).toHaveAttribute("aria-expanded", "true");
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" })).toBeVisible();
  await expectNoAxeViolations(page, "the menu open at 390 px");
  await shot(page, "menu-open-390");
});

for (const [who, email] of [
  ["staff", WORKER],
  ["an admin", ADMIN],
] as const) {
  test(`every console page in staff's words at 1280 and 390 px, as ${who}`, async ({ page }) => {
    test.setTimeout(180_000); // a dozen pages and three leads, twice
    await page.setViewportSize(DESKTOP);
    await signIn(page, email);
    const views = ["Leads", "Due", "Calls", "Nurse applications", "Reports", "Approvals", "Your security"];
    if (email === ADMIN) views.push("Accounts", "Security log", "Sign-in throttles", "Privacy");
    const leads = [verifiedId, declinedId, optedOutId].map((id) => `/staff/leads/${id}`);
    for (const size of [DESKTOP, PHONE] as const) {
      await page.setViewportSize(size);
      for (const view of views) {
        await page.goto("/staff");
        await openView(page, view);
        await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
        await page.waitForLoadState("networkidle");
        await expectNoRawValues(page, `${view} at ${size.width} px as ${who}`);
      }
      for (const path of leads) {
        await page.goto(path);
        await expect(page.getByRole("heading", { name: "Timeline" })).toBeVisible();
        await expectNoRawValues(page, `the lead ${path} at ${size.width} px as ${who}`);
      }
      await shot(page, `lead-${size.width}-${email === ADMIN ? "admin" : "staff"}`);
    }
  });
}
