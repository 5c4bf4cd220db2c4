import { expect, expectNoAxeViolations } from "./fixtures";
import { postQualifyLead, testWithMailServer } from "./mail-server";
import { chatLog, finishAsDecisionMaker } from "./qualification-helpers";

/**
 * The confirmation e-mail (decision 0023) in a person's hands: a lead is stored, the e-mail arrives
 * at a real SMTP server this test starts (smtp-server on 127.0.0.1), and its link, opened in a
 * fresh browser, resumes that lead's own qualification chat, greeted by name.
 */

const test = testWithMailServer();

test("the confirmation e-mail's link resumes the lead's own chat in a browser that never saw the form", async ({
  browser,
  mailServer,
}) => {
  test.slow();
  const { server, smtp } = mailServer;
  const email = `resume-${Date.now()}@lakeside.example`;
  await postQualifyLead(server, email);
  await expect.poll(() => smtp.to(email).length, { timeout: 15_000 }).toBe(1);
  const [mail] = smtp.to(email);
  const link = /https?:\/\/\S+\/qualifying-chat#lead=[^\s&]+&token=[A-Za-z0-9_-]+/.exec(mail!.parsed.text ?? "")?.[0];
  expect(link).toBeTruthy();

  // The e-mail's links point at SITE_URL; the test's server stands in for it.
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.baseURL));
  const log = chatLog(page);
  await expect(
    log.getByText("Hi Sam! Let's qualify Lakeside Hospital for the $50 Visa gift card.", { exact: false }),
  ).toBeVisible();
  // The token leaves the address bar once taken.
  await expect.poll(() => new URL(page.url()).hash).toBe("");
  await expectNoAxeViolations(page, "resumed from the e-mail");
  await finishAsDecisionMaker(page);
  await context.close();
});
