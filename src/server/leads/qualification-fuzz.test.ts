import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { QUALIFICATION_OUTCOMES } from "../../domain/qualification-outcome";
import { QUESTION_IDS } from "../../domain/qualification-questions";
import { chatQualifications, voiceCalls } from "../store/schema";
import { around } from "../test-support/fuzz-arbitraries";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { chatLead, endOfCallReport } from "../test-support/test-fixtures";

const hostile = fc.oneof(
  fc.string({ maxLength: 200 }),
  fc.constantFrom(
    "",
    "{",
    "null",
    "[]",
    "123",
    '"text"',
    '{"__proto__":{"polluted":true}}',
    '{"constructor":{"prototype":{"polluted":true}}}',
  ),
);

const ALLOWED = {
  "/api/qualification/session": new Set([200, 400, 401, 413, 415]),
  "/api/qualification/answers": new Set([200, 400, 401, 409, 413, 415]),
  "/api/voice/events": new Set([200, 400, 401, 413, 415]),
};
type Route = keyof typeof ALLOWED;
const SECRET = "voice-secret-of-the-fuzz-12345";

describe.each(STORE_KINDS)("fuzzing the qualification routes on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let lead: { id: string; qualificationToken: string };
  // The lead made once before the tests is fuzzed by all of them: rows stay between tests.
  useTestApp(
    kind,
    (made) => ({ store, app } = made),
    { MIN_FILL_SECONDS: 0, VOICE_WEBHOOK_SECRET: SECRET },
    {
      resetAfterEach: false,
    },
  );
  beforeAll(async () => {
    lead = (await app.inject({ method: "POST", url: "/api/leads", payload: chatLead() })).json();
  });

  const fuzz = async (
    url: Route,
    bodies: fc.Arbitrary<string>,
    headers: Record<string, string> = {},
    numRuns = 1100,
  ) => {
    let runs = 0;
    await fc.assert(
      fc.asyncProperty(
        bodies,
        fc.constantFrom("application/json", "application/json; charset=utf-8", "text/plain"),
        async (body, contentType) => {
          runs++;
          const response = await app.inject({
            method: "POST",
            url,
            payload: body,
            headers: { "content-type": contentType, ...headers },
          });
          if (!ALLOWED[url].has(response.statusCode))
            throw new Error(`${response.statusCode} for ${body.slice(0, 300)}: ${response.body}`);
        },
      ),
      { numRuns },
    );
    expect(runs).toBe(numRuns);
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  };

  it("answers only 2xx/4xx to 1,100 bodies on /api/qualification/session", async () => {
    const valid = { leadId: lead.id, token: lead.qualificationToken };
    await fuzz(
      "/api/qualification/session",
      fc.oneof(
        { weight: 4, arbitrary: around(valid).map((b) => JSON.stringify(b)) },
        { weight: 1, arbitrary: hostile },
      ),
    );
  }, 240_000);

  it("answers only 2xx/4xx to 1,100 bodies on /api/qualification/answers and keeps only valid answers", async () => {
    const valid = { leadId: lead.id, token: lead.qualificationToken, questionId: "role", value: "administrator" };
    const questionAndValue = fc.record({
      questionId: fc.constantFrom(
        "role",
        "roleTitle",
        "facilitySize",
        "shiftFilling",
        "openShifts",
        "challenge",
        "callTime",
        "giftCardEmail",
        "__proto__",
        "x",
      ),
      value: fc.oneof(
        fc.constantFrom("director_of_nursing", "other", "nurse", "50_99", "agency", "morning", "", "a@b.co"),
        fc.string({ maxLength: 80 }),
      ),
    });
    const bodies = fc.oneof(
      {
        weight: 3,
        arbitrary: fc.tuple(around(valid), questionAndValue).map(([b, qv]) => JSON.stringify({ ...b, ...qv })),
      },
      { weight: 2, arbitrary: around(valid).map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: hostile },
    );
    await fuzz("/api/qualification/answers", bodies);
    for (const row of await store.db.select().from(chatQualifications)) {
      expect(
        Object.keys(row.answers).every((id) =>
          [
            "role",
            "roleTitle",
            "facilitySize",
            "shiftFilling",
            "openShifts",
            "challenge",
            "callTime",
            "giftCardEmail",
          ].includes(id),
        ),
      ).toBe(true);
    }
  }, 240_000);

  it("answers only 2xx/4xx to 1,100 bodies on /api/voice/events, with and without the secret", async () => {
    const report = endOfCallReport("fuzz-call");
    const messages = fc.oneof(
      around(report.message).map((message) => ({ message })),
      around({ type: "status-update", status: "ended", call: { id: "fuzz-status" } }).map((message) => ({ message })),
      around(report.message.call).map((call) => ({ message: { ...report.message, call } })),
      around(report),
      // The assistant's structured data: the chat's question ids (and others) with any JSON values, linked to a lead or not.
      fc
        .tuple(
          fc.dictionary(fc.constantFrom(...QUESTION_IDS, "facilityType", "__proto__"), fc.jsonValue({ maxDepth: 2 }), {
            maxKeys: 9,
          }),
          fc.boolean(),
          fc.nat(1000),
        )
        .map(([structuredData, linked, n]) => {
          const credentials = linked ? { metadata: { qualificationToken: lead.qualificationToken } } : undefined;
          return {
            message: {
              ...report.message,
              call: { id: `fuzz-data-${n}`, assistantOverrides: credentials },
              analysis: { structuredData },
            },
          };
        }),
    );
    const bodies = fc.oneof(
      { weight: 5, arbitrary: messages.map((b) => JSON.stringify(b)) },
      { weight: 1, arbitrary: hostile },
    );
    await fuzz("/api/voice/events", bodies, { "x-vapi-secret": SECRET });
    await fuzz("/api/voice/events", bodies, {}, 200);
    for (const call of await store.db.select().from(voiceCalls)) {
      expect(call.callId.length).toBeGreaterThan(0);
      expect([null, ...QUALIFICATION_OUTCOMES]).toContain(call.outcome);
    }
  }, 240_000);
});
