import { STOP_CONTACTING_COPY } from "../src/web/content/stop-contacting";
import { expect, expectNoAxeViolations } from "./fixtures";
import { postQualifyLead, testWithMailServer } from "./mail-server";

/**
 * "Stop contacting me" (decision 0033) in a person's hands: the confirmation e-mail's link opens the
 * page, which changes nothing until its one button is pressed; then it says so in words, and the
 * voice check refuses a call for that lead.
 */
const test = testWithMailServer();

test("the e-mail's stop-contacting link: opening it changes nothing, the button records it and says so", async ({
  browser,
  mailServer,
}) => {
  test.slow();
  const { server, smtp } = mailServer;
  const email = `stop-${Date.now()}@lakeside.example`;
  const lead = await postQualifyLead(server, email);
  await expect.poll(() => smtp.to(email).length, { timeout: 15_000 }).toBe(1);
  const link = /https?:\/\/\S+\/stop-contacting#token=[A-Za-z0-9_-]{43}/.exec(
    smtp.to(email)[0]!.parsed.text ?? "",
  )?.[0];
  expect(link).toBeTruthy();

  const callCheck = () =>
    fetch(`${server.baseURL}/api/voice/call-check`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ leadId: lead.id, token: lead.qualificationToken }),
    }).then((r) => r.status);

  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(link!.replace(/^https?:\/\/[^/]+/, server.baseURL));
  await expect(page.getByRole("heading", { level: 1, name: STOP_CONTACTING_COPY.heading })).toBeVisible();
  await expectNoAxeViolations(page, "the stop-contacting page");
  // Opened, not pressed: nothing is recorded.
  expect(await callCheck()).toBe(200);

  const button = page.getByRole("button", { name: STOP_CONTACTING_COPY.button });
  await button.focus();
  await page.keyboard.press("Enter");
  const done = page.getByRole("heading", { level: 1, name: STOP_CONTACTING_COPY.doneHeading });
  await expect(done).toBeFocused();
  await expectNoAxeViolations(page, "stopped");
  expect(await callCheck()).toBe(409);
  await context.close();
});

test("the page opened without its token says so and records nothing", async ({ page, mailServer, consoleErrors }) => {
  await page.goto(`${mailServer.server.baseURL}/stop-contacting`);
  await page.getByRole("button", { name: STOP_CONTACTING_COPY.button }).click();
  await expect(page.getByRole("alert")).toHaveText(STOP_CONTACTING_COPY.noToken);
  await page.goto(`${mailServer.server.baseURL}/stop-contacting#token=${"A".repeat(43)}`);
  await page.getByRole("button", { name: STOP_CONTACTING_COPY.button }).click();
  await expect(page.getByRole("alert")).toContainText("We do not know this link");
  // Chromium logs the API's own 404 for the unknown token; that one is expected.
  consoleErrors.splice(0, consoleErrors.length, ...consoleErrors.filter((e) => !e.includes("status of 404")));
});
