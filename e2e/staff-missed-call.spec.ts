import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Locator, Page } from "@playwright/test";
import { qualifyLead } from "../src/server/test-support/test-fixtures";
import { expect, expectNoAxeViolations, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";
import { staffCli } from "./staff-helpers";

/**
 * After a missed call, staff book for the lead (decision 0045), with the keyboard only, at 1280 and
 * 390 px. The call has to be in the past: a first server runs on a clock eight hours back
 * (TEST_CLOCK) while the lead books its call, then a second server on the same data and the
 * real clock finds the call started hours ago; staff mark it missed and book a new time.
 */

const STAFF = "sam@staffing.example";
const PASSWORD = "a long enough staff passphrase";
/** One lead a run: each finds its own call past and books its own new time. */
const LEADS = {
  "1280": { firstName: "Dana", lastName: "Reyes", email: "dana@lakeside-care.example" },
  "390": { firstName: "Lee", lastName: "Park", email: "lee@riverside-care.example" },
} as const;

interface MissedCallServer {
  server: RunningServer;
  leadIds: Record<keyof typeof LEADS, string>;
}

const SETTINGS = { MIN_FILL_SECONDS: "0", BOOKING_MIN_NOTICE_MINUTES: "0", DRAIN_DELAY_MS: "0" };

async function staffApi(baseURL: string) {
  const signIn = await fetch(`${baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-console": "1" },
    body: JSON.stringify({ email: STAFF, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers.get("set-cookie")!.split(";")[0]!;
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return (path: string, method: string, body: object) =>
    fetch(`${baseURL}/api/staff${path}`, {
      method,
      headers: { "content-type": "application/json", cookie, "x-csrf-token": csrfToken, "x-staff-console": "1" },
      body: JSON.stringify(body),
    });
}

/** The lead books the first time offered while the server's clock is eight hours back; then the server runs on the real clock. */
async function startWithMissedCall(): Promise<MissedCallServer> {
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-e2e-missed-call-"));
  await staffCli(dataDir, ["add", STAFF], PASSWORD);
  const earlier = await startServer({
    ...SETTINGS,
    DATA_DIR: dataDir,
    TEST_CLOCK: new Date(Date.now() - 8 * 3_600_000).toISOString(),
  });
  const leadIds = {} as Record<keyof typeof LEADS, string>;
  try {
    const api = await staffApi(earlier.baseURL);
    const weekly = [1, 2, 3, 4, 5, 6, 7].map((day) => ({ day, from: "00:00", to: "24:00" }));
    const saved = await api("/availability", "PUT", {
      shownName: "Sam",
      timeZone: "America/New_York",
      takesCalls: true,
      weekly,
    });
    expect(saved.status).toBe(200);
    let n = 1;
    for (const [run, person] of Object.entries(LEADS) as [keyof typeof LEADS, (typeof LEADS)[keyof typeof LEADS]][]) {
      // The qualify page's answers name a decision maker: the lead may book (decision 0043).
      const posted = await fetch(`${earlier.baseURL}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(qualifyLead({ ...person, title: "Director of Nursing", phone: `(512) 555-01${10 + n}` })),
      });
      expect(posted.status).toBe(201);
      const lead = (await posted.json()) as { id: string; qualificationToken: string };
      leadIds[run] = lead.id;
      const slots = await fetch(
        `${earlier.baseURL}/api/bookings/slots?lead=${lead.id}&token=${lead.qualificationToken}&tz=America%2FNew_York`,
      );
      const start = ((await slots.json()) as { slots: { start: string }[] }).slots[n]!.start;
      const booked = await fetch(`${earlier.baseURL}/api/bookings`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ lead: lead.id, token: lead.qualificationToken, start }),
      });
      expect(booked.status).toBe(201);
      n += 1;
    }
  } finally {
    await earlier.stop();
  }
  const server = await startServer({ ...SETTINGS, DATA_DIR: dataDir });
  return { server, leadIds };
}

const test = base.extend<object, { missedCallServer: MissedCallServer }>({
  missedCallServer: [
    async ({}, use) => {
      const made = await startWithMissedCall();
      await use(made);
      await made.server.stop();
    },
    { scope: "worker", timeout: 240_000 },
  ],
  baseURL: async ({ missedCallServer }, use) => use(missedCallServer.server.baseURL),
  timezoneId: "America/New_York",
});
test.describe.configure({ mode: "serial" });

/** Tab (forward) until `target` has the focus: the keyboard's way to a control. */
async function tabTo(page: Page, target: Locator, most = 80) {
  for (let n = 0; n < most; n++) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press("Tab");
  }
  throw new Error(`could not reach ${target.toString()} with Tab`);
}

for (const viewport of [
  { name: "1280", size: { width: 1280, height: 900 } },
  { name: "390", size: { width: 390, height: 844 } },
] as const) {
  test(`at ${viewport.name} px, staff mark a past call missed and book a new time for the lead, with the keyboard only`, async ({
    page,
    missedCallServer: { leadIds },
  }) => {
    const person = LEADS[viewport.name];
    const name = `${person.firstName} ${person.lastName}`;
    test.setTimeout(120_000);
    await page.setViewportSize(viewport.size);
    await page.goto("/staff");
    await expect(page.getByRole("heading", { name: "Sign in to the staff console" })).toBeVisible();
    await tabTo(page, page.getByLabel("Email"));
    await page.keyboard.type(STAFF);
    await page.keyboard.press("Tab");
    await page.keyboard.type(PASSWORD);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
    await page.goto(`/staff/leads/${leadIds[viewport.name]}`);
    await expect(page.getByRole("heading", { name, level: 1 })).toBeVisible();

    const calls = page.getByRole("table", { name: "The lead's calls" });
    // The call started hours ago: held and missed are offered, no next step yet; it is marked missed.
    await expect(calls.getByRole("button", { name: `Mark the call with ${name} held` })).toBeVisible();
    await expect(calls.getByRole("button", { name: `Book a call for ${name}` })).toHaveCount(0);
    const missed = calls.getByRole("button", { name: `Mark the call with ${name} missed` });
    await tabTo(page, missed);
    await page.keyboard.press("Enter");
    // On a phone each cell names its column ("Status Missed"), as lists become cards.
    await expect(calls.getByRole("cell", { name: /^(Status )?Missed$/ })).toBeVisible();
    const offer = calls.getByRole("button", { name: `Offer ${name} new times by e-mail` });
    const bookFor = calls.getByRole("button", { name: `Book a call for ${name}` });
    await expect(offer).toBeVisible();
    await expect(bookFor).toBeVisible();
    await expectNoAxeViolations(page);

    await tabTo(page, bookFor);
    await page.keyboard.press("Enter");
    const time = page.getByRole("combobox", { name: /^Time of the call \(/ });
    await expect(time).toBeVisible();
    await tabTo(page, time);
    // The first time offered: the list's first option after "Choose a time".
    await page.keyboard.press("ArrowDown");
    await expect(time).not.toHaveValue("");
    const chosen = await time.inputValue();
    expect(Date.parse(chosen)).toBeGreaterThan(Date.now());
    await expectNoAxeViolations(page);
    if (viewport.name === "390")
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await tabTo(page, page.getByRole("button", { name: "Book the call" }));
    await page.keyboard.press("Enter");

    const booked = page.getByRole("status").filter({ hasText: /^Booked for .+ with Sam\./ });
    await expect(booked).toBeVisible();
    await expect(booked).toBeFocused();
    // The new call is a row of its own, booked; the timeline says staff booked it.
    await expect(calls.getByRole("cell", { name: /^(Status )?Booked$/ })).toBeVisible();
    const timeline = page.getByRole("region", { name: "Timeline" });
    await expect(timeline.getByText(/^Call booked for /)).toHaveCount(2);
    await expect(timeline).toContainText(STAFF);
    await expectNoAxeViolations(page);
  });
}
