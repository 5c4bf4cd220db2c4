import { qualifyLead } from "../src/server/test-support/test-fixtures";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { chatLog, finishAsDecisionMaker } from "./qualification-helpers";
import { startServer, type RunningServer } from "./server";

/**
 * The confirmation e-mail (issue 29) in a person's hands: a lead is stored, the e-mail arrives
 * at a real SMTP server this test starts (smtp-server on 127.0.0.1), and its link, opened in a
 * fresh browser, resumes that lead's own qualification chat, greeted by name.
 */

const test = base.extend<object, { mailServer: { server: RunningServer; smtp: SmtpReceiver } }>({
  mailServer: [
    async ({}, use) => {
      const smtp = await new SmtpReceiver().start();
      const server = await startServer({ SMTP_URL: smtp.url, MIN_FILL_SECONDS: "0" });
      await use({ server, smtp });
      await server.stop();
      await smtp.stop();
    },
    { scope: "worker" },
  ],
});

test("the confirmation e-mail's link resumes the lead's own chat in a browser that never saw the form", async ({
  browser,
  mailServer,
}) => {
  test.slow();
  const { server, smtp } = mailServer;
  const email = `resume-${Date.now()}@lakeside.example`;
  const created = await fetch(`${server.baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(qualifyLead({ email })),
  });
  expect(created.status).toBe(201);
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
