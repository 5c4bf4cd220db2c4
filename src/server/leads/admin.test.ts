import { parse } from "csv-parse/sync";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { CONSENT_TEXT } from "../../domain/consent";
import { deliveries } from "../store/schema";
import { CONSENT_VERSION } from "../store/submission";
import { STORE_KINDS, createTestApp, type TestStore, useTestStore } from "../test-support/test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "../test-support/test-fixtures";
import { ADMIN_FAILURES_ALLOWED, LEAD_CSV_COLUMNS } from "./admin";

const TOKEN = "a-test-admin-token-123";
const auth = { authorization: `Bearer ${TOKEN}` };

/** The export read back with a CSV parser package. */
const parseCsv = (text: string): string[][] => parse(text, { relax_column_count: false });

describe.each(STORE_KINDS)("admin API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    await app?.close();
  });

  it("does not exist without ADMIN_TOKEN (404)", async () => {
    app = await createTestApp(store);
    for (const url of ["/api/admin/leads", "/api/admin/leads.csv", "/api/admin/deliveries"]) {
      expect((await app.inject({ url, headers: auth })).statusCode).toBe(404);
    }
  });

  it("refuses a wrong or missing token with 401 and rate-limits failed attempts per address", async () => {
    app = await createTestApp(store, { ADMIN_TOKEN: TOKEN });
    expect((await app.inject({ url: "/api/admin/leads" })).statusCode).toBe(401);
    expect(
      (await app.inject({ url: "/api/admin/leads", headers: { authorization: `Bearer ${TOKEN}x` } })).statusCode,
    ).toBe(401);
    for (let n = 2; n < ADMIN_FAILURES_ALLOWED; n++)
      await app.inject({ url: "/api/admin/leads", remoteAddress: "127.0.0.1" });
    const blocked = await app.inject({ url: "/api/admin/leads", headers: auth });
    expect(blocked.statusCode).toBe(429);
    expect(Number(blocked.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not blocked.
    expect(
      (await app.inject({ url: "/api/admin/leads", headers: auth, remoteAddress: "198.51.100.1" })).statusCode,
    ).toBe(200);
  });

  it("lists leads and applications newest first, with isSpam", async () => {
    app = await createTestApp(store, { ADMIN_TOKEN: TOKEN });
    const first = await app.inject({ method: "POST", url: "/api/leads", payload: qualifyLead() as object });
    const second = await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({ companyWebsite: "bot" }) as object,
    });
    await app.inject({ method: "POST", url: "/api/nurse-applications", payload: nurseApplication() as object });
    const { leads } = (await app.inject({ url: "/api/admin/leads", headers: auth })).json();
    expect(leads.map((l: { id: string }) => l.id)).toEqual([second.json().id, first.json().id]);
    expect(leads.map((l: { isSpam: boolean }) => l.isSpam)).toEqual([true, false]);
    const { applications } = (await app.inject({ url: "/api/admin/nurse-applications", headers: auth })).json();
    expect(applications).toHaveLength(1);
  });

  it("exports every lead field as CSV with consent proof and attribution, neutralising formulas", async () => {
    app = await createTestApp(store, { ADMIN_TOKEN: TOKEN });
    await app.inject({
      method: "POST",
      url: "/api/leads",
      payload: homepageLead({
        facilityName: '=HYPERLINK("http://evil")',
        title: 'Head, "Nursing"',
        utm: { utm_source: "google", utm_campaign: "fall" },
      }) as object,
      headers: { "user-agent": "UA/2" },
      remoteAddress: "198.51.100.9",
    });
    const response = await app.inject({ url: "/api/admin/leads.csv", headers: auth });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/csv/);
    expect(response.headers["content-disposition"]).toContain("leads.csv");
    const [header, row] = parseCsv(response.body);
    expect(header).toEqual([...LEAD_CSV_COLUMNS]);
    const record = Object.fromEntries(header!.map((name, i) => [name, row![i]]));
    expect(record).toMatchObject({
      facilityName: '\'=HYPERLINK("http://evil")',
      title: 'Head, "Nursing"',
      email: "dana@sunrise.example",
      consentAgreed: "true",
      consentText: CONSENT_TEXT,
      consentVersion: CONSENT_VERSION,
      clientIp: "198.51.100.9",
      userAgent: "Mozilla/5.0 test",
      pageUrl: "http://localhost:3000/?utm_source=google",
      referrer: "https://www.google.com/",
      rolesNeeded: '["CNA","RN"]',
      isSpam: "false",
    });
    expect(JSON.parse(record.utm!)).toEqual({ utm_source: "google", utm_campaign: "fall" });
    expect(record.receivedAt).toMatch(/^\d{4}-\d\d-\d\dT/);

    const applications = await app.inject({ url: "/api/admin/nurse-applications.csv", headers: auth });
    expect(parseCsv(applications.body)[0]).toContain("zipCode");
  });

  it("lists pending and failed deliveries with their last error, and retries one or all failed", async () => {
    app = await createTestApp(
      store,
      { ADMIN_TOKEN: TOKEN, HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook" },
      { outbox: false },
    );
    await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() as object });
    await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead({ email: "b@x.example" }) as object });
    await store.db.update(deliveries).set({ status: "failed", lastError: "HTTP 410" });
    const listed = (await app.inject({ url: "/api/admin/deliveries", headers: auth })).json().deliveries;
    expect(listed).toHaveLength(2);
    expect(listed[0]).toMatchObject({ status: "failed", lastError: "HTTP 410", destination: "homepage_webhook" });
    expect(listed[0].payload).toBeUndefined();

    const one = await app.inject({ method: "POST", url: `/api/admin/deliveries/${listed[0].id}/retry`, headers: auth });
    expect(one.json()).toEqual({ retried: 1 });
    expect(
      (await app.inject({ method: "POST", url: `/api/admin/deliveries/${listed[0].id}/retry`, headers: auth }))
        .statusCode,
    ).toBe(404);
    const pending = (await app.inject({ url: "/api/admin/deliveries?status=pending", headers: auth })).json()
      .deliveries;
    expect(pending.map((d: { id: string }) => d.id)).toEqual([listed[0].id]);
    const all = await app.inject({ method: "POST", url: "/api/admin/deliveries/retry-failed", headers: auth });
    expect(all.json()).toEqual({ retried: 1 });
    expect((await app.inject({ url: "/api/admin/deliveries?status=bogus", headers: auth })).statusCode).toBe(400);
  });
});
