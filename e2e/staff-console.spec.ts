import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { endOfCallReport, homepageLead, qualifyLead } from "../src/server/test-support/test-fixtures";
import { VIEWPORTS, expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { postLead, rowNames, staffCli, submitSignIn, takeStep, verifyRole } from "./staff-helpers";
import { enrolInPage } from "./staff-second-factor";

/**
 * The staff console in Chromium (issue 15), on a server of its own whose accounts come from the
 * command line (`npm run staff -- add`), as on a fresh clone.
 */

const PASSWORD = "journeys need a long passphrase";
const ADMIN = "admin@provider.example";
const WORKER = "worker@provider.example";
const VOICE_SECRET = "voice-secret-of-the-journey-1234";

let server: RunningServer;
const test = base.extend<object, { consoleServer: RunningServer }>({
  consoleServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-console-"));
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      server = await startServer({ DATA_DIR: dataDir, VOICE_WEBHOOK_SECRET: VOICE_SECRET });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ consoleServer }, use) => use(consoleServer.baseURL),
});
test.describe.configure({ mode: "serial" });

async function signIn(page: Page, email: string) {
  await submitSignIn(page, email, PASSWORD);
  // An admin sets up a second factor at the first sign-in (issue 20).
  if (email === ADMIN) {
    await enrolInPage(page);
    await page.getByRole("button", { name: "I have saved them: continue" }).click();
  }
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
}

test("/staff is a no-store, noindex shell with no personal data, not in the sitemap", async ({ request }) => {
  await postLead(
    server.baseURL,
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

test("staff signs in, finds a lead by e-mail and walks it from verification to the $250 bonus", async ({ page }) => {
  await postLead(
    server.baseURL,
    homepageLead({ email: "other.lead@clinic.example", phone: "5550001111", facilityName: "Other Clinic" }),
  );
  await postLead(
    server.baseURL,
    homepageLead({
      email: "dana.journey@sunrise.example",
      phone: "5550002222",
      facilityName: "Journey Care Center",
      firstName: "Dana",
      lastName: "Journey",
    }),
  );
  await signIn(page, WORKER);
  await expectNoAxeViolations(page, "lead list");

  await page.getByLabel("Search leads").fill("dana.journey@sunrise.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one lead
  await page.getByRole("link", { name: "Open lead Dana Journey" }).click();
  await expect(page.getByRole("heading", { name: "Dana Journey", level: 1 })).toBeVisible();
  await expect(page.getByText("The gift card can only be sent after the role is verified.")).toHaveCount(0);
  await expectNoAxeViolations(page, "lead page");

  await verifyRole(page, "Phone call to the facility", "Front desk confirmed she is the Director of Nursing");
  await takeStep(page, "Record $50 gift card sent", () => page.getByLabel("Card reference").fill("VISA-50-0001"));
  await takeStep(page, "Mark first shift filled");
  await takeStep(page, "Record $250 bonus sent", () => page.getByLabel("Card reference").fill("VISA-250-0001"));

  const timeline = page.getByRole("region", { name: "Timeline" });
  for (const text of [
    "Role verified",
    "Verified by: Phone call to the facility",
    "Note: Front desk confirmed she is the Director of Nursing",
    "Gift card sent ($50)",
    "Reference: VISA-50-0001",
    "Amount: $50",
    "First shift filled",
    "Bonus sent ($250)",
    "Amount: $250",
  ]) {
    await expect(timeline.getByText(text, { exact: true })).toBeVisible();
  }
  await expect(timeline.getByText(WORKER).first()).toBeVisible();
  await expect(page.getByText("This lead has reached the end of the pipeline.")).toBeVisible();
});

test("a step is explained when something is missing, and cancelled steps change nothing", async ({ page }) => {
  await postLead(
    server.baseURL,
    qualifyLead({ email: "cancel.me@lakeside.example", phone: "5550003333", firstName: "Cory", lastName: "Cancel" }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("cancel.me");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Cory Cancel" }).click();
  const decision = page.getByRole("form", { name: "Verify or decline the role" });
  await decision.getByRole("button", { name: "Record the decision" }).click();
  const summary = page.getByRole("alert").filter({ hasText: "There is a problem" });
  await expect(summary).toBeFocused();
  await expect(summary.getByRole("link", { name: "Choose to verify the role or to decline it." })).toBeVisible();
  await page.getByRole("button", { name: "Mark as qualified after a call" }).click();
  await page.getByRole("button", { name: "Review" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Cancel" }).click();
  await expect(page.getByRole("dialog")).toBeHidden();
  await expect(page.getByText("Nothing has been done to this lead yet.")).toBeVisible();
});

test("a likely duplicate is flagged before verification", async ({ page }) => {
  await postLead(
    server.baseURL,
    homepageLead({
      email: "first.dup@facility.example",
      phone: "5550004444",
      facilityName: "Twin Pines",
      location: "Ohio",
    }),
  );
  await postLead(
    server.baseURL,
    qualifyLead({
      email: "second.dup@gmail.com",
      phone: "5550004444",
      facilityName: "Elsewhere",
      location: "Texas",
      firstName: "Dup",
      lastName: "Licate",
    }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("second.dup@gmail.com");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Dup Licate" }).click();
  const flags = page.getByRole("region", { name: "Before verifying: likely duplicates and the e-mail address" });
  await expect(flags.getByText("Same phone as another lead")).toBeVisible();
  await expect(flags.getByText("Free-mail address (not a facility domain)")).toBeVisible();
});

test("a voice call's answers are shown as a chat's, with its summary and transcript", async ({ page }) => {
  const response = await fetch(`${server.baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(
      homepageLead({ email: "voice.call@facility.example", phone: "5550006666", firstName: "Vera", lastName: "Voice" }),
    ),
  });
  const lead = (await response.json()) as { id: string; qualificationToken: string };
  const structuredData = {
    role: "director_of_nursing",
    facilitySize: "200_plus",
    shiftFilling: "float_pool",
    openShifts: "60_plus",
    callTime: "evening",
    giftCardEmail: "",
  };
  const report = endOfCallReport(
    "journey-call",
    { analysis: { summary: "Vera runs a large nursing home.", structuredData } },
    { qualificationToken: lead.qualificationToken, leadId: lead.id },
  );
  const reported = await fetch(`${server.baseURL}/api/voice/events`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-vapi-secret": VOICE_SECRET },
    body: JSON.stringify(report),
  });
  expect(reported.status).toBe(200);
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("voice.call@facility.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await page.getByRole("link", { name: "Open lead Vera Voice" }).click();
  const qualification = page.getByRole("region", { name: "Qualification" });
  await expect(qualification.getByRole("heading", { name: "Voice call" })).toBeVisible();
  await expect(qualification.getByRole("heading", { name: "Answers" })).toBeVisible();
  const answer = (term: string) =>
    qualification.getByRole("term").filter({ hasText: term }).locator("xpath=following-sibling::dd[1]");
  await expect(answer("Your role")).toHaveText("Director of Nursing");
  await expect(answer("Facility size")).toHaveText("200 or more beds or residents");
  await expect(answer("Your biggest staffing challenge")).toHaveText("Skip this question");
  await expect(answer("Gift card e-mail address")).toHaveText("Use the e-mail address I gave you");
  await expect(qualification.getByText("Vera runs a large nursing home.")).toBeVisible();
  await qualification.getByText("Transcript").click();
  await expect(qualification.getByText(/User: I'm the administrator\./)).toBeVisible();
  await expectNoAxeViolations(page, "lead page with a voice call");
});

test("a lead whose fields hold HTML or script is shown as text", async ({ page }) => {
  let alerted = false;
  page.on("dialog", (dialog) => {
    alerted = true;
    void dialog.dismiss();
  });
  await postLead(
    server.baseURL,
    homepageLead({
      email: "xss@facility.example",
      phone: "5550005555",
      facilityName: '<img src=x onerror="alert(1)"> Care',
      firstName: "<b>Bold</b>",
      lastName: "Test",
    }),
  );
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("xss@facility.example");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page.getByText('<img src=x onerror="alert(1)"> Care, Georgia')).toBeVisible();
  await page.getByRole("link", { name: "Open lead <b>Bold</b> Test" }).click();
  await expect(page.getByRole("heading", { name: "<b>Bold</b> Test" })).toBeVisible();
  expect(await page.locator("main img, main b").count()).toBe(0);
  expect(alerted).toBe(false);
});

test("staff cannot manage accounts; an admin adds and disables one", async ({ page, browser }) => {
  await signIn(page, WORKER);
  await expect(page.getByRole("link", { name: "Accounts" })).toHaveCount(0);
  await page.goto("/staff?view=accounts");
  // The accounts page says it is for admins, at its own address (issue 42), with the way back.
  await expect(page.getByRole("heading", { name: "Only admins can see the accounts" })).toBeVisible();
  await expect(page).toHaveURL(/\/staff\/accounts$/);
  expect((await page.request.get("/api/staff/accounts")).status()).toBe(403);

  const adminContext = await browser.newContext({ baseURL: server.baseURL });
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
  // A password reset by an admin (issue 20): the worker's session ends.
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

test("a filtered, paged lead list shows the same rows after a reload, with Back and from a copied link", async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  // One lead more than a page holds (50), all found by one search.
  for (let n = 0; n < 51; n++) {
    await postLead(
      server.baseURL,
      homepageLead({
        email: `paging.${n}@paging.example`,
        phone: `55500${String(30000 + n)}`,
        facilityName: `Paging Care ${n}`,
        firstName: "Pat",
        lastName: `Paging${n}`,
      }),
    );
  }
  await signIn(page, WORKER);
  await page.getByLabel("Search leads").fill("Paging Care");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]q=Paging/);
  await expect(page.getByRole("row")).toHaveCount(51); // the header and a full page
  expect((await rowNames(page)).every((name) => name.startsWith("Pat Paging"))).toBe(true);
  await page.getByRole("button", { name: "Next page" }).click();
  await expect(page.getByRole("row")).toHaveCount(2); // the header and the one lead left
  const rows = await rowNames(page);
  const address = page.url();
  expect(new URL(address).searchParams.get("q")).toBe("Paging Care");
  expect(new URL(address).searchParams.get("cursor")).toBeTruthy();

  await page.reload();
  await expect(page.getByRole("row")).toHaveCount(2);
  expect(await rowNames(page)).toEqual(rows);
  await expect(page.getByLabel("Search leads")).toHaveValue("Paging Care");

  await page.getByRole("link", { name: `Open lead ${rows[0]}` }).click();
  await expect(page.getByRole("heading", { name: rows[0], level: 1 })).toBeVisible();
  await page.goBack();
  await expect(page.getByRole("row")).toHaveCount(2);
  expect(await rowNames(page)).toEqual(rows);
  await page.goBack();
  await expect(page.getByRole("row")).toHaveCount(51);

  const copied = await context.newPage();
  await copied.goto(address);
  await expect(copied.getByRole("row")).toHaveCount(2);
  expect(await rowNames(copied)).toEqual(rows);
  await expect(copied.getByRole("button", { name: "First page" })).toBeVisible();
  await expectNoAxeViolations(copied, "paged lead list");
});

test("a lead opened from the Due view returns to the Due view, as it was filtered, also after a reload", async ({
  page,
}) => {
  await postLead(
    server.baseURL,
    homepageLead({
      email: "due.view@clinic.example",
      phone: "5550004444",
      facilityName: "Due View Clinic",
      firstName: "Dee",
      lastName: "Duview",
    }),
  );
  await signIn(page, WORKER);
  await page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late", level: 1 })).toBeVisible();
  // Every lead, not only the late ones (a lead posted now is not late yet).
  await page.getByLabel("Due", { exact: true }).selectOption({ label: "Everything" });
  await page.getByLabel("Search leads").fill("Due View");
  await page.getByRole("button", { name: "Apply filters" }).click();
  await expect(page).toHaveURL(/[?&]q=Due/);
  await page.getByRole("link", { name: "Open lead Dee Duview" }).click();
  await expect(page.getByRole("heading", { name: "Dee Duview", level: 1 })).toBeFocused();
  await page.reload();
  await page.getByRole("link", { name: "Back to leads" }).click();
  await expect(page.getByRole("heading", { name: "Due: promises running late", level: 1 })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Console" }).getByRole("link", { name: "Due" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  await expect(page.getByLabel("Due", { exact: true })).toHaveValue("");
  expect(await rowNames(page)).toEqual(["Dee Duview"]);
  await expectNoAxeViolations(page, "due view");
});
