import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { VIEWPORTS, expect, expectNoAxeViolations, storedLead, test as base, uniqueEmail } from "./fixtures";
import {
  LEAD_FORM,
  fillContactStep,
  fillFacilityStep,
  fillNeedsStep,
  next,
  openLanding,
  submit,
} from "./landing-helpers";
import { startServer, type RunningServer } from "./server";
import { postLead, staffCli, submitSignIn } from "./staff-helpers";

/**
 * Reports (decision 0039) in Chromium, on a server of its own: the form's step counts from a real
 * journey (a crawler's visit and a step shown twice add nothing, no cookie is set), the landing's
 * "spots left" following first filled shifts within a minute without a rebuild, and the Reports
 * view (axe, its charts' text, its CSV).
 */

const PASSWORD = "journeys need a long passphrase";
const WORKER = "reports-worker@provider.example";
const CAPACITY = 3;

let server: RunningServer;
const test = base.extend<object, { reportsServer: RunningServer }>({
  reportsServer: [
    async ({}, use) => {
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-reports-"));
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      server = await startServer({
        DATA_DIR: dataDir,
        ONBOARDING_CAPACITY_PER_QUARTER: String(CAPACITY),
        MIN_FILL_SECONDS: "0",
      });
      await use(server);
      await server.stop();
    },
    { scope: "worker", timeout: 120_000 },
  ],
  baseURL: async ({ reportsServer }, use) => use(reportsServer.baseURL),
});
test.describe.configure({ mode: "serial" });
// Headless Chromium names itself "HeadlessChrome", which the server takes for a crawler (isbot): the journeys say what a visitor's Chrome says.
test.use({
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
});

/** The staff API as the console calls it: a session cookie, its CSRF token, the console's header. */
async function staffSession(): Promise<(path: string, body?: object) => Promise<Response>> {
  const signIn = await fetch(`${server.baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-console": "1" },
    body: JSON.stringify({ email: WORKER, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return (path, body) =>
    fetch(`${server.baseURL}/api/staff${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie, "x-staff-console": "1", "x-csrf-token": csrfToken, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

/** A Georgia facility's lead taken to its first filled shift through the console's API. */
async function firstShiftFilled(facilityName: string, email: string) {
  const api = await staffSession();
  const id = await postLead(
    server.baseURL,
    homepageLead({ facilityName, email, phone: `555${Date.now() % 10_000_000}` }),
  );
  for (const step of [
    { to: "role_verified", method: "phone_call_to_facility", note: "Called the facility's desk" },
    { to: "gift_card_sent", reference: `CARD-${email}` },
    { to: "first_shift_filled" },
  ]) {
    const response = await api(`/leads/${id}/steps`, step);
    expect(response.status, JSON.stringify(step)).toBe(201);
  }
}

const claim = (page: Page) => page.locator("[data-spots-claim]");

/** The landing page's claim once hydrated, reloaded until it reads `words` (the server's copy is at most 30 s old, the browser's 30 s more). */
async function claimReads(page: Page, words: string) {
  await expect
    .poll(
      async () => {
        await page.goto("/");
        await expect(claim(page)).not.toHaveAttribute("data-spots-claim", "pending");
        return claim(page).innerText();
      },
      { timeout: 70_000, intervals: [5_000] },
    )
    .toBe(words);
}

test("the form's steps are counted once per page load, cookieless; a crawler adds nothing", async ({
  page,
  browser,
}) => {
  const api = await staffSession();
  const counts = async () => {
    const body = (await (await api("/reports/form-steps")).json()) as {
      forms: { form: string; steps: { step: string; count: number }[] }[];
    };
    return body.forms.find((f) => f.form === "homepage_form")!.steps.map((s) => s.count);
  };
  expect(await counts()).toEqual([0, 0, 0, 0]);

  await openLanding(page, "/?utm_source=linkedin");
  await fillFacilityStep(page, "Step Count Care Center");
  await next(page).click();
  await fillNeedsStep(page);
  // Back to step 1 and on again: step 2 is reached twice in this page load, counted once.
  await page.getByRole("button", { name: "Previous" }).click();
  await next(page).click();
  await next(page).click();
  const email = uniqueEmail("steps");
  await fillContactStep(page, email);
  await submit(page).click();
  await expect(page.getByRole("link", { name: "Claim Your $50 Demo" })).toBeVisible();
  await expect.poll(counts, { timeout: 10_000 }).toEqual([1, 1, 1, 1]);
  expect(await page.context().cookies()).toEqual([]);

  // A crawler goes through the same steps: nothing more is counted.
  const crawler = await browser.newContext({
    userAgent: "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)",
  });
  const bot = await crawler.newPage();
  await bot.goto(`${server.baseURL}/`);
  await expect(bot.locator(`${LEAD_FORM}[data-ready]`)).toBeAttached();
  await fillFacilityStep(bot, "Crawler Care");
  await next(bot).click();
  await expect(bot.getByRole("heading", { name: "What are your staffing needs?" })).toBeVisible();
  await crawler.close();
  await page.waitForTimeout(1_000);
  expect(await counts()).toEqual([1, 1, 1, 1]);
  expect(await storedLead(server.baseURL, email)).toMatchObject({ trafficSource: "google" });
});

test("the landing's spots follow first filled shifts within a minute, count a facility once, and a full region still takes the lead", async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize(VIEWPORTS.desktop);
  await claimReads(page, `${CAPACITY} spots left in the Southeast`);
  const heading = await page.locator("#final-cta-heading").boundingBox();

  // Without JavaScript the page keeps its prerendered sentence, in the same box: nothing moves when the figure arrives.
  const noScript = await browser.newContext({ javaScriptEnabled: false, viewport: VIEWPORTS.desktop });
  const plain = await noScript.newPage();
  await plain.goto(`${server.baseURL}/`);
  await expect(claim(plain)).toHaveText("Spots are limited in every region");
  expect(await plain.locator("#final-cta-heading").boundingBox()).toEqual(heading);
  await noScript.close();

  await firstShiftFilled("Peachtree Care Center", uniqueEmail("peach"));
  await firstShiftFilled("Peachtree Care Center", uniqueEmail("peach-again")); // the same facility: counted once
  await firstShiftFilled("Magnolia Health", uniqueEmail("magnolia"));
  await claimReads(page, "1 spot left in the Southeast");

  await firstShiftFilled("Live Oak Nursing Home", uniqueEmail("oak"));
  await claimReads(page, "No spots left in the Southeast this quarter");
  await expectNoAxeViolations(page);

  // A visitor from Texas sees their own region's figure; from Georgia, the waiting list.
  await expect(page.locator(`${LEAD_FORM}[data-ready]`)).toBeAttached();
  await page.getByLabel("Location (state)").selectOption("Texas");
  await expect(claim(page)).toHaveText(`${CAPACITY} spots left in the Southwest`);
  await page.getByLabel("Location (state)").selectOption("Georgia");
  await expect(page.getByText(/No spots left in the Southeast this quarter: send your request/)).toBeVisible();
  const email = uniqueEmail("waiting");
  await page.getByLabel("Facility name").fill("Waiting List Care");
  await page.getByLabel("Facility type").selectOption({ label: "Nursing Home" });
  await next(page).click();
  await fillNeedsStep(page);
  await next(page).click();
  await fillContactStep(page, email);
  await submit(page).click();
  await expect(page.getByRole("link", { name: "Claim Your $50 Demo" })).toBeVisible();
  const api = await staffSession();
  const list = (await (await api(`/leads?q=${encodeURIComponent(email)}`)).json()) as { leads: { email: string }[] };
  expect(list.leads.map((lead) => lead.email)).toEqual([email]);
});

test("the Reports view: the API's figures in the table, three charts with their text, the CSV, no axe violation", async ({
  page,
}) => {
  const api = await staffSession();
  const report = (await (await api("/reports/funnel?by=source")).json()) as {
    rows: { key: string; leads: number; giftCardSent: number }[];
    totals: { leads: number; firstShiftFilled: number };
  };
  expect(report.totals.firstShiftFilled).toBe(4);

  await submitSignIn(page, WORKER, PASSWORD);
  await page.getByRole("link", { name: "Reports" }).click();
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const table = page.getByRole("table", { name: "The funnel by group" });
  for (const row of report.rows)
    await expect(table.getByRole("row", { name: new RegExp(`^${row.key} ${row.leads}`) })).toBeVisible();
  await expect(table.getByRole("row", { name: new RegExp(`^Total ${report.totals.leads}`) })).toBeVisible();
  await expect(page.locator("figure[data-chart] svg[role=img]")).toHaveCount(3);
  await expect(page.locator("figure[data-chart] figcaption")).toHaveCount(3);

  await page.getByLabel("Group by").selectOption("region");
  await page.getByRole("button", { name: "Show report" }).click();
  await expect(page).toHaveURL(/by=region/);
  await expect(table.getByRole("row", { name: /^Southeast / })).toBeVisible();
  await expectNoAxeViolations(page);

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download this table (CSV)" }).click();
  const csv = await (await (await download).createReadStream()).toArray();
  const text = Buffer.concat(csv).toString("utf8");
  expect(text.split("\r\n")[0]).toMatch(/^key,leads,qualified,/);
  expect(text).toContain("\r\nSoutheast,");
  expect(text).toContain(`\r\ntotal,${report.totals.leads},`);
});
