import { afterEach, describe, expect, it, vi } from "vitest";
import type { FastifyInstance } from "fastify";
import { sql } from "drizzle-orm";
import { applyRetention } from "./security-log-retention";
import { securityEvents, staffDevices } from "../store/schema";
import { listSecurityEvents } from "../store/security-events-repository";
import { decodeCursor } from "../store/keyset-cursor";
import { addAccount } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";

/** Decision 0026: the security log cannot be flooded, keeps what it must for as long as it must, and pages exactly. */
describe.each(STORE_KINDS)("the security log on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  afterEach(async () => {
    vi.useRealTimers();
    await app?.close();
  });

  const rows = async () => (await store.db.select({ id: securityEvents.id }).from(securityEvents)).length;
  const tryPassword = (email: string) =>
    app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email, password: "not the password at all" } });

  it("keeps a bounded number of rows for 5,000 sign-in tries from one address", async () => {
    app = await createTestApp(store);
    await addAccount(store.db, "owner@provider.example");
    const started = performance.now();
    const answers = new Map<number, number>();
    // The first 40 one after another (the limit lets 30 through), then 4,960 in bursts of 80.
    for (let i = 0; i < 40; i++) {
      const r = await tryPassword(i % 2 ? "owner@provider.example" : `x${i}@provider.example`);
      answers.set(r.statusCode, (answers.get(r.statusCode) ?? 0) + 1);
    }
    for (let batch = 0; batch < 62; batch++) {
      const responses = await Promise.all(
        Array.from({ length: 80 }, (_, i) =>
          tryPassword(i % 2 ? "owner@provider.example" : `x${batch}-${i}@provider.example`),
        ),
      );
      for (const r of responses) answers.set(r.statusCode, (answers.get(r.statusCode) ?? 0) + 1);
    }
    const seconds = (performance.now() - started) / 1000;
    const count = await rows();
    console.info(
      `5,000 tries in ${seconds.toFixed(1)} s on ${kind}: ${JSON.stringify(Object.fromEntries(answers))}, ${count} rows in the security log`,
    );
    expect(answers.get(401)).toBe(30);
    expect(answers.get(429)).toBe(4_970);
    expect(count).toBeGreaterThan(0);
    expect(count).toBeLessThanOrEqual(30);
  }, 180_000);

  it("collapses repeated throttled tries of one subject into one row with a count", async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: new Date("2026-11-26T01:00:00Z") });
    app = await createTestApp(store, { STAFF_RATE_LIMIT_PER_MINUTE: 0 });
    for (let i = 0; i < 30; i++) await tryPassword("owner@provider.example");
    const events = await store.db.select().from(securityEvents);
    const throttled = events.filter((e) => e.kind === "sign_in_throttled");
    expect(events.filter((e) => e.kind === "sign_in_failed")).toHaveLength(5);
    // One row per subject in the window: the e-mail from this address (waiting after 5), then the address itself (after 20).
    expect(throttled.map((e) => [e.detail?.["by"], e.repeats]).sort()).toEqual([
      ["account", 15],
      ["address", 10],
    ]);
    // The trigger lets nothing else change: not the detail, not the count downwards.
    await expect(
      store.db.execute(sql`update security_events set detail = '{}'::jsonb where kind = 'sign_in_throttled'`),
    ).rejects.toThrow();
    await expect(
      store.db.execute(sql`update security_events set repeats = 1 where kind = 'sign_in_throttled'`),
    ).rejects.toThrow();
  }, 120_000);

  it("deletes events and devices past SECURITY_LOG_RETENTION_DAYS, through the one path the trigger allows", async () => {
    app = await createTestApp(store, { SECURITY_LOG_RETENTION_DAYS: 400 });
    const account = await addAccount(store.db, "owner@provider.example");
    await store.db.execute(
      sql`insert into security_events (id, at, kind) values (gen_random_uuid(), now() - interval '401 days', 'sign_in'), (gen_random_uuid(), now() - interval '399 days', 'sign_in')`,
    );
    await store.db.insert(staffDevices).values([
      { idHash: "old", accountId: account.id, lastUsedAt: new Date(Date.now() - 181 * 86_400_000) },
      { idHash: "new", accountId: account.id },
    ]);
    await expect(store.db.execute(sql`delete from security_events`)).rejects.toThrow();
    // A cut-off newer than 30 days is refused even through the path.
    await expect(
      store.db.transaction(async (tx) => {
        await tx.execute(sql`select set_config('app.security_log_retention', ${new Date().toISOString()}, true)`);
        await tx.execute(sql`delete from security_events`);
      }),
    ).rejects.toThrow();
    expect(await rows()).toBe(2);
    expect(await applyRetention(app)).toEqual({ events: 1, devices: 1 });
    expect(await rows()).toBe(1);
    expect((await store.db.select().from(staffDevices)).map((d) => d.idHash)).toEqual(["new"]);
  });

  it("pages exactly at the stored precision: no event in the same millisecond as a page boundary is skipped", async () => {
    app = await createTestApp(store);
    for (let i = 0; i < 7; i++)
      await store.db.execute(
        sql`insert into security_events (id, at, kind) values (gen_random_uuid(), ${`2026-01-01 00:00:00.123${100 + i}+00`}::timestamptz, 'sign_in')`,
      );
    const seen: string[] = [];
    let before: string | null = null;
    do {
      const page = await listSecurityEvents(store.db, before ? { before: decodeCursor(before) } : {}, 2);
      seen.push(...page.events.map((e) => e.id));
      before = page.nextBefore;
    } while (before);
    expect(seen).toHaveLength(7);
    expect(new Set(seen).size).toBe(7);
  });
});
