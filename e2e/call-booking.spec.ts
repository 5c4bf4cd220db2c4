import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { qualifyLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations, test as base, uniqueEmail } from "./fixtures";
import { chatEnd, finishAsDecisionMaker, startChatFromQualifyPage } from "./qualification-helpers";
import { startServer, type RunningServer } from "./server";
import { staffCli, submitSignIn } from "./staff-helpers";

/**
 * Booking a call (decision 0036) in a person's hands: the form sent, a time picked on the thank-you
 * page by keyboard alone (in Hawaii, with a staff member in New York), the invite received over
 * SMTP, and the call moved from the e-mail's link, whose page changes nothing until its button;
 * a time booked at the qualification chat's end; and staff moving a lead's call from the Calls view.
 */

const STAFF = "sam@staffing.example";
const PASSWORD = "a long enough staff passphrase";

interface CallServer {
  server: RunningServer;
  smtp: SmtpReceiver;
}

/** A server of its own with SMTP, and one staff member who takes calls every day, all day, in New York. */
async function startCallServer(): Promise<CallServer> {
  const smtp = await new SmtpReceiver().start();
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-e2e-calls-"));
  await staffCli(dataDir, ["add", STAFF], PASSWORD);
  const server = await startServer({
    DATA_DIR: dataDir,
    SMTP_URL: smtp.url,
    SITE_URL: "https://staffing.example",
    MIN_FILL_SECONDS: "0",
    BOOKING_MIN_NOTICE_MINUTES: "0",
    // Every e-mail to an unconfirmed mailbox counts toward the day's cap (decision 0043); these
    // journeys follow the invite, update and cancel of one lead that never confirms its address.
    MAIL_PER_RECIPIENT_DAILY_LIMIT: "10",
  });
  const signIn = await fetch(`${server.baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: STAFF, password: PASSWORD }),
  });
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "00:00", to: "24:00" }));
  const saved = await fetch(`${server.baseURL}/api/staff/availability`, {
    method: "PUT",
    headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken, "x-staff-console": "1" },
    body: JSON.stringify({ shownName: "Sam", timeZone: "America/New_York", takesCalls: true, weekly }),
  });
  expect(saved.status).toBe(200);
  return { server, smtp };
}

const test = base.extend<object, { callServer: CallServer }>({
  callServer: [
    async ({}, use) => {
      const made = await startCallServer();
      await use(made);
      await made.server.stop();
      await made.smtp.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ callServer }, use) => use(callServer.server.baseURL),
  timezoneId: "Pacific/Honolulu",
});

const calendarOf = (mail: { parsed: { attachments: { contentType: string; content: Buffer }[] } }) =>
  mail.parsed.attachments.find((a) => a.contentType === "text/calendar")?.content.toString("utf8") ?? "";

test("a lead picks a time on the thank-you page by keyboard, gets the invite, and moves the call from the e-mail", async ({
  page,
  browser,
  callServer: { server, smtp },
}) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "call");
  // Only a qualified lead is offered times (decision 0043): the chat first.
  await finishAsDecisionMaker(page);
  await page.goto("/thank-you");
  const picker = page.getByRole("region", { name: "Pick a time for your call" });
  await expect(picker.getByText("Times are shown in Hawaii-Aleutian Standard Time.")).toBeVisible();
  await expectNoAxeViolations(page, "thank-you with the time picker");

  // Keyboard only: the next day, its first time, then the button.
  const day = picker.getByLabel("Day");
  await day.focus();
  await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(picker.getByRole("radio").first()).toBeFocused();
  await page.keyboard.press("Space");
  await expect(picker.getByRole("radio").first()).toBeChecked();
  const chosen = await picker.getByRole("radio").first().getAttribute("value");
  await page.keyboard.press("Tab");
  await expect(picker.getByRole("button", { name: "Book this time" })).toBeFocused();
  await page.keyboard.press("Enter");
  const booked = page.getByRole("status").filter({ hasText: "Your call is booked" });
  await expect(booked).toBeVisible();
  await expect(booked).toBeFocused();
  await expect(booked).toContainText("Sam will call you on");
  await expectNoAxeViolations(page, "thank-you with the call booked");

  // The invite, over SMTP: METHOD:REQUEST, the chosen time in UTC.
  await expect
    .poll(() => smtp.to(email).filter((m) => m.parsed.subject?.startsWith("Your call is booked")).length)
    .toBe(1);
  const invite = smtp.to(email).find((m) => m.parsed.subject?.startsWith("Your call is booked"))!;
  const ics = calendarOf(invite);
  expect(ics).toMatch(/^METHOD:REQUEST/m);
  expect(ics).toContain(`DTSTART:${chosen!.replace(/[-:]/g, "").replace(/\.\d{3}/, "")}`);
  const uid = /^UID:(.+)$/m.exec(ics)![1]!.trim();
  const link = /https:\/\/staffing\.example\/call#[^\s\]]+/.exec(invite.parsed.text ?? "")![0];

  // The e-mail's link, in a fresh browser: opening it changes nothing; one button moves the call.
  const context = await browser.newContext({ timezoneId: "Pacific/Honolulu" });
  const fresh = await context.newPage();
  await fresh.goto(link.replace("https://staffing.example", server.baseURL));
  await expect(fresh.getByRole("heading", { level: 1, name: "Your call with our team" })).toBeVisible();
  await expect(fresh.getByText(/Your call with Sam is on/)).toBeVisible();
  await fresh.reload();
  await expect(fresh.getByText(/Your call with Sam is on/)).toBeVisible();
  const mover = fresh.getByRole("region", { name: "Move your call" });
  await expect(mover).toBeVisible();
  await expectNoAxeViolations(fresh, "/call from the invite");
  await mover.getByRole("radio").nth(2).check();
  await mover.getByRole("button", { name: "Move my call to this time" }).click();
  await expect(fresh.getByRole("status").filter({ hasText: "Your call has moved" })).toBeVisible();

  await expect
    .poll(() => smtp.to(email).filter((m) => m.parsed.subject?.startsWith("Your call has moved")).length)
    .toBe(1);
  const moved = calendarOf(smtp.to(email).find((m) => m.parsed.subject?.startsWith("Your call has moved"))!);
  expect(moved).toMatch(/^METHOD:REQUEST/m);
  expect(moved).toContain(`UID:${uid}`);
  expect(Number(/^SEQUENCE:(\d+)/m.exec(moved)![1])).toBeGreaterThan(Number(/^SEQUENCE:(\d+)/m.exec(ics)?.[1] ?? 0));
  await context.close();
});

const subjectOf = (email: string, smtp: SmtpReceiver, start: string) =>
  smtp.to(email).filter((m) => m.parsed.subject?.startsWith(start));

test("a lead finishes the qualification chat and books a time at its end", async ({ page, callServer: { smtp } }) => {
  test.slow();
  const email = await startChatFromQualifyPage(page, "chat-call");
  await finishAsDecisionMaker(page);
  const picker = chatEnd(page).getByRole("region", { name: "Pick a time for your call" });
  await expect(picker.getByText("Times are shown in Hawaii-Aleutian Standard Time.")).toBeVisible();
  await expectNoAxeViolations(page, "the chat's end with the time picker");
  await picker.getByRole("radio").nth(1).check();
  await picker.getByRole("button", { name: "Book this time" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your call is booked" })).toContainText(
    "Sam will call you on",
  );
  await expect.poll(() => subjectOf(email, smtp, "Your call is booked").length).toBe(1);
  expect(calendarOf(subjectOf(email, smtp, "Your call is booked")[0]!)).toMatch(/^METHOD:REQUEST/m);
});

test("staff move a lead's call from the Calls view by keyboard: the lead gets the update, the lead's page tells it", async ({
  page,
  callServer: { server, smtp },
}) => {
  test.slow();
  const email = uniqueEmail("staff-move");
  const facility = `Harbor Care ${Date.now() % 100_000}`;
  const created = await fetch(`${server.baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    // The qualify page's answers (a Director of Nursing at a known facility type, in a state):
    // qualified (decision 0043).
    body: JSON.stringify(
      qualifyLead({
        email,
        facilityName: facility,
        firstName: "Dana",
        title: "Director of Nursing",
        phone: `555${Date.now() % 10_000_000}`,
      }),
    ),
  });
  const lead = (await created.json()) as { id: string; qualificationToken: string };
  const query = `lead=${lead.id}&token=${lead.qualificationToken}&tz=America%2FNew_York`;
  expect(created.status).toBe(201);
  const slots = await fetch(`${server.baseURL}/api/bookings/slots?${query}`);
  const offer = (await slots.json()) as { slots: { start: string }[] };
  expect(slots.status, JSON.stringify(offer)).toBe(200);
  const booked = await fetch(`${server.baseURL}/api/bookings`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ lead: lead.id, token: lead.qualificationToken, start: offer.slots[4]!.start }),
  });
  expect(booked.status).toBe(201);
  await expect.poll(() => subjectOf(email, smtp, "Your call is booked").length).toBe(1);
  const first = calendarOf(subjectOf(email, smtp, "Your call is booked")[0]!);

  await submitSignIn(page, STAFF, PASSWORD);
  await page.getByRole("link", { name: "Calls", exact: true }).click();
  const who = `Dana, ${facility}`;
  await page.getByRole("button", { name: `Move the call with ${who}` }).click();
  const form = page.getByRole("form", { name: `Move the call with ${who}` });
  const time = form.getByLabel(/^New time \(Eastern (Standard|Daylight) Time\)$/);
  await expect(time).toBeVisible();
  await expectNoAxeViolations(page, "the Calls view moving a call");
  await time.focus();
  for (let n = 0; n < 3; n++) await page.keyboard.press("ArrowDown");
  await page.keyboard.press("Tab");
  await expect(form.getByRole("button", { name: "Move the call" })).toBeFocused();
  await page.keyboard.press("Enter");
  const done = page.getByRole("status").filter({ hasText: "Moved to" });
  await expect(done).toContainText(/^Moved to .* (EST|EDT) with Sam\./);
  await expect(done).toBeFocused();

  await expect.poll(() => subjectOf(email, smtp, "Your call has moved").length).toBe(1);
  const moved = calendarOf(subjectOf(email, smtp, "Your call has moved")[0]!);
  expect(moved).toContain(/^UID:.+$/m.exec(first)![0]);
  expect(Number(/^SEQUENCE:(\d+)/m.exec(moved)![1])).toBeGreaterThan(Number(/^SEQUENCE:(\d+)/m.exec(first)?.[1] ?? 0));

  await page.getByRole("link", { name: who, exact: true }).click();
  const timeline = page.getByRole("region", { name: "Timeline" });
  await expect(timeline.getByText(/^Call moved to .* with Sam$/)).toBeVisible();
  await expect(timeline.getByText(STAFF)).toBeVisible();
  await expect(timeline.getByText(/^Call booked for .* with Sam$/)).toBeVisible();
  await expectNoAxeViolations(page, "the lead's page with its moved call");
});
