import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { facilityLeads, nurseApplications } from "../store/schema";
import { STORE_KINDS, createTestApp, createTestStore, type TestStore } from "../test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "../test-fixtures";

const ALLOWED = new Set([201, 400, 413, 415]);

/** Each field of a valid body kept, dropped, or replaced by anything (wrong types, huge strings, odd keys). */
function around(valid: Record<string, unknown>) {
  const field = (value: unknown) =>
    fc.oneof(
      { weight: 6, arbitrary: fc.constant(value) },
      { weight: 1, arbitrary: fc.constant(undefined) },
      { weight: 1, arbitrary: fc.anything() },
      { weight: 1, arbitrary: fc.string({ maxLength: 40 }) },
      { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.array(fc.string(), { maxLength: 3 })) },
    );
  const entries = Object.fromEntries(Object.entries(valid).map(([key, value]) => [key, field(value)]));
  return fc
    .tuple(fc.record(entries), fc.dictionary(fc.string({ maxLength: 12 }), fc.anything(), { maxKeys: 2 }))
    .map(([body, extra]) => JSON.stringify({ ...extra, ...body }));
}

const hostileBodies = fc.oneof(
  fc.string({ maxLength: 200 }), // malformed JSON, mostly
  fc.constantFrom(
    "",
    "{",
    "null",
    "[]",
    "123",
    '"text"',
    '{"__proto__":{"isSpam":false,"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
    `{"form":"homepage_form","facilityName":"${"x".repeat(20_000)}"}`,
  ),
  fc.string({ minLength: 3000, maxLength: 6000 }).map((s) => JSON.stringify({ ...homepageLead(), facilityName: s.repeat(4) })),
);

describe.each(STORE_KINDS)("fuzzing the public API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  beforeAll(async () => {
    store = await createTestStore(kind);
    app = await createTestApp(store, { MIN_FILL_SECONDS: 0 });
  });
  afterAll(async () => {
    await app.close();
    await store.destroy();
  });

  it("answers only 201/400/413/415 to 2,000+ generated bodies and stores only what it answered 201", async () => {
    const accepted = { leads: new Set<string>(), applications: new Set<string>() };
    let runs = 0;
    const target = fc.oneof(
      around(homepageLead() as Record<string, unknown>).map((body) => ["/api/leads", body, "application/json"] as const),
      around(qualifyLead() as Record<string, unknown>).map((body) => ["/api/leads", body, "application/json"] as const),
      around(nurseApplication() as Record<string, unknown>).map((body) => ["/api/nurse-applications", body, "application/json"] as const),
      fc
        .tuple(fc.constantFrom("/api/leads", "/api/nurse-applications"), hostileBodies, fc.constantFrom("application/json", "text/plain", "application/x-www-form-urlencoded", "application/json; charset=utf-8"))
        .map(([url, body, type]) => [url, body, type] as const),
    );
    await fc.assert(
      fc.asyncProperty(target, async ([url, body, contentType]) => {
        runs++;
        const response = await app.inject({ method: "POST", url, payload: body, headers: { "content-type": contentType } });
        if (!ALLOWED.has(response.statusCode)) throw new Error(`${response.statusCode} for ${body.slice(0, 200)}: ${response.body}`);
        if (response.statusCode === 201) {
          const id = response.json<{ id: string }>().id;
          (url === "/api/leads" ? accepted.leads : accepted.applications).add(id);
        }
      }),
      { numRuns: 2100 },
    );
    expect(runs).toBeGreaterThanOrEqual(2000);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    const leads = await store.db.select({ id: facilityLeads.id }).from(facilityLeads);
    const applications = await store.db.select({ id: nurseApplications.id }).from(nurseApplications);
    expect(new Set(leads.map((r) => r.id))).toEqual(accepted.leads);
    expect(new Set(applications.map((r) => r.id))).toEqual(accepted.applications);
  }, 240_000);
});
