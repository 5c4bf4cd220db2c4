import type { Browser, Page } from "@playwright/test";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import type { TremendousStandIn } from "../src/server/test-support/tremendous-stand-in";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startRewardsServer } from "./rewards-server";
import type { RunningServer } from "./server";
import { postLead, submitSignIn, verifyRole } from "./staff-helpers";
import { enrolInPage, type SecondFactor } from "./staff-second-factor";

/**
 * Four eyes on money in the console (decision 0028), in Chromium, against the Tremendous stand-in: a
 * member of staff orders a card to an address the lead did not give and sees it wait; an admin
 * approves it on the Approvals view (the card is ordered once) or declines it (nothing ordered);
 * an admin's own request is refused in the server's words.
 */

const PASSWORD = "journeys need a long passphrase";
const WORKER = "approvals.worker@provider.example";
const APPROVER = "approvals.admin@provider.example";
const DECLINER = "approvals.chief@provider.example";

let server: RunningServer;
let standIn: TremendousStandIn;
const test = base.extend<object, { approvalsServer: RunningServer }>({
  approvalsServer: [
    async ({}, use) => {
      const started = await startRewardsServer({
        accounts: [{ email: WORKER }, { email: APPROVER, admin: true }, { email: DECLINER, admin: true }],
        password: PASSWORD,
        fourEyes: true,
      });
      ({ server, standIn } = started);
      await use(server);
      await started.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ approvalsServer }, use) => use(approvalsServer.baseURL),
});
test.describe.configure({ mode: "serial" });

const factors = new Map<string, SecondFactor>();

/** Signs in (each account sets up a second factor at the first sign-in: ordering money needs one) and opens a lead. */
async function signInTo(page: Page, email: string, leadId?: string) {
  await submitSignIn(page, email, PASSWORD);
  const factor = factors.get(email);
  if (factor) {
    await page.getByLabel("Code", { exact: true }).fill(factor.recoveryCodes.shift()!);
    await page.getByRole("button", { name: "Continue" }).click();
  } else {
    factors.set(email, await enrolInPage(page));
    await page.getByRole("button", { name: "I have saved them: continue" }).click();
  }
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  if (leadId) await page.goto(`/staff/leads/${leadId}`);
}

/** A new lead whose role the worker verified, open in the worker's page. */
async function verifiedLead(page: Page, email: string, signedIn = false): Promise<string> {
  const leadId = await postLead(
    server.baseURL,
    homepageLead({ email, phone: `555000${String(Date.now() % 10_000).padStart(4, "0")}` }),
  );
  if (signedIn) await page.goto(`/staff/leads/${leadId}`);
  else await signInTo(page, WORKER, leadId);
  await verifyRole(page, "Phone call to the facility", "Front desk confirmed the role");
  return leadId;
}

/** Orders the card to `recipient` and sees it wait for a second admin, with the way to Approvals. */
async function orderHeldCard(page: Page, recipient: string) {
  await page.getByRole("button", { name: "Send the $50 card" }).click();
  const form = page.getByRole("form", { name: "Send the $50 card" });
  await form.getByLabel("Recipient's e-mail").fill(recipient);
  await form.getByRole("button", { name: "Review the order" }).click();
  await page.getByRole("dialog", { name: "Confirm the order" }).getByRole("button", { name: "Order it" }).click();
  const waiting = page.getByRole("status").filter({ hasText: "Waiting for a second admin's approval." });
  await expect(waiting).toBeVisible();
  await expect(waiting.getByRole("link", { name: "See it under Approvals" })).toHaveAttribute(
    "href",
    "/staff/approvals",
  );
  await expect(page.getByRole("region", { name: "Rewards" })).toContainText(
    `Waiting for a second admin's approval: the $50 Visa gift card to ${recipient}, asked by ${WORKER}.`,
  );
}

/** An admin in a browser of their own, on the Approvals view (from the console's tab). */
async function adminOnApprovals(browser: Browser, email: string): Promise<Page> {
  const context = await browser.newContext({ baseURL: server.baseURL });
  const page = await context.newPage();
  await signInTo(page, email);
  await page.getByRole("link", { name: /^Approvals \(\d+ waiting\)$/ }).click();
  await expect(page.getByRole("heading", { name: "Approvals", level: 1 })).toBeVisible();
  return page;
}

const pendingTo = (page: Page, recipient: string) =>
  page.getByRole("list", { name: "Waiting for a decision" }).getByRole("listitem").filter({ hasText: recipient });

test("a card to another address waits; a second admin approves it and it is ordered once", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a second-factor set-up, an order and four axe runs
  const recipient = "a.friend@elsewhere.example";
  const leadId = await verifiedLead(page, "lena.approve@sunrise.example");
  const ordersBefore = standIn.orders.length;
  await orderHeldCard(page, recipient);
  expect(standIn.orders).toHaveLength(ordersBefore);
  await expect(page.getByRole("link", { name: "Approvals (1 waiting)" })).toBeVisible();
  await expectNoAxeViolations(page, "order waiting for approval");

  const admin = await adminOnApprovals(browser, APPROVER);
  const request = pendingTo(admin, recipient);
  await expect(request).toContainText(
    `The $50 Visa gift card for Sunrise Care Center's lead, e-mailed to ${recipient}`,
  );
  await expect(request).toContainText("Instead of lena.approve@sunrise.example.");
  await expect(request).toContainText(`Asked by ${WORKER} on`);
  await expect(request.getByRole("link", { name: `Open the lead of the request to ${recipient}` })).toHaveAttribute(
    "href",
    `/staff/leads/${leadId}?from=%2Fstaff%2Fapprovals`,
  );
  await expectNoAxeViolations(admin, "approvals, one pending");
  await request.getByLabel("Note on your decision").fill("Checked with the lead by phone");
  await request.getByRole("button", { name: "Approve" }).click();
  await expect(
    admin
      .getByRole("status")
      .filter({ hasText: `Approved: the order to ${recipient} is sent to the rewards provider.` }),
  ).toBeVisible();
  await expect(admin.getByRole("list", { name: "Decided" })).toContainText(`Approved by ${APPROVER} on`);
  await expect(admin.getByText("Nothing is waiting for approval.")).toBeVisible();
  await expect(admin.getByRole("link", { name: "Approvals", exact: true })).toBeVisible();
  await expectNoAxeViolations(admin, "approvals, decided");
  expect(standIn.orders).toHaveLength(ordersBefore + 1);
  expect(standIn.orders.at(-1)!.rewards[0]!.recipient.email).toBe(recipient);
  await admin.context().close();

  await page.reload();
  const rewards = page.getByRole("region", { name: "Rewards" });
  await expect(rewards.getByText(standIn.orders.at(-1)!.id, { exact: true })).toBeVisible();
  await expect(rewards).not.toContainText("Waiting for a second admin's approval");
  expect(standIn.orders).toHaveLength(ordersBefore + 1);
});

test("a second admin declines: nothing is ordered; an admin's own request is refused in the server's words", async ({
  page,
  browser,
}) => {
  test.slow(); // two browsers, a second-factor set-up and three axe runs
  const recipient = "someone.else@elsewhere.example";
  await verifiedLead(page, "omar.decline@sunrise.example");
  const ordersBefore = standIn.orders.length;
  await orderHeldCard(page, recipient);

  const admin = await adminOnApprovals(browser, DECLINER);
  // The admin asks for a card of their own (another lead, another address): they cannot approve it.
  const ownLead = await postLead(
    server.baseURL,
    homepageLead({ email: "pia.own@sunrise.example", phone: "5550007777" }),
  );
  await page.goto(`/staff/leads/${ownLead}`);
  await verifyRole(page, "Phone call to the facility", "Front desk confirmed the role");
  await admin.goto(`/staff/leads/${ownLead}`);
  await admin.getByRole("button", { name: "Send the $50 card" }).click();
  await admin.getByLabel("Recipient's e-mail").fill("chief.own@provider.example");
  await admin.getByRole("button", { name: "Review the order" }).click();
  await admin.getByRole("dialog", { name: "Confirm the order" }).getByRole("button", { name: "Order it" }).click();
  await admin.getByRole("status").getByRole("link", { name: "See it under Approvals" }).click();
  await pendingTo(admin, "chief.own@provider.example").getByRole("button", { name: "Approve" }).click();
  await expect(admin.getByRole("alert")).toContainText("A second admin must approve this: you asked for it");
  await expect(pendingTo(admin, "chief.own@provider.example")).toBeVisible();
  await expectNoAxeViolations(admin, "approvals, own request refused");

  const request = pendingTo(admin, recipient);
  await request.getByLabel("Note on your decision").fill("Not an address the lead gave");
  await request.getByRole("button", { name: "Decline" }).click();
  await expect(
    admin.getByRole("status").filter({ hasText: `Declined: nothing is ordered for ${recipient}.` }),
  ).toBeVisible();
  const decided = admin.getByRole("list", { name: "Decided" }).getByRole("listitem").filter({ hasText: recipient });
  await expect(decided).toContainText(`Declined by ${DECLINER} on`);
  await expect(decided).toContainText("Decision note: Not an address the lead gave");
  expect(standIn.orders).toHaveLength(ordersBefore);
  await admin.context().close();

  // The worker sees the list too, without the buttons.
  await page.getByRole("link", { name: /^Approvals/ }).click();
  await expect(page.getByText("Only an admin who did not ask can approve or decline these.")).toBeVisible();
  await expect(pendingTo(page, "chief.own@provider.example")).toBeVisible();
  await expect(page.getByRole("button", { name: "Approve" })).toHaveCount(0);
  await expectNoAxeViolations(page, "approvals, as staff");
});
