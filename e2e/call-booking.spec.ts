import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startChatFromQualifyPage } from "./qualification-helpers";
import { startServer, type RunningServer } from "./server";
import { staffCli } from "./staff-helpers";

/**
 * Booking a call (issue 40) in a person's hands: the form sent, a time picked on the thank-you
 * page by keyboard alone (in Hawaii, with a staff member in New York), the invite received over
 * SMTP, and the call moved from the e-mail's link, whose page changes nothing until its button.
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
