import fc from "fast-check";
import { beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance, RouteOptions } from "fastify";
import { JsonDepthScanner, MAX_JSON_DEPTH, TOO_DEEP_MESSAGE, jsonDeeperThan } from "./json-body";
import { addAccount, signIn } from "./test-support/staff-test-helpers";
import { facilityLeads, nurseApplications, voiceCalls } from "./store/schema";
import { STORE_KINDS, useTestApp, type TestStore } from "./test-support/test-helpers";

const ADMIN_TOKEN = "an-admin-token-of-some-length";
const VOICE_SECRET = "a-voice-secret-of-some-length";
const SOME_ID = "5b0c1f9e-3c1a-4e7a-9d7e-0f6a2b9c1d11";
const BODY_METHODS = new Set(["POST", "PUT", "PATCH", "DELETE"]);

const nestedArrays = (depth: number, inner = "0") => "[".repeat(depth) + inner + "]".repeat(depth);
const nestedObjects = (depth: number, inner = "0") => '{"a":'.repeat(depth) + inner + "}".repeat(depth);

describe("JsonDepthScanner", () => {
  it("counts arrays and objects outside strings, chunk by chunk", () => {
    expect(jsonDeeperThan(nestedArrays(MAX_JSON_DEPTH))).toBe(false);
    expect(jsonDeeperThan(nestedArrays(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDeeperThan(nestedObjects(MAX_JSON_DEPTH + 1))).toBe(true);
    expect(jsonDeeperThan(JSON.stringify({ s: '[[[[{{{{"\\['.repeat(50) }))).toBe(false);
    expect(jsonDeeperThan(`[${"[],".repeat(5000)}[]]`)).toBe(false); // wide, not deep
    // A string split across chunks, its escape included.
    const scanner = new JsonDepthScanner(3);
    for (const chunk of ['{"a":"\\', '"[[[', '"', ',"b":[[', "1]]}"])
      expect(scanner.feed(Buffer.from(chunk)), chunk).toBe(true);
    expect(scanner.feed(Buffer.from("[[["))).toBe(true); // all closed before: 3 open now
    expect(scanner.feed(Buffer.from("["))).toBe(false);
    expect(new JsonDepthScanner(2).feed(Buffer.from('{"a":"é",[[1]]}'))).toBe(false);
  });
});

describe.each(STORE_KINDS)("JSON nesting and size on every JSON route, on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let headers: Record<string, string>;
  const routes: Array<{ method: string; url: string }> = [];

  // The account and session made once before the tests sign every one of them in: rows stay between tests.
  useTestApp(
    kind,
    (made) => ({ store, app } = made),
    {
      ADMIN_TOKEN,
      VOICE_WEBHOOK_SECRET: VOICE_SECRET,
      RATE_LIMIT_PER_MINUTE: 0,
      RATE_LIMIT_PER_DAY: 0,
      CHAT_RATE_LIMIT_PER_MINUTE: 0,
      STAFF_RATE_LIMIT_PER_MINUTE: 0,
    },
    {
      resetAfterEach: false,
      options: {
        onRoute: (route: RouteOptions) => {
          for (const method of [route.method].flat())
            if (BODY_METHODS.has(method)) routes.push({ method, url: route.url.replace(/:\w+/g, SOME_ID) });
        },
      },
    },
  );
  beforeAll(async () => {
    await addAccount(store.db, "admin@provider.example", "admin");
    await signInAgain();
  });
  /** Every credential at once, so each route's own checks pass and its body is read. */
  const signInAgain = async () => {
    const session = await signIn(app, "admin@provider.example");
    headers = {
      ...session.headers,
      authorization: `Bearer ${ADMIN_TOKEN}`,
      "x-vapi-secret": VOICE_SECRET,
      "content-type": "application/json",
    };
  };

  const send = async (route: { method: string; url: string }, payload: string) => {
    const started = performance.now();
    const response = await app.inject({ method: route.method as "POST", url: route.url, headers, payload });
    const ms = performance.now() - started;
    if (route.url === "/api/staff/sign-out" && response.statusCode === 200) await signInAgain(); // it ended the session
    expect(response.statusCode, `${route.method} ${route.url} keeps its session`).not.toBe(401);
    return { response, ms };
  };

  it("finds the API's routes from the app itself", () => {
    const names = routes.map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "POST /api/leads",
      "POST /api/nurse-applications",
      "POST /api/qualification/answers",
      "POST /api/voice/events",
      "POST /api/staff/sign-in",
      "POST /api/admin/deliveries/retry",
    ]) {
      expect(
        names.some((name) => name.startsWith(expected)),
        expected,
      ).toBe(true);
    }
    expect(routes.length).toBeGreaterThanOrEqual(10);
  });

  it("answers 400 to a body nested 10,000 levels deep on every one, arrays or objects, and stores nothing", async () => {
    for (const route of routes) {
      for (const body of [
        nestedArrays(10_000),
        nestedObjects(10_000),
        `{"firstName":${nestedArrays(10_000, '"x"')}}`,
      ]) {
        const { response } = await send(route, body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBe(400);
        expect(response.json(), `${route.method} ${route.url}`).toEqual({ error: TOO_DEEP_MESSAGE });
      }
    }
    expect(await store.db.select().from(facilityLeads)).toEqual([]);
    expect(await store.db.select().from(nurseApplications)).toEqual([]);
    expect(await store.db.select().from(voiceCalls)).toEqual([]);
  });

  it("answers huge arrays within the body limit quickly and never 500", async () => {
    const zeros = (n: number) => `[${Array.from({ length: n }, () => "0").join(",")}]`;
    for (const route of routes) {
      const limit = route.url === "/api/voice/events" ? 2 * 1024 * 1024 : 16 * 1024;
      const count = Math.floor((limit - 64) / 2);
      for (const body of [
        zeros(count),
        `{"email":${zeros(count)}}`,
        `{"message":{"type":"end-of-call-report","artifact":{"messages":${zeros(count)}}}}`,
      ]) {
        const { response, ms } = await send(route, body);
        expect(response.statusCode, `${route.method} ${route.url}`).toBeLessThan(500);
        expect(ms, `${route.method} ${route.url}`).toBeLessThan(2000);
      }
    }
  });

  it("property: deeper than the limit is a 400 for its depth, within it never a 500 nor a depth refusal", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          route: fc.integer({ min: 0, max: routes.length - 1 }),
          depth: fc.integer({ min: 0, max: 80 }),
          objects: fc.boolean(),
          width: fc.integer({ min: 0, max: 200 }),
          text: fc.string({ unit: fc.constantFrom("[", "]", "{", "}", '"', "\\", "a"), maxLength: 300 }),
        }),
        async ({ route, depth, objects, width, text }) => {
          const inner = `{"s":${JSON.stringify(text)},"n":[${Array.from({ length: width }, (_, i) => i).join(",")}]}`; // 2 levels
          const body = objects ? nestedObjects(depth, inner) : nestedArrays(depth, inner);
          const { response, ms } = await send(routes[route]!, body);
          const label = `${routes[route]!.method} ${routes[route]!.url} depth ${depth + 2}`;
          expect(ms, label).toBeLessThan(2000);
          expect(response.statusCode, label).toBeLessThan(500);
          const refusedForDepth = response.statusCode === 400 && response.json().error === TOO_DEEP_MESSAGE;
          expect(refusedForDepth, label).toBe(depth + 2 > MAX_JSON_DEPTH);
        },
      ),
      { numRuns: 150 },
    );
  });
});
