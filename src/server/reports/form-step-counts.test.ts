import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { formStepCounts } from "../store/schema";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { burstGuard } from "./form-step-counts";

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

  it("refuses a step or form it does not know, in words", async () => {
    const response = await beacon("form=homepage_form&step=step9");
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe("must be shown, step2, step3 or submitted");
    expect((await beacon("form=nurse&step=shown")).json().error).toBe("must be homepage_form or qualify_page");
    expect(await store.db.$count(formStepCounts)).toBe(0);
  });
});

describe("the burst guard", () => {
  it("lets an address through `perMinute` times a minute, then again the next minute", () => {
    let now = 0;
    const allowed = burstGuard(2, () => now);
    expect([allowed("a"), allowed("a"), allowed("a"), allowed("b")]).toEqual([true, true, false, true]);
    now = 60_000;
    expect(allowed("a")).toBe(true);
  });
});
