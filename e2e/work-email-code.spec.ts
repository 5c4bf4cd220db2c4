import type { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { expect, expectNoAxeViolations } from "./fixtures";
import { testWithMailServer } from "./mail-server";
import { chatEnd, finishAsDecisionMaker, startChatFromQualifyPage } from "./qualification-helpers";

/**
 * The work e-mail code (decision 0031) in a person's hands: a lead sends the qualification page, the
 * confirmation e-mail arrives at a real SMTP server this test starts, and the code read from it
 * confirms the work address on the thank-you page; another lead's e-mail link opens
 * /confirm-email, where only the Confirm button confirms.
 */

const test = testWithMailServer({ WORK_EMAIL_CODE_KEY: "ab".repeat(32), SITE_URL: "https://staffing.example" }).extend({
  baseURL: async ({ mailServer }, use) => use(mailServer.server.baseURL),
});

const SIX_DIGITS = /\b\d{6}\b/g;

/** The e-mail's text, once it has arrived. */
async function mailText(smtp: SmtpReceiver, email: string): Promise<string> {
  await expect.poll(() => smtp.to(email).length, { timeout: 15_000 }).toBe(1);
  return smtp.to(email)[0]!.parsed.text ?? "";
}

/** The refusals this journey provokes are answers, not faults: Chromium logs each 4xx, which is dropped here. */
const dropRefusals = (errors: string[]) =>
  errors.splice(0, errors.length, ...errors.filter((e) => !/status of (400|409|429) /.test(e)));

test("a lead reads the code in the e-mail and confirms it on the thank-you page", async ({
  page,
  mailServer,
  consoleErrors,
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "work-code");
  const text = await mailText(mailServer.smtp, email);
  const codes = text.match(SIX_DIGITS) ?? [];
  expect(codes).toHaveLength(1);

  await page.goto("/thank-you");
  const form = page.getByRole("region", { name: "Confirm your work e-mail to get your card sooner" });
  const field = form.getByRole("textbox", { name: /code/ });
  await expect(field).toBeVisible();
  await expectNoAxeViolations(page, "thank-you with the code form");

  // A wrong code is refused in words, and focus stays on the field.
  await field.fill(codes[0] === "000000" ? "111111" : "000000");
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(form.getByText(/That code is not right.*4 tries left/)).toBeVisible();
  await expect(field).toBeFocused();
  await expectNoAxeViolations(page, "thank-you with a wrong code");

  // "Send a new code" within the minute: refused in words, nothing sent.
  await form.getByRole("button", { name: "Send a new code" }).click();
  await expect(form.getByRole("status")).toHaveText(/once a minute/);

  await field.fill(`${codes[0]!.slice(0, 3)} ${codes[0]!.slice(3)}`);
  await field.press("Enter");
  await expect(page.getByRole("status").getByText("Your work e-mail is confirmed")).toBeVisible();
  await expectNoAxeViolations(page, "thank-you confirmed");
  dropRefusals(consoleErrors);
});

test("the e-mail's link opens a page whose one Confirm button confirms", async ({
  page,
  mailServer,
  consoleErrors,
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "work-link");
  const text = await mailText(mailServer.smtp, email);
  const link = /https:\/\/staffing\.example\/confirm-email#token=[a-p]{64}/.exec(text)?.[0];
  expect(link).toBeTruthy();

  // Opening the page (what a mail scanner does) confirms nothing: the page still offers Confirm.
  const context = await page.context().browser()!.newContext();
  const fresh = await context.newPage();
  const local = link!.replace("https://staffing.example", mailServer.server.baseURL);
  await fresh.goto(local);
  await expect(fresh.getByRole("heading", { level: 1, name: "Confirm your work e-mail" })).toBeVisible();
  const confirm = fresh.getByRole("button", { name: "Confirm" });
  await expect(confirm).toBeVisible();
  await expect(fresh.getByRole("main").getByRole("button")).toHaveCount(1);
  await expectNoAxeViolations(fresh, "/confirm-email from the e-mail");
  await fresh.reload();
  await confirm.click();
  await expect(fresh.getByRole("status").getByText("Your work e-mail is confirmed")).toBeVisible();
  await expect.poll(() => new URL(fresh.url()).hash).toBe("");
  await expectNoAxeViolations(fresh, "/confirm-email confirmed");

  // The same link again, in another tab: already confirmed, in words.
  const again = await context.newPage();
  await again.goto(local);
  await again.getByRole("button", { name: "Confirm" }).click();
  await expect(again.getByRole("alert")).toHaveText("Your work e-mail is already confirmed.");
  await context.close();
  dropRefusals(consoleErrors);
});

test("the end of the chat offers the code too", async ({ page, mailServer }) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "work-chat");
  const [code] = (await mailText(mailServer.smtp, email)).match(SIX_DIGITS) ?? [];
  await finishAsDecisionMaker(page);
  const form = chatEnd(page).getByRole("region", { name: "Confirm your work e-mail to get your card sooner" });
  await form.getByRole("textbox", { name: /code/ }).fill(code!);
  await form.getByRole("button", { name: "Confirm" }).click();
  await expect(chatEnd(page).getByText("Your work e-mail is confirmed")).toBeVisible();
  await expectNoAxeViolations(page, "/qualifying-chat confirmed at the end of the chat");
});
