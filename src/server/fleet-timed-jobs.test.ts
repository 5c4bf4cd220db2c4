import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openStore, type Store } from "./store/database";
import { onceAcrossFleet } from "./store/fleet-lock";
import { createTestApp, createTestStore, seedFacilityLeads, type TestStore } from "./test-support/test-helpers";

/**
 * Two processes' timed jobs at the same instant: each job's work is done once. Two
 * stores with pools of their own on one PostgreSQL stand for two processes; the embedded
 * database has one process, so this runs where TEST_DATABASE_URL is set and says so otherwise.
 */
const unavailable = process.env.TEST_DATABASE_URL
  ? undefined
  : "TEST_DATABASE_URL is not set (two processes share PostgreSQL)";
if (unavailable) console.warn(`timed-jobs.test.ts skipped: ${unavailable}`);

describe.skipIf(unavailable)("timed jobs of two processes on one PostgreSQL", () => {
  let first: TestStore;
  let second: Store;
  const apps: FastifyInstance[] = [];

  beforeAll(async () => {
    first = await createTestStore("postgres");
    second = await openStore({ databaseUrl: first.databaseUrl, dataDir: "", migrate: false });
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await second?.close();
    await first?.destroy();
  });

  it("runs a job's pass in one process when both start it at once; the other skips it", async () => {
    let passes = 0;
    const pass = async () => {
      passes++;
      await new Promise((resolve) => setTimeout(resolve, 300));
      return "done";
    };
    const answers = await Promise.all([
      onceAcrossFleet(first, "test-job", pass),
      onceAcrossFleet(second, "test-job", pass),
    ]);
    expect(passes).toBe(1);
    expect(answers.sort()).toEqual(["done", undefined]);
    // The lock ends with the pass: the next pass runs.
    expect(await onceAcrossFleet(second, "test-job", pass)).toBe("done");
  });

  it("applies retention once when both processes run it at the same instant", async () => {
    await seedFacilityLeads(first.db, 40);
    // Unqualified leads past the retention period: each is to be deleted or erased once.
    await first.db.execute(sql`update facility_leads set received_at = now() - interval '5 years'`);
    for (const store of [first, second])
      apps.push(await createTestApp(store, { RETENTION_JOB: true, RETENTION_LEAD_MONTHS: 24 }));
    const [a, b] = await Promise.all(apps.map((app) => app.retention!.runNow()));
    const done = [a!, b!].map((counts) => Object.values(counts).reduce((sum, n) => sum + n, 0));
    expect(a!.unqualified_leads + b!.unqualified_leads).toBe(40);
    expect(done.sort((x, y) => x - y)[0]).toBe(0); // one process did all of it, the other nothing
    const passedWork = await Promise.all(apps.map((app) => app.retention!.runNow()));
    expect(passedWork.every((counts) => counts.unqualified_leads === 0)).toBe(true);
  });
});
