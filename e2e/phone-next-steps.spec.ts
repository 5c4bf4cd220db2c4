import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { postQualifyLead } from "./mail-server";
import { chatEnd, chatLog, finishAsDecisionMaker, startChatFromQualifyPage } from "./qualification-helpers";
import { startServer, type RunningServer } from "./server";
import { staffCli } from "./staff-helpers";

/**
 * After the chat, one clear next step on a 390 px phone, with staff taking calls
 * Monday to Friday, 9 to 5 in New York, and the server's clock (TEST_CLOCK) on a Saturday
 * evening: the chat's end in the page (the outcome and the code field on the first screen, no
 * scrolling inside an element), the code first, then the call booked by the page's own scroll;
 * every promise names Monday's first time (the thank-you page, the chat's end, the confirmation
 * e-mail) and never "24 hours"; /call for the booked lead moves then cancels the call; /call
 * opened while the code waits puts the code before the times, as the other pages do.
 */

const STAFF = "sam@staffing.example";
const PASSWORD = "a long enough staff passphrase";
/** Saturday 9 January 2027, 6:30 PM in New York. */
const SATURDAY_EVENING = "2027-01-09T23:30:00Z";
const MONDAY_FIRST = "Monday 9:00 AM EST";
const PHONE = { width: 390, height: 844 };
const WARM_UP = "warm-up@lakeside.example";

interface WeekdayServer {
  server: RunningServer;
  smtp: SmtpReceiver;
}

async function startWeekdayServer(): Promise<WeekdayServer> {
  const smtp = await new SmtpReceiver().start();
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-e2e-weekdays-"));
  await staffCli(dataDir, ["add", STAFF], PASSWORD);
  const server = await startServer({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SITE_URL: "https://staffing.example",
    MIN_FILL_SECONDS: "0",
    WORK_EMAIL_CODE_KEY: "cd".repeat(32),
    TEST_CLOCK: SATURDAY_EVENING,
  });
  const signIn = await fetch(`${server.baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: STAFF, password: PASSWORD }),
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const weekly = [1, 2, 3, 4, 5].map((day) => ({ day, from: "09:00", to: "17:00" }));
  const saved = await fetch(`${server.baseURL}/api/staff/availability`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken, "x-staff-console": "1" },
    body: JSON.stringify({ shownName: "Sam", timeZone: "America/New_York", takesCalls: true, weekly }),
  });
  expect(saved.status).toBe(200);
  // The server's first lead pays for its first statements, its first read of the times offered
  // and its first e-mail, whose renderer loads then (tsx compiles it): the server answers nothing
  // else for a second or more, and on a busy machine the /qualify page's move to /qualifying-chat
  // (whose files it serves) outlasts the expect timeout. Paid here, and its e-mail awaited, so
  // the journeys' first submit is timed like any other.
  await postQualifyLead(server, WARM_UP);
  await expect.poll(() => smtp.to(WARM_UP).length, { timeout: 60_000 }).toBe(1);
  return { server, smtp };
}

const test = base.extend<object, { weekdayServer: WeekdayServer }>({
  weekdayServer: [
    async ({}, use) => {
      const made = await startWeekdayServer();
      await use(made);
      await made.server.stop();
      await made.smtp.stop();
    },
    { scope: "worker", timeout: 180_000 },
  ],
  baseURL: async ({ weekdayServer }, use) => use(weekdayServer.server.baseURL),
  timezoneId: "America/New_York",
  viewport: PHONE,
});

/** No sideways scroll, and no element that scrolls on its own holding a control a finger must reach. */
async function expectPhoneLayout(page: Page, context: string) {
  const found = await page.evaluate(() => {
    const sideways = document.documentElement.scrollWidth > window.innerWidth;
    const trapped: string[] = [];
    for (const element of Array.from(document.querySelectorAll<HTMLElement>("body *"))) {
      const style = getComputedStyle(element);
      const clips = ["auto", "scroll", "hidden"].includes(style.overflowY);
      if (!clips || element.scrollHeight <= element.clientHeight + 1) continue;
      const control = element.querySelector("input:not([type=hidden]), select, textarea, button, a[href]");
      if (control)
        trapped.push(`${element.tagName}.${element.className.slice(0, 40)} holds ${control.outerHTML.slice(0, 60)}`);
    }
    return { sideways, trapped };
  });
  expect(found.sideways, `${context}: sideways scroll`).toBe(false);
  expect(found.trapped, `${context}: controls inside a scroll area`).toEqual([]);
}

const calendarOf = (mail: { parsed: { attachments: { contentType: string; content: Buffer }[] } }) =>
  mail.parsed.attachments.find((a) => a.contentType === "text/calendar")?.content.toString("utf8") ?? "";

const mails = (smtp: SmtpReceiver, email: string, subject: string) =>
  smtp.to(email).filter((m) => m.parsed.subject?.startsWith(subject));

test("on a phone the chat qualifies, the outcome and the code field are on screen, the code then the call, and /call moves and cancels it", async ({
  page,
  browser,
  weekdayServer: { server, smtp },
}) => {
  test.setTimeout(240_000);
  const email = await startChatFromQualifyPage(page, "phone-chat");

  // The confirmation e-mail names Monday's first time; it and the page never say "24 hours".
  await expect.poll(() => mails(smtp, email, "We received your request").length, { timeout: 15_000 }).toBe(1);
  const confirmation = mails(smtp, email, "We received your request")[0]!.parsed.text ?? "";
  expect(confirmation).toContain(`The first free time for your call is ${MONDAY_FIRST}: pick it or another.`);
  expect(confirmation).not.toContain("24 hours");
  const code = /\b\d{6}\b/.exec(confirmation)![0];

  await expect(page.getByText(`The first free time is ${MONDAY_FIRST}: pick it or another.`)).toBeVisible();
  await finishAsDecisionMaker(page);

  // The chat's end in the page: the heading says so; the outcome and the code field on screen.
  await expect(page.getByRole("heading", { level: 1, name: "You qualify" })).toBeVisible();
  const ending = chatEnd(page);
  const outcome = ending.getByRole("heading", { name: "You qualify for the $50 card" });
  const field = ending.getByRole("textbox", { name: /6-digit code/ });
  await expect(field).toBeFocused();
  await expect(outcome).toBeInViewport();
  await expect(field).toBeInViewport();
  await expect(ending.getByText(`The first free time is ${MONDAY_FIRST}: pick it or another.`)).toBeVisible();
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  await expect(chatLog(page).getByRole("button")).toHaveCount(0);
  await expectPhoneLayout(page, "the chat's end");
  await expectNoAxeViolations(page, "the chat's end on a phone");

  // The code first, by keyboard alone.
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(ending.getByRole("status").filter({ hasText: "Your work e-mail is confirmed" })).toBeFocused();

  // Then the call: a day at a time, a few times and "More times"; booked by the page's own scroll.
  const picker = ending.getByRole("region", { name: "Pick a time for your call" });
  const day = picker.getByLabel("Day");
  await expect(day.locator("option").first()).toHaveText(/^Monday, January 11$/);
  await expect(picker.getByRole("radio")).toHaveCount(6);
  await picker.getByRole("button", { name: "More times" }).click();
  await expect(picker.getByRole("radio").nth(6)).toBeFocused();
  expect(await picker.getByRole("radio").count()).toBeGreaterThan(6);
  await picker.getByRole("radio").first().focus();
  await page.keyboard.press("Space");
  await expect(picker.getByRole("radio").first()).toBeChecked();
  const book = picker.getByRole("button", { name: "Book this time" });
  await book.focus();
  await expect(book).toBeInViewport();
  await expectPhoneLayout(page, "the picker");
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Your call is booked" })).toContainText(
    "Sam will call you on Monday, January 11 at 9:00 AM Eastern Standard Time",
  );
  await expect.poll(() => mails(smtp, email, "Your call is booked").length).toBe(1);
  const invite = calendarOf(mails(smtp, email, "Your call is booked")[0]!);
  const uid = /^UID:(.+)$/m.exec(invite)![1]!.trim();
  const sequence = Number(/^SEQUENCE:(\d+)/m.exec(invite)?.[1] ?? 0);

  // /call from the confirmation e-mail (no booking in its link): the booked call, moved then cancelled.
  const link = /https:\/\/staffing\.example\/call#[^\s\]]+/.exec(confirmation)![0];
  const context = await browser.newContext({ timezoneId: "America/New_York", viewport: PHONE });
  const call = await context.newPage();
  const asked = call.waitForResponse((r) => r.url().endsWith("/api/work-email/waiting"));
  await call.goto(link.replace("https://staffing.example", server.baseURL));
  await expect(call.getByText(/Your call with Sam is on Monday, January 11 at 9:00 AM/)).toBeVisible();
  // The code was confirmed above: no code waits, so /call shows no code form.
  expect(await (await asked).json()).toEqual({ waiting: false });
  await expect(call.getByRole("textbox", { name: /6-digit code/ })).toHaveCount(0);
  const mover = call.getByRole("region", { name: "Move your call" });
  await expect(mover).toBeVisible();
  await expectPhoneLayout(call, "/call for a booked lead");
  await expectNoAxeViolations(call, "/call for a booked lead");
  await mover.getByRole("radio").nth(2).check();
  await mover.getByRole("button", { name: "Move my call to this time" }).click();
  await expect(call.getByRole("heading", { level: 1, name: "Your call has moved" })).toBeVisible();
  await expect(call).toHaveTitle(/^Your call has moved \|/);
  await expect(call.getByRole("status").filter({ hasText: "We sent the updated invite" })).toBeFocused();
  await expect.poll(() => mails(smtp, email, "Your call has moved").length).toBe(1);
  const moved = calendarOf(mails(smtp, email, "Your call has moved")[0]!);
  expect(moved).toMatch(/^METHOD:REQUEST/m);
  expect(moved).toContain(`UID:${uid}`);
  expect(Number(/^SEQUENCE:(\d+)/m.exec(moved)![1])).toBeGreaterThan(sequence);

  await call.getByRole("button", { name: "Cancel my call" }).click();
  await expect(call.getByRole("heading", { level: 1, name: "Your call is cancelled" })).toBeVisible();
  await expect(call).toHaveTitle(/^Your call is cancelled \|/);
  await expect(call.getByRole("status").filter({ hasText: "We sent the cancellation" })).toBeFocused();
  await expect(call.getByRole("region", { name: "Pick a time for your call" })).toBeVisible();
  await expectNoAxeViolations(call, "/call after the cancel");
  await expect.poll(() => mails(smtp, email, "Your call on ").length).toBe(1);
  const cancelled = calendarOf(mails(smtp, email, "Your call on ")[0]!);
  expect(cancelled).toMatch(/^METHOD:CANCEL/m);
  expect(cancelled).toContain(`UID:${uid}`);
  await context.close();
});

test("on a phone the thank-you page names Monday's first time, the code form before the picker, both on the first screens", async ({
  page,
}) => {
  test.slow();
  await startChatFromQualifyPage(page, "phone-thanks");
  await finishAsDecisionMaker(page);
  await page.goto("/thank-you");
  await expect(page.getByText(`The first free time is ${MONDAY_FIRST}: pick it or another.`)).toBeVisible();
  await expect(page.getByText(/24 hours/)).toHaveCount(0);
  const form = page.getByRole("region", { name: "Confirm your work e-mail to get your card sooner" });
  const picker = page.getByRole("region", { name: "Pick a time for your call" });
  await expect(form).toBeVisible();
  await expect(picker).toBeVisible();
  const formBox = (await form.boundingBox())!;
  const pickerBox = (await picker.boundingBox())!;
  expect(formBox.y).toBeLessThan(pickerBox.y);
  await expect(form.getByRole("textbox", { name: /6-digit code/ })).toBeInViewport();
  await expectPhoneLayout(page, "the thank-you page");
  await expectNoAxeViolations(page, "the thank-you page on a phone");
});

test("on a phone /call from the confirmation e-mail puts the waiting code before the times, on the first screen", async ({
  page,
  weekdayServer: { server, smtp },
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "phone-call-code");
  await finishAsDecisionMaker(page);
  await expect.poll(() => mails(smtp, email, "We received your request").length, { timeout: 15_000 }).toBe(1);
  const confirmation = mails(smtp, email, "We received your request")[0]!.parsed.text ?? "";
  const code = /\b\d{6}\b/.exec(confirmation)![0];
  const link = /https:\/\/staffing\.example\/call#[^\s\]]+/.exec(confirmation)![0];

  // The code is not typed in the chat: it waits, so /call shows its form first, on the first screen.
  await page.goto(link.replace("https://staffing.example", server.baseURL));
  const form = page.getByRole("region", { name: "Confirm your work e-mail to get your card sooner" });
  const picker = page.getByRole("region", { name: "Pick a time for your call" });
  const field = form.getByRole("textbox", { name: /6-digit code/ });
  await expect(field).toBeInViewport();
  await expect(picker).toBeVisible();
  expect((await form.boundingBox())!.y).toBeLessThan((await picker.boundingBox())!.y);
  await expectPhoneLayout(page, "/call while the code waits");
  await expectNoAxeViolations(page, "/call while the code waits, on a phone");

  // The code by keyboard; then the times are still there to book.
  await field.focus();
  await page.keyboard.type(code);
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Your work e-mail is confirmed" })).toBeFocused();
  await expect(picker.getByRole("radio").first()).toBeVisible();
});
