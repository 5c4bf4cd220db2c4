import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import { Redis } from "ioredis";
import { afterAll, afterEach, describe, expect, it, vi } from "vitest";
import { FORM_STEP_LIMITS } from "../../domain/form-steps";
import { formStepCounts } from "../store/schema";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApp, useTestApps, type TestStore } from "../test-support/test-helpers";

const BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36";
const CRAWLER = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const today = new Date().toISOString().slice(0, 10);

describe.each(STORE_KINDS)("the form's step counts on %s", (kind) => {
  let app: FastifyInstance;
  let store: TestStore;
  useTestApp(kind, (made) => ({ app, store } = made));

  const beacon = (query: string, agent = BROWSER, ip = "203.0.113.7") =>
    app.inject({
      method: "POST",
      url: `/api/form-steps?${query}`,
      headers: { "user-agent": agent },
      remoteAddress: ip,
    });

  it("counts each step per day, form and source, with nothing else kept and no cookie", async () => {
    for (const step of ["shown", "step2", "step3", "submitted"]) {
      const response = await beacon(`form=homepage_form&step=${step}&source=google`);
      expect(response.statusCode).toBe(204);
      expect(response.headers["set-cookie"]).toBeUndefined();
    }
    await beacon("form=homepage_form&step=shown&source=google", BROWSER, "203.0.113.8");
    await beacon("form=qualify_page&step=shown");
    const rows = await store.db.select().from(formStepCounts).orderBy(formStepCounts.form, formStepCounts.step);
    expect(rows).toEqual([
      { day: today, form: "homepage_form", source: "google", step: "shown", count: 2 },
      { day: today, form: "homepage_form", source: "google", step: "step2", count: 1 },
      { day: today, form: "homepage_form", source: "google", step: "step3", count: 1 },
      { day: today, form: "homepage_form", source: "google", step: "submitted", count: 1 },
      { day: today, form: "qualify_page", source: "direct", step: "shown", count: 1 },
    ]);

    await addAccount(store.db, "counts@provider.example");
    const me = await signIn(app, "counts@provider.example");
    const report = await app.inject({ method: "GET", url: "/api/staff/reports/form-steps", headers: me.headers });
    expect(report.json().forms[0]).toEqual({
      form: "homepage_form",
      steps: [
        { step: "shown", count: 2 },
        { step: "step2", count: 1 },
        { step: "step3", count: 1 },
        { step: "submitted", count: 1 },
      ],
    });
  });

  it("answers a crawler, a request without a user agent and a burst alike, and counts none of them", async () => {
    expect((await beacon("form=homepage_form&step=shown", CRAWLER)).statusCode).toBe(204);
    expect(
      (await app.inject({ method: "POST", url: "/api/form-steps?form=homepage_form&step=shown" })).statusCode,
    ).toBe(204);
    expect(await store.db.$count(formStepCounts)).toBe(0);
    for (let i = 0; i < 40; i++) await beacon("form=homepage_form&step=step2", BROWSER, "198.51.100.9");
    const [row] = await store.db.select().from(formStepCounts);
    expect(row?.count).toBe(30);
  });

  it("200 beacons from one /64 count as one client's burst", async () => {
    for (let i = 1; i <= 200; i++)
      expect(
        (await beacon("form=homepage_form&step=submitted", BROWSER, `2001:db8:7:8:${i.toString(16)}::${i}`)).statusCode,
      ).toBe(204);
    const counted = async () => (await store.db.select().from(formStepCounts))[0]?.count;
    expect(await counted()).toBe(FORM_STEP_LIMITS.perClientPerMinute);
    // Another /64 is another client; an IPv4 address counts as itself.
    await beacon("form=homepage_form&step=submitted", BROWSER, "2001:db8:7:9::1");
    await beacon("form=homepage_form&step=submitted", BROWSER, "198.51.100.10");
    expect(await counted()).toBe(FORM_STEP_LIMITS.perClientPerMinute + 2);
  });

  describe("a client's day", () => {
    afterEach(() => vi.useRealTimers());

    it("counts at most FORM_STEP_LIMITS.perClientPerDay beacons a day from one address, however slowly sent", async () => {
      const start = new Date("2026-11-27T09:00:00Z");
      vi.useFakeTimers({ toFake: ["Date"], now: start });
      const perMinute = 25; // under the minute's limit, so only the day's can stop them
      for (let minute = 0; minute < 10; minute++) {
        vi.setSystemTime(new Date(start.getTime() + minute * 61_000));
        for (let i = 0; i < perMinute; i++) await beacon("form=qualify_page&step=shown", BROWSER, "203.0.113.50");
      }
      const day = async () =>
        (await store.db.select().from(formStepCounts)).find((row) => row.day === "2026-11-27")?.count;
      expect(await day()).toBe(FORM_STEP_LIMITS.perClientPerDay);
      // Another client the same day is still counted; the same client is counted again a day later.
      await beacon("form=qualify_page&step=shown", BROWSER, "203.0.113.51");
      expect(await day()).toBe(FORM_STEP_LIMITS.perClientPerDay + 1);
      vi.setSystemTime(new Date(start.getTime() + 86_400_000 + 10 * 61_000));
      await beacon("form=qualify_page&step=shown", BROWSER, "203.0.113.50");
      const rows = await store.db.select().from(formStepCounts);
      expect(rows.find((row) => row.day === "2026-11-28")?.count).toBe(1);
    });
  });

  it("refuses a step or form it does not know, in words", async () => {
    const response = await beacon("form=homepage_form&step=step9");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("must be shown, step2, step3 or submitted");
    expect((await beacon("form=nurse&step=shown")).json().error).toBe("must be homepage_form or qualify_page");
    expect(await store.db.$count(formStepCounts)).toBe(0);
  });
});

describe.runIf(process.env.TEST_REDIS_URL)("the form's step limits shared through Redis", () => {
  let store: TestStore;
  const build = useTestApps("pglite", (made) => (store = made));
  const namespace = `test-form-steps-${randomBytes(4).toString("hex")}:`;
  afterAll(async () => {
    const redis = new Redis(process.env.TEST_REDIS_URL!);
    const keys = await redis.keys(`${namespace}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  });

  it("counts one /64's beacons once across two servers", async () => {
    const options = { rateLimitNamespace: namespace };
    const servers = [
      await build({ REDIS_URL: process.env.TEST_REDIS_URL }, options),
      await build({ REDIS_URL: process.env.TEST_REDIS_URL }, options),
    ];
    for (let i = 1; i <= 60; i++)
      await servers[i % 2]!.inject({
        method: "POST",
        url: "/api/form-steps?form=homepage_form&step=shown",
        headers: { "user-agent": BROWSER },
        remoteAddress: `2001:db8:aa:bb::${i.toString(16)}`,
      });
    const [row] = await store.db.select().from(formStepCounts);
    expect(row?.count).toBe(FORM_STEP_LIMITS.perClientPerMinute);
  });
});
