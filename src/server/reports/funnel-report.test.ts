import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { facilityLeads } from "../store/schema";
import { SEEDED_FUNNEL, seedFunnel } from "../test-support/funnel-seed";
import { addAccount, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";

const today = new Date().toISOString().slice(0, 10);

describe.each(STORE_KINDS)("the funnel report on %s", (kind) => {
  let app: FastifyInstance;
  let store: TestStore;
  let me: SignedIn;
  useTestApp(kind, (made) => ({ app, store } = made), { MIN_FILL_SECONDS: 0 }, { resetAfterEach: false });

  beforeAll(async () => {
    await seedFunnel(app);
    await addAccount(store.db, "viewer@provider.example", "staff");
    me = await signIn(app, "viewer@provider.example");
  });

  const get = (url: string, headers = me.headers) => app.inject({ method: "GET", url, headers });

  it("counts each source's leads at every step they reached, cumulative; spam and the repeat left out, the erased lead in", async () => {
    const response = await get(`/api/staff/reports/funnel?from=${today}&to=${today}&by=source`);
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ from: today, to: today, by: "source" });
    expect(body.rows).toEqual(SEEDED_FUNNEL.source);
    expect(body.totals).toEqual(SEEDED_FUNNEL.totals);
    expect(body.money).toEqual({ giftCardsUsd: 100, bonusesUsd: 250, costPerVerifiedFacilityUsd: 116.67 });
    // Every step was taken within a minute of its lead: the durations are kept to the minute.
    expect(body.times).toMatchObject({ toQualified: { median: 0, p90: 0 }, toGiftCard: { median: 0, p90: 0 } });
    expect(body.times.oldestWaitingHours).toBeGreaterThanOrEqual(0);
    expect(body.cardHours.map((b: { leads: number }) => b.leads)).toEqual([2, 0, 0, 0, 0]);
    expect(body.weeklyBySource.map((w: { source: string; leads: number }) => [w.source, w.leads])).toEqual([
      ["facebook", 1],
      ["google", 2],
      ["linkedin", 2],
    ]);
    // The spam lead is stored (6 rows), only not counted.
    expect(await store.db.$count(facilityLeads)).toBe(6);
  });

  it("groups by region, campaign and form, the erased lead's campaign kept", async () => {
    for (const by of ["region", "campaign", "form"] as const) {
      const response = await get(`/api/staff/reports/funnel?from=${today}&to=${today}&by=${by}`);
      expect(response.json().rows, by).toEqual(SEEDED_FUNNEL[by]);
      expect(response.json().totals).toEqual(SEEDED_FUNNEL.totals);
    }
    const byState = await get(`/api/staff/reports/funnel?from=${today}&to=${today}&by=state`);
    expect(byState.json().rows.map((r: { key: string; leads: number }) => [r.key, r.leads])).toEqual([
      ["Georgia", 3],
      ["Texas", 2],
    ]);
  });

  it("counts a cohort by the day each lead was created: a range before today has none", async () => {
    const response = await get("/api/staff/reports/funnel?from=2020-01-01&to=2020-01-31&by=week");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      rows: [],
      totals: { leads: 0 },
      money: { costPerVerifiedFacilityUsd: null },
    });
  });

  it("answers the CSV of the same table, totals last", async () => {
    const response = await get(`/api/staff/reports/funnel.csv?from=${today}&to=${today}&by=source`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    const lines = response.body.trim().split("\r\n");
    expect(lines[0]).toBe(
      "key,leads,qualified,qualifiedConversion%,roleVerified,roleVerifiedConversion%,giftCardSent,giftCardSentConversion%,firstShiftFilled,firstShiftFilledConversion%,bonusSent,bonusSentConversion%,roleVerifiedAutomatically,roleVerifiedByStaff,rejected,overallConversion%",
    );
    expect(lines.slice(1)).toEqual([
      "google,2,2,100,1,50,1,100,1,100,1,100,0,1,0,50",
      "linkedin,2,2,100,2,100,1,50,0,0,0,,1,1,1,0",
      "facebook,1,0,0,0,,0,,0,,0,,0,0,0,0",
      "total,5,4,80,3,75,2,66.7,1,50,1,100,1,2,1,20",
    ]);
  });

  it("refuses bad ranges and groupings in words, and a request without a session or the console's header", async () => {
    const bad = await get("/api/staff/reports/funnel?from=2026-02-30&by=source");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error).toBe("must be a date (YYYY-MM-DD)");
    const backwards = await get("/api/staff/reports/funnel?from=2026-03-02&to=2026-03-01");
    expect(backwards.json()).toMatchObject({ error: "from must be on or before to" });
    const grouping = await get("/api/staff/reports/funnel?by=person");
    expect(grouping.statusCode).toBe(400);
    expect(grouping.json().error).toContain("must be one of source, campaign");
    expect((await get("/api/staff/reports/funnel", {})).statusCode).toBe(401);
    expect((await get("/api/staff/reports/funnel", { cookie: me.cookie })).statusCode).toBe(403);
  });

  it("defaults to the last 30 days grouped by source", async () => {
    const response = await get("/api/staff/reports/funnel");
    expect(response.json()).toMatchObject({ by: "source", to: today, totals: SEEDED_FUNNEL.totals });
    expect(Date.parse(today) - Date.parse(response.json().from)).toBe(29 * 86_400_000);
  });
});
