import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { loadConfig } from "../config";
import { addAccount } from "../test-support/staff-test-helpers";
import { createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

/** Decision 0026: the same work whether an account exists or not, throttled or not: the time tells nothing. */
describe("sign-in timing", () => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore("pglite", (made) => (store = made));
  afterEach(async () => app?.close());

  it("answers a known and an unknown e-mail in the same time, before and once throttled", async () => {
    app = await createTestApp(store, {
      STAFF_RATE_LIMIT_PER_MINUTE: 0,
      TRUST_PROXY: loadConfig({ TRUST_PROXY: "1" }).TRUST_PROXY,
    });
    await addAccount(store.db, "known@provider.example");
    const time = async (email: string, address: string) => {
      const started = performance.now();
      const response = await app.inject({
        method: "POST",
        url: "/api/staff/sign-in",
        headers: { "x-forwarded-for": address },
        payload: { email, password: "not the password at all" },
      });
      expect(response.statusCode).toBe(401);
      return performance.now() - started;
    };
    const known: number[] = [];
    const unknown: number[] = [];
    // Interleaved, from one address each: the first 5 are checked, the rest throttled (the pair waits).
    for (let i = 0; i < 26; i++) {
      known.push(await time("known@provider.example", "203.0.113.1"));
      unknown.push(await time("nobody@provider.example", "203.0.113.2"));
    }
    const checked = { known: median(known.slice(0, 5)), unknown: median(unknown.slice(0, 5)) };
    const throttled = { known: median(known.slice(6)), unknown: median(unknown.slice(6)) };
    console.info(
      `median ms, checked: known ${checked.known.toFixed(1)}, unknown ${checked.unknown.toFixed(1)}; throttled: known ${throttled.known.toFixed(1)}, unknown ${throttled.unknown.toFixed(1)}`,
    );
    for (const pair of [checked, throttled]) {
      expect(pair.known / pair.unknown).toBeGreaterThan(0.5);
      expect(pair.known / pair.unknown).toBeLessThan(2);
    }
    // A throttled try costs what a checked one does: whether an address is throttled does not show either.
    expect(throttled.known / checked.known).toBeGreaterThan(0.5);
  }, 120_000);
});
