import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { UNTYPEABLE_TEXT_MESSAGE } from "../../domain/text";
import { facilityLeads, nurseApplications } from "../store/schema";
import { around as fieldsAround } from "../test-support/fuzz-arbitraries";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { homepageLead, nurseApplication, qualifyLead } from "../test-support/test-fixtures";

const ALLOWED = new Set([201, 400, 413, 415]);

/** A valid body's fields kept, dropped or replaced (fuzz-arbitraries), as JSON text. */
const around = (valid: Record<string, unknown>) => fieldsAround(valid).map((body) => JSON.stringify(body));

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
  fc
    .string({ minLength: 3000, maxLength: 6000 })
    .map((s) => JSON.stringify({ ...homepageLead(), facilityName: s.repeat(4) })),
);

/** Characters no person types: NUL, other C0 controls, DEL, unpaired surrogates (alone, reversed). */
const HOSTILE_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0008",
  "\u000b",
  "\u001b",
  "\u001f",
  "\u007f",
  "\ud800",
  "\udfff",
  "\ude00\ud83d",
];

/** Every place a string can sit in a valid body: each string field, each array item, each utm value. */
function stringPlaces(body: Record<string, unknown>): Array<(text: string) => Record<string, unknown>> {
  const places: Array<(text: string) => Record<string, unknown>> = [];
  for (const [key, value] of Object.entries(body)) {
    if (typeof value === "string") places.push((text) => ({ ...body, [key]: `${value}${text}` }));
    if (Array.isArray(value))
      value.forEach((_, i) =>
        places.push((text) => ({ ...body, [key]: value.map((item, j) => (i === j ? `${item}${text}` : item)) })),
      );
    if (key === "utm" && value && typeof value === "object") {
      for (const utmKey of Object.keys(value))
        places.push((text) => ({ ...body, utm: { ...value, [utmKey]: `ok${text}` } }));
      places.push((text) => ({ ...body, utm: { ...value, utm_term: `a${text}b` } }));
    }
  }
  places.push((text) => ({ ...body, [`extra${text}`]: "x" })); // an unknown key
  places.push((text) => ({ ...body, nested: { deep: [{ deeper: text }] } })); // an unknown nested value
  return places;
}

const FORMS = [
  ["/api/leads", homepageLead() as Record<string, unknown>],
  ["/api/leads", qualifyLead() as Record<string, unknown>],
  ["/api/nurse-applications", nurseApplication({ message: "Night shifts\nplease" }) as Record<string, unknown>],
] as const;

describe.each(STORE_KINDS)("fuzzing the public API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made), { MIN_FILL_SECONDS: 0 });

  async function storedCount(): Promise<number> {
    const leads = await store.db.select({ id: facilityLeads.id }).from(facilityLeads);
    const applications = await store.db.select({ id: nurseApplications.id }).from(nurseApplications);
    return leads.length + applications.length;
  }

  it("refuses a character no person types in every field, array item and utm value with 400 naming the field, and stores nothing", async () => {
    let cases = 0;
    for (const [url, valid] of FORMS) {
      for (const place of stringPlaces(valid)) {
        for (const character of HOSTILE_CHARACTERS) {
          const body = place(character);
          const response = await app.inject({ method: "POST", url, payload: body });
          cases++;
          expect(response.statusCode, `${url} ${JSON.stringify(body)}`).toBe(400);
          expect(Object.values(response.json<{ fields: Record<string, string> }>().fields)).toContain(
            UNTYPEABLE_TEXT_MESSAGE,
          );
        }
      }
    }
    expect(cases).toBeGreaterThan(450);
    expect(await storedCount()).toBe(0);
    // The same bodies without the hostile characters are stored: the refusal was theirs.
    for (const [url, valid] of FORMS) {
      const response = await app.inject({ method: "POST", url, payload: valid });
      expect(response.statusCode).toBe(201);
    }
    expect(await storedCount()).toBe(3);
  }, 120_000);

  it("a generated string with a hostile character anywhere in any field is refused (fast-check), and nothing is stored", async () => {
    const hostileText = fc
      .tuple(fc.string({ maxLength: 20 }), fc.constantFrom(...HOSTILE_CHARACTERS), fc.string({ maxLength: 20 }))
      .map(([before, character, after]) => `${before}${character}${after}`);
    const target = fc
      .constantFrom(...FORMS)
      .chain(([url, valid]) => fc.tuple(fc.constant(url), fc.constantFrom(...stringPlaces(valid)), hostileText));
    await fc.assert(
      fc.asyncProperty(target, async ([url, place, text]) => {
        const response = await app.inject({ method: "POST", url, payload: place(text) });
        if (response.statusCode !== 400) throw new Error(`${response.statusCode} for ${JSON.stringify(place(text))}`);
      }),
      { numRuns: 500 },
    );
    expect(await storedCount()).toBe(0);
  }, 120_000);

  it("answers only 201/400/413/415 to 2,000+ generated bodies and stores only what it answered 201", async () => {
    const accepted = { leads: new Set<string>(), applications: new Set<string>() };
    let runs = 0;
    const target = fc.oneof(
      around(homepageLead() as Record<string, unknown>).map(
        (body) => ["/api/leads", body, "application/json"] as const,
      ),
      around(qualifyLead() as Record<string, unknown>).map((body) => ["/api/leads", body, "application/json"] as const),
      around(nurseApplication() as Record<string, unknown>).map(
        (body) => ["/api/nurse-applications", body, "application/json"] as const,
      ),
      fc
        .tuple(
          fc.constantFrom("/api/leads", "/api/nurse-applications"),
          hostileBodies,
          fc.constantFrom(
            "application/json",
            "text/plain",
            "application/x-www-form-urlencoded",
            "application/json; charset=utf-8",
          ),
        )
        .map(([url, body, type]) => [url, body, type] as const),
    );
    await fc.assert(
      fc.asyncProperty(target, async ([url, body, contentType]) => {
        runs++;
        const response = await app.inject({
          method: "POST",
          url,
          payload: body,
          headers: { "content-type": contentType },
        });
        if (!ALLOWED.has(response.statusCode))
          throw new Error(`${response.statusCode} for ${body.slice(0, 200)}: ${response.body}`);
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
