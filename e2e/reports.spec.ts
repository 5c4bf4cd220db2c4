import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { sourceLabel } from "../src/web/content/staff-reports";
import { startRegistryStandIns, type RegistryStandIns } from "../src/server/test-support/verification-harness";
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
import { codeOf } from "./staff-second-factor";

/**
 * Reports (decision 0039) in Chromium, on a server of its own: the form's step counts from a real
 * journey (a crawler's visit and a step shown twice add nothing, no cookie is set), the landing's
 * "spots left" following first filled shifts within a minute without a rebuild, and the Reports
 * view (axe, its charts' text, its CSV).
 */

const PASSWORD = "journeys need a long passphrase";
const WORKER = "reports-worker@provider.example";
/** Records first shifts: decision 0043 counts a facility's first shift toward the spots only when an admin recorded it (or a card was really ordered). */
const ADMIN = "reports-admin@provider.example";
const CAPACITY = 3;

let server: RunningServer;
let registries: RegistryStandIns;
const test = base.extend<object, { reportsServer: RunningServer }>({
  reportsServer: [
    async ({}, use) => {
      // The public registries' stand-ins (the server tests' seeds): the spots count only facilities a registry matched (decision 0043).
      registries = await startRegistryStandIns();
      const dataDir = mkdtempSync(join(tmpdir(), "staffing-reports-"));
      await staffCli(dataDir, ["add", WORKER], PASSWORD);
      await staffCli(dataDir, ["add", ADMIN, "--admin"], PASSWORD);
      server = await startServer({
        DATA_DIR: dataDir,
        ONBOARDING_CAPACITY_PER_QUARTER: String(CAPACITY),
        MIN_FILL_SECONDS: "0",
        NPPES_API_URL: registries.nppes.url,
        CMS_PROVIDER_DATA_URL: registries.cms.url,
        FACILITY_WEBSITE_URL: registries.web.websiteUrl,
      });
      await use(server);
      await server.stop();
      await registries.close();
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

type StaffApi = (path: string, body?: object) => Promise<Response>;

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");

/** The staff API as the console calls it: a session cookie, its CSRF token, the console's header. */
async function staffSession(): Promise<StaffApi> {
  const signIn = await fetch(`${server.baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-console": "1" },
    body: JSON.stringify({ email: WORKER, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const cookie = cookieOf(signIn);
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  return apiOf(cookie, csrfToken);
}

let admin: StaffApi | undefined;
/** The admin's API session: signed in, its second factor set up once (admins must have one), as the console does it. */
async function adminSession(): Promise<StaffApi> {
  if (admin) return admin;
  const signIn = await fetch(`${server.baseURL}/api/staff/sign-in`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-staff-console": "1" },
    body: JSON.stringify({ email: ADMIN, password: PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const enrolling = (await signIn.json()) as { stage: string; csrfToken: string };
  expect(enrolling.stage).toBe("enrol");
  const api = apiOf(cookieOf(signIn), enrolling.csrfToken);
  const setup = await api("/second-factor/setup", { password: PASSWORD });
  expect(setup.status).toBe(200);
  const secret = ((await setup.json()) as { secret: string }).secret.replace(/\s+/g, "");
  const confirm = await api("/second-factor/confirm", { code: codeOf(secret) });
  expect(confirm.status).toBe(200);
  const { csrfToken } = (await confirm.json()) as { csrfToken: string };
  admin = apiOf(cookieOf(confirm) || cookieOf(signIn), csrfToken);
  return admin;
}

function apiOf(cookie: string, csrfToken: string): StaffApi {
  return (path, body) =>
    fetch(`${server.baseURL}/api/staff${path}`, {
      method: body ? "POST" : "GET",
      headers: { cookie, "x-staff-console": "1", "x-csrf-token": csrfToken, "content-type": "application/json" },
      ...(body ? { body: JSON.stringify(body) } : {}),
    });
}

/**
 * A Georgia facility's lead taken to its first filled shift through the console's API, with the
 * evidence decision 0043 asks before the public claim counts it: the registries matched the
 * facility (staff ask them again, as the lead's page does: its NPI is stored with the
 * verification) and an admin, not the worker who took the other steps, records the first shift.
 */
async function firstShiftFilled(facilityName: string, email: string) {
  const api = await staffSession();
  const id = await postLead(
    server.baseURL,
    homepageLead({ facilityName, email, phone: `555${Date.now() % 10_000_000}` }),
  );
  const checked = await api(`/leads/${id}/verification`, {});
  expect(checked.status).toBe(201);
  const detail = (await (await api(`/leads/${id}`)).json()) as {
    verification: { registry: { status: string; facility: { npi: string | null } | null } } | null;
  };
  expect(detail.verification?.registry.status, `${facilityName}: the registries' match`).toBe("matched");
  expect(detail.verification?.registry.facility?.npi).toMatch(/^\d{10}$/);
  const status = async () =>
    ((await (await api(`/leads/${id}`)).json()) as { lead: { pipelineStatus: string } }).lead.pipelineStatus;
  // The check may have verified the role already (a registry match): only the steps still to take.
  if ((await status()) !== "role_verified") {
    const verified = await api(`/leads/${id}/steps`, {
      to: "role_verified",
      method: "phone_call_to_facility",
      note: "Called the facility's desk",
    });
    expect(verified.status).toBe(201);
  }
  const card = await api(`/leads/${id}/steps`, { to: "gift_card_sent", reference: `CARD-${email}` });
  expect(card.status).toBe(201);
  const filled = await (await adminSession())(`/leads/${id}/steps`, { to: "first_shift_filled" });
  expect(filled.status).toBe(201);
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

  // Facilities the registries' stand-ins know in Georgia (registry-seeds.ts).
  await firstShiftFilled("Sunrise Nursing & Rehab Center", uniqueEmail("sunrise"));
  await firstShiftFilled("Sunrise Nursing & Rehab Center", uniqueEmail("sunrise-again")); // the same facility: counted once
  await firstShiftFilled("Mercy General Hospital", uniqueEmail("mercy"));
  await claimReads(page, "1 spot left in the Southeast");

  await firstShiftFilled("Peach State Assisted Living", uniqueEmail("peach"));
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
    // Sources named as the lead list names them: "Google" for the key "google".
    await expect(table.getByRole("row", { name: new RegExp(`^${sourceLabel(row.key)} ${row.leads}`) })).toBeVisible();
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

test("the Reports view on a 390 px phone: each chart's drawing fits the screen, none of its words cut off, no sideways scroll, each figure labelled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await submitSignIn(page, WORKER, PASSWORD);
  await expect(page.getByRole("heading", { name: "Leads", exact: true })).toBeVisible();
  await page.goto("/staff/reports");
  await expect(page.getByRole("heading", { name: "Reports", level: 1 })).toBeVisible();
  const figures = page.locator("figure[data-chart]");
  await expect(figures).toHaveCount(3);
  // Drawn at the figure's width once hydrated (560 px on the server).
  await expect.poll(async () => (await figures.first().locator("svg").first().boundingBox())?.width).toBeLessThan(390);
  for (const figure of await figures.all()) {
    const id = await figure.getAttribute("data-chart");
    const svg = figure.locator("svg[role=img]");
    // Each figure labelled: the drawing's name and the caption it is described by.
    await expect(svg, `${id}: named`).toHaveAttribute("aria-label", /\S/);
    await expect(figure.locator("figcaption"), `${id}: caption`).toHaveText(/\S/);
    const box = (await svg.boundingBox())!;
    expect(box.x, `${id}: left edge on screen`).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width, `${id}: right edge on screen`).toBeLessThanOrEqual(390);
    // Every label, tick and legend entry inside the drawing's box (nothing cut off on the right).
    const outside = await figure.evaluate((element) => {
      const frame = element.querySelector("svg[role=img]")!.getBoundingClientRect();
      const words = [...element.querySelectorAll("svg text, .recharts-legend-wrapper li")];
      return words
        .map((word) => ({ text: word.textContent ?? "", box: word.getBoundingClientRect() }))
        .filter(({ box }) => box.width > 0 && (box.left < frame.left - 1 || box.right > frame.right + 1))
        .map(({ text }) => text);
    });
    expect(outside, `${id}: words outside the drawing`).toEqual([]);
  }
  // The funnel's labels carry their figures ("Qualified 4").
  await expect(page.locator("figure[data-chart=chart-funnel] svg text").first()).toHaveText(/^Leads \d+$/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
  await expectNoAxeViolations(page);
});
