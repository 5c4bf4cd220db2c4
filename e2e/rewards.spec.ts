import { FRAUD_REVIEW_MESSAGES } from "../src/domain/fraud-review";
import type { Page } from "@playwright/test";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import type { TremendousStandIn } from "../src/server/test-support/tremendous-stand-in";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startRewardsServer } from "./rewards-server";
import type { RunningServer } from "./server";
import { postLead, submitSignIn, takeStep, verifyRole } from "./staff-helpers";

/**
 * The $50 card and the $250 bonus ordered from the console (decision 0017), in Chromium, against the
 * Tremendous stand-in this test starts (a real HTTP server on 127.0.0.1); the server is started
 * with TREMENDOUS_API_URL pointing to it, and the stand-in's signed webhooks go to the server.
 */

const PASSWORD = "journeys need a long passphrase";
const WORKER = "rewards.worker@provider.example";

let server: RunningServer;
let standIn: TremendousStandIn;
const test = base.extend<object, { rewardsServer: RunningServer }>({
  rewardsServer: [
    async ({}, use) => {
      // One staff member takes every step here; four eyes (decision 0028) in the console: e2e/approvals.spec.ts.
      const started = await startRewardsServer({ accounts: [{ email: WORKER }], password: PASSWORD, fourEyes: false });
      ({ server, standIn } = started);
      await use(server);
      await started.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ rewardsServer }, use) => use(rewardsServer.baseURL),
});

/** A new lead, and a worker signed in with it open. */
async function openNewLead(page: Page, lead: object): Promise<void> {
  const leadId = await postLead(server.baseURL, lead);
  await submitSignIn(page, WORKER, PASSWORD);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await page.goto(`/staff?lead=${leadId}`);
}

/** Opens the order form, checks the recipient, reviews, confirms; waits for the provider's answer. */
async function sendReward(page: Page, button: string, recipient: string) {
  await page.getByRole("button", { name: button }).click();
  const form = page.getByRole("form", { name: button });
  await expect(form.getByLabel("Recipient's e-mail")).toHaveValue(recipient);
  await form.getByRole("button", { name: "Review the order" }).click();
  const dialog = page.getByRole("dialog", { name: "Confirm the order" });
  await expect(dialog).toContainText(recipient);
  await expectNoAxeViolations(page, "order confirmation");
  await dialog.getByRole("button", { name: "Order it" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Ordered. The order is in the timeline and under Rewards." }),
  ).toBeVisible();
}

test("staff verify a role, send the $50 card, see it ordered then delivered; then the $250 bonus", async ({ page }) => {
  test.slow(); // two orders, a delivery, a reload and six axe runs: about 30 s on a 2-core machine
  await openNewLead(
    page,
    homepageLead({
      email: "dana.rewards@sunrise.example",
      phone: "5550003333",
      firstName: "Dana",
      lastName: "Rewards",
    }),
  );
  await expect(page.getByRole("heading", { name: "Dana Rewards", level: 1 })).toBeVisible();

  await verifyRole(page, "Phone call to the facility", "Front desk confirmed she is the Director of Nursing");
  await expect(page.getByRole("button", { name: "Send the $50 card" })).toBeVisible();
  await expectNoAxeViolations(page, "lead page with rewards");

  await sendReward(page, "Send the $50 card", "dana.rewards@sunrise.example");
  expect(standIn.orders).toHaveLength(1);
  const card = standIn.orders[0]!;
  expect(card.rewards[0]!.value.denomination).toBe(50);
  const rewards = page.getByRole("region", { name: "Rewards" });
  await expect(rewards.getByText(card.id, { exact: true })).toBeVisible();
  await expect(rewards.getByText("Ordered", { exact: true })).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(`Reference: ${card.id} / ${card.rewards[0]!.id}`)).toBeVisible();
  await expectNoAxeViolations(page, "card ordered");

  expect(await standIn.deliver(card.rewards[0]!.id, "SUCCEEDED")).toBe(200);
  await page.reload();
  await expect(rewards.getByText("Delivered", { exact: true })).toBeVisible();
  await expect(timeline.getByText("$50 Visa gift card: Delivered")).toBeVisible();

  await takeStep(page, "Mark first shift filled");
  await sendReward(page, "Send the $250 bonus", "dana.rewards@sunrise.example");
  expect(standIn.orders.map((o) => o.rewards[0]!.value.denomination)).toEqual([50, 250]);
  await expect(rewards.getByText(standIn.orders[1]!.id, { exact: true })).toBeVisible();
  await expect(timeline.getByText("Bonus sent ($250)")).toBeVisible();
  await expect(page.getByText("This lead has reached the end of the pipeline.")).toBeVisible();
});

test("a provider refusal is shown in plain words and nothing recorded; a failed delivery is sent again to a corrected e-mail", async ({
  page,
  consoleErrors,
}) => {
  test.slow(); // a refusal, an order, a failed delivery and its re-send, with axe at each: about 30 s on a 2-core machine
  await openNewLead(
    page,
    homepageLead({ email: "sam.bounce@sunrise.example", phone: "5550004444", firstName: "Sam", lastName: "Bounce" }),
  );
  await verifyRole(page, "Reply from a work email address", "Replied from the facility's domain");

  const ordersBefore = standIn.orders.length;
  standIn.failNext({ kind: "status", status: 422, message: "Recipient email is invalid" });
  await page.getByRole("button", { name: "Send the $50 card" }).click();
  await page.getByRole("button", { name: "Review the order" }).click();
  await page.getByRole("dialog", { name: "Confirm the order" }).getByRole("button", { name: "Order it" }).click();
  await expect(
    page.getByRole("alert").filter({
      hasText:
        "The rewards provider refused the order: Recipient email is invalid. Nothing was ordered and no step was recorded.",
    }),
  ).toBeVisible();
  await expect(
    page.getByRole("region", { name: "Rewards" }).getByText("Refused by the provider", { exact: true }),
  ).toBeVisible();
  await expect(page.getByRole("region", { name: "Timeline" }).getByText("Gift card sent ($50)")).toHaveCount(0);
  await expectNoAxeViolations(page, "order refused");
  // The browser logs the refusal's 422 itself: expected here, and the only error allowed.
  expect(consoleErrors).toEqual([
    "Failed to load resource: the server responded with a status of 422 (Unprocessable Entity)",
  ]);
  consoleErrors.splice(0);

  await page.getByRole("button", { name: "Review the order" }).click();
  await page.getByRole("dialog", { name: "Confirm the order" }).getByRole("button", { name: "Order it" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Ordered." })).toBeVisible();
  expect(standIn.orders).toHaveLength(ordersBefore + 1);
  const providerReward = standIn.orders.at(-1)!.rewards[0]!;

  expect(await standIn.deliver(providerReward.id, "FAILED")).toBe(200);
  await page.reload();
  const rewards = page.getByRole("region", { name: "Rewards" });
  await expect(rewards.getByText("Delivery failed", { exact: true })).toBeVisible();
  await expectNoAxeViolations(page, "delivery failed");
  await rewards.getByLabel("Corrected e-mail").fill("sam@sunrise.example");
  await rewards.getByRole("button", { name: "Send again" }).click();
  await expect(rewards.getByRole("status").filter({ hasText: "Sent again." })).toBeVisible();
  await expect(rewards.getByText("sam@sunrise.example", { exact: true })).toBeVisible();
  expect(providerReward.recipient.email).toBe("sam@sunrise.example");
  await expect(
    page.getByRole("region", { name: "Timeline" }).getByText("Sent again", { exact: false }).first(),
  ).toBeVisible();
});

test("a card the provider flags for its fraud review shows why on the lead page, and a staff member may not release it", async ({
  page,
  consoleErrors,
}) => {
  test.slow(); // an order, a flag, a release, with axe: about 30 s on a 2-core machine
  await openNewLead(
    page,
    homepageLead({ email: "flo.flag@sunrise.example", phone: "5550005555", firstName: "Flo", lastName: "Flag" }),
  );
  const verification = page.getByRole("region", { name: "Verification" });
  await verification.getByLabel("Decision").selectOption({ label: "Verify the role" });
  await verification.getByLabel("How the role was verified").selectOption({ label: "Phone call to the facility" });
  await verification.getByLabel("What you checked").fill("Front desk confirmed she runs staffing");
  await verification.getByRole("button", { name: "Record the decision" }).click();
  await sendReward(page, "Send the $50 card", "flo.flag@sunrise.example");
  const rewardId = standIn.orders.at(-1)!.rewards[0]!.id;

  expect(await standIn.flag(rewardId, ["VPN detected", "Over reward count limit"])).toBe(200);
  await page.reload();
  const review = page.getByRole("region", { name: "Held by the rewards provider for a fraud review" });
  await expect(review.getByText("VPN detected")).toBeVisible();
  await expect(review.getByText("Waiting for your decision")).toBeVisible();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/Flagged by the provider for a fraud review/)).toBeVisible();
  await expectNoAxeViolations(page, "flagged card");

  // Releasing or blocking is an admin's with a second factor, and a release waits for a second
  // admin (decision 0040; the server's tests in fraud-release-approval.test.ts): a staff member is told so.
  await review.getByLabel(/What you found/).fill("Called the facility back");
  await review.getByRole("button", { name: "Release the card" }).click();
  await expect(review.getByText(FRAUD_REVIEW_MESSAGES.adminWithSecondFactor)).toBeVisible();
  expect(standIn.fraudReviews.reviews.get(rewardId)?.status).not.toBe("released");
  // The refusal is the one expected error: the browser logs the 403 it was answered.
  expect(consoleErrors.filter((error) => !error.includes("status of 403"))).toEqual([]);
  consoleErrors.splice(0, consoleErrors.length);
});
