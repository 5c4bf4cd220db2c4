import { describe, expect, it } from "vitest";
import { statusClass } from "./metrics";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { addAccount } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { QUALIFIED_ANSWERS, homepageLead, nurseApplication } from "../test-support/test-fixtures";

const METRICS_TOKEN = "metrics-token-0123456789abcdef";

/** The value of the sample `name{labels}` in a Prometheus text exposition (undefined when absent). */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  for (const line of text.split("\n")) {
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match || match[1] !== name) continue;
    const present = Object.fromEntries([...(match[2] ?? "").matchAll(/(\w+)="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    if (Object.entries(labels).every(([key, value]) => present[key] === value)) return Number(match[3]);
  }
  return undefined;
}

describe("statusClass", () => {
  it("groups answers by their first digit, and no answer at all as network", () => {
    expect([200, 204, 301, 404, 429, 500, 503, null, 700].map(statusClass)).toEqual([
      "2xx",
      "2xx",
      "3xx",
      "4xx",
      "4xx",
      "5xx",
      "5xx",
      "network",
      "other",
    ]);
  });
});

describe.each(STORE_KINDS)("GET /metrics on %s", (kind) => {
  const h = forwardingHarness(kind);

  const scrape = async (token = METRICS_TOKEN) => {
    const response = await h.app!.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
    return response.body;
  };

  it("answers 404 when no token is configured, 401 to a wrong or missing token, and never takes ADMIN_TOKEN (decision 0026)", async () => {
    await h.start({});
    expect(
      (await h.app!.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .statusCode,
    ).toBe(404);
    await h.app!.close();

    const adminToken = "admin-token-0123456789abcdef";
    await h.start({ ADMIN_TOKEN: adminToken });
    expect(
      (await h.app!.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${adminToken}` } }))
        .statusCode,
    ).toBe(404);
    await h.app!.close();

    await h.start({ METRICS_TOKEN, ADMIN_TOKEN: adminToken });
    expect((await h.app!.inject({ method: "GET", url: "/metrics" })).statusCode).toBe(401);
    expect(
      (await h.app!.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${adminToken}` } }))
        .statusCode,
    ).toBe(401);
    expect(
      (await h.app!.inject({ method: "GET", url: "/metrics", headers: { authorization: METRICS_TOKEN } })).statusCode,
    ).toBe(401);
    const text = await scrape();
    expect(sample(text, "process_resident_memory_bytes")).toBeGreaterThan(0);
    expect(sample(text, "nodejs_eventloop_lag_seconds")).toBeGreaterThanOrEqual(0);
  });

  it("limits guessing the token as the admin API does: after 10 failures even the right token is refused (decision 0026)", async () => {
    await h.start({ METRICS_TOKEN });
    const codes: number[] = [];
    for (let i = 0; i < 12; i++)
      codes.push(
        (
          await h.app!.inject({
            method: "GET",
            url: "/metrics",
            headers: { authorization: `Bearer guess-${i}-0123456789abcdef` },
          })
        ).statusCode,
      );
    expect(codes.filter((c) => c === 401)).toHaveLength(10);
    expect(codes.slice(10)).toEqual([429, 429]);
    expect(
      (await h.app!.inject({ method: "GET", url: "/metrics", headers: { authorization: `Bearer ${METRICS_TOKEN}` } }))
        .statusCode,
    ).toBe(429);
  });

  it("moves as a lead is stored, its delivery fails and is retried, then delivered, and a sign-in fails; no personal data in it", async () => {
    const hook = await h.receiver();
    let up = false;
    hook.answer = () => (up ? { status: 204 } : { status: 503 });
    await h.start({ METRICS_TOKEN, HOMEPAGE_WEBHOOK_URL: hook.url() });

    let text = await scrape();
    expect(sample(text, "funnel_deliveries_pending", { destination: "homepage_webhook" })).toBe(0);
    expect(sample(text, "funnel_leads_stored_total", { form: "homepage_form" })).toBeUndefined();

    const lead = homepageLead({
      firstName: "Marisol",
      lastName: "Quintanilla",
      email: "marisol.q@clinic.example",
      phone: "4045550199",
    });
    expect((await h.post("/api/leads", lead)).statusCode).toBe(201);
    const applicant = nurseApplication({ email: "applicant.person@nurse.example" });
    expect((await h.post("/api/nurse-applications", applicant)).statusCode).toBe(201);
    await hook.waitFor(2);
    // The second 503 is counted once its answer reaches the outbox.
    const retries = () =>
      sample(text, "funnel_delivery_attempts_total", {
        destination: "homepage_webhook",
        status_class: "5xx",
        result: "retry",
      }) ?? 0;
    for (const deadline = Date.now() + 5000; (text = await scrape()) && retries() < 2 && Date.now() < deadline;)
      await new Promise((r) => setTimeout(r, 20));
    expect(sample(text, "funnel_leads_stored_total", { form: "homepage_form" })).toBe(1);
    expect(sample(text, "funnel_leads_stored_total", { form: "nurse_application" })).toBe(1);
    expect(retries()).toBeGreaterThanOrEqual(2);
    expect(sample(text, "funnel_deliveries_pending", { destination: "homepage_webhook" })).toBe(1);
    expect(
      sample(text, "funnel_deliveries_pending_oldest_age_seconds", { destination: "homepage_webhook" }),
    ).toBeGreaterThan(0);
    expect(
      sample(text, "http_request_duration_seconds_count", { method: "POST", route: "/api/leads", status_code: "201" }),
    ).toBe(1);

    up = true;
    await h.waitForStatus("delivered");
    await addAccount(h.store.db, "signin.person@staff.example");
    const failed = await h.app!.inject({
      method: "POST",
      url: "/api/staff/sign-in",
      payload: { email: "signin.person@staff.example", password: "not the password at all" },
    });
    expect(failed.statusCode).toBe(401);
    await h.app!.inject({ method: "GET", url: `/api/staff/leads/${"marisol.q@clinic.example"}` });

    text = await scrape();
    expect(
      sample(text, "funnel_delivery_attempts_total", {
        destination: "homepage_webhook",
        status_class: "2xx",
        result: "delivered",
      }),
    ).toBe(1);
    expect(sample(text, "funnel_deliveries_pending", { destination: "homepage_webhook" })).toBe(0);
    expect(sample(text, "funnel_deliveries_pending_oldest_age_seconds", { destination: "homepage_webhook" })).toBe(0);
    expect(sample(text, "funnel_staff_sign_in_failures_total")).toBe(1);
    expect(
      sample(text, "http_request_duration_seconds_count", {
        method: "GET",
        route: "/api/staff/leads/:id",
        status_code: "401",
      }),
    ).toBe(1);
    for (const personal of [
      "Marisol",
      "Quintanilla",
      "marisol.q",
      "clinic.example",
      "4045550199",
      "applicant.person",
      "signin.person",
      "@",
    ]) {
      expect(text).not.toContain(personal);
    }
  });

  it("counts the rate limiter's refusals by route pattern and limit, and the rows of a CSV export", async () => {
    const adminToken = "admin-token-0123456789abcdef";
    await h.start({ ADMIN_TOKEN: adminToken, METRICS_TOKEN, RATE_LIMIT_PER_MINUTE: 1, RATE_LIMIT_EXEMPT_IPS: [] });
    expect((await h.post("/api/nurse-applications", nurseApplication())).statusCode).toBe(201);
    expect(
      (await h.post("/api/nurse-applications", nurseApplication({ email: "other@nurse.example" }))).statusCode,
    ).toBe(429);
    const csv = await h.app!.inject({
      method: "GET",
      url: "/api/admin/nurse-applications.csv",
      headers: { authorization: `Bearer ${adminToken}` },
    });
    expect(csv.statusCode).toBe(200);
    const text = await scrape();
    expect(sample(text, "funnel_rate_limited_total", { route: "/api/nurse-applications", limit: "minute" })).toBe(1);
    expect(sample(text, "funnel_csv_rows_exported_total", { export: "/api/admin/nurse-applications.csv" })).toBe(1);
  });

  it("counts a chat qualification completed, by channel and outcome, and the lead entering the pipeline", async () => {
    await h.start({ METRICS_TOKEN });
    const lead = (await h.post("/api/leads", homepageLead())).json<{ id: string; qualificationToken: string }>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      const answer = await h.post("/api/qualification/answers", {
        leadId: lead.id,
        token: lead.qualificationToken,
        questionId,
        value,
      });
      expect(answer.statusCode).toBe(200);
    }
    const text = await scrape();
    expect(sample(text, "funnel_qualifications_completed_total", { channel: "chat", outcome: "qualified" })).toBe(1);
    expect(sample(text, "funnel_pipeline_steps_total", { status: "qualified" })).toBe(1);
  });
});
