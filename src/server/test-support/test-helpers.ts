import { randomBytes } from "node:crypto";
import { Writable } from "node:stream";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterAll, afterEach, beforeAll, beforeEach, vi } from "vitest";
import { sql } from "drizzle-orm";
import { buildApp, type BuildOptions } from "../app";
import { testConfig, type Config } from "../config";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { openStore, type Database, type Store } from "../store/database";
import { facilityLeadRow } from "../leads/leads-repository";
import { facilityLeads } from "../store/schema";
import { homepageLead } from "./test-fixtures";

/**
 * Test stores: PGlite in memory always, and a throwaway database on the PostgreSQL of
 * TEST_DATABASE_URL when it is set, so the same suite runs on both (`describe.each(STORE_KINDS)`).
 */
export type StoreKind = "pglite" | "postgres";
export const STORE_KINDS: StoreKind[] = process.env.TEST_DATABASE_URL ? ["pglite", "postgres"] : ["pglite"];

export interface TestStore extends Store {
  /** The URL of the throwaway database (postgres only): several processes can share it. */
  databaseUrl?: string;
  /** Empties every table between tests. */
  reset(): Promise<void>;
  destroy(): Promise<void>;
}

/** An empty throwaway PostgreSQL database (TEST_DATABASE_URL's server) and how to drop it. */
export async function createDatabase(): Promise<{ url: string; drop: () => Promise<void> }> {
  const adminUrl = process.env.TEST_DATABASE_URL!;
  const name = `test_${Date.now()}_${randomBytes(4).toString("hex")}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}

export async function createTestStore(kind: StoreKind): Promise<TestStore> {
  const database = kind === "postgres" ? await createDatabase() : undefined;
  const store = await openStore({ databaseUrl: database?.url, dataDir: "memory://" });
  return {
    ...store,
    ...(database ? { databaseUrl: database.url } : {}),
    reset: async () => {
      // The pipeline's history refuses TRUNCATE (a trigger): tests, as the superuser they are, empty it with triggers off.
      await store.db.transaction(async (tx) => {
        await tx.execute(sql`set local session_replication_role = replica`);
        await tx.execute(
          sql`truncate facility_leads, nurse_applications, deliveries, delivery_attempts, voice_calls, lead_transitions, lead_status_counts, staff_sessions, staff_devices, staff_recovery_codes, sign_in_throttles, security_events, staff_accounts, rewards, reward_changes, reward_webhook_events, mail_digests, privacy_requests, contact_opt_outs, registry_cache, lead_verifications, verification_leases, reward_approvals, form_step_counts, funnel_day_counts, funnel_step_hours cascade`,
        );
      });
    },
    destroy: async () => {
      await store.close();
      await database?.drop();
    },
  };
}

/**
 * The store of one `describe.each(STORE_KINDS)` block: made before its tests, emptied after each
 * (after the block's own afterEach, e.g. closing its app: Vitest runs "after" hooks last-first),
 * destroyed after all. `useTestStore(kind, (made) => (store = made))`. `{ resetAfterEach: false }`
 * for a block whose rows are set up once (seeded in its beforeAll) and shared by its tests.
 */
export function useTestStore(
  kind: StoreKind,
  use: (store: TestStore) => void,
  { resetAfterEach = true }: { resetAfterEach?: boolean } = {},
): void {
  let store: TestStore | undefined;
  beforeAll(async () => {
    store = await createTestStore(kind);
    use(store);
  });
  afterEach(async () => {
    if (resetAfterEach) await store?.reset();
  });
  afterAll(async () => {
    await store?.destroy();
  });
}

export interface TestApp {
  store: TestStore;
  app: FastifyInstance;
}

/**
 * `useTestStore` plus one app over it for the whole block, built before its tests (after the
 * store, before the block's own beforeAll) and closed after all, before the store is destroyed:
 * `useTestApp(kind, (made) => ({ store, app } = made), { MIN_FILL_SECONDS: 0 })`.
 */
export function useTestApp(
  kind: StoreKind,
  use: (made: TestApp) => void,
  overrides: Partial<Config> = {},
  { options = {}, resetAfterEach = true }: { options?: Omit<BuildOptions, "store">; resetAfterEach?: boolean } = {},
): void {
  let store: TestStore | undefined;
  let app: FastifyInstance | undefined;
  useTestStore(kind, (made) => (store = made), { resetAfterEach });
  beforeAll(async () => {
    app = await createTestApp(store!, overrides, options);
    use({ store: store!, app });
  });
  afterAll(async () => {
    await app?.close();
  });
}

/**
 * `useTestStore` plus apps each test builds with its own settings: `const build = useTestApps(kind,
 * (made) => (store = made))`, then `await build(overrides, options)` in a test. Every app built
 * is closed after its test, before the store is emptied.
 */
export function useTestApps(
  kind: StoreKind,
  use: (store: TestStore) => void = () => {},
): (overrides?: Partial<Config>, options?: Omit<BuildOptions, "store">) => Promise<FastifyInstance> {
  let store: TestStore | undefined;
  const apps: FastifyInstance[] = [];
  useTestStore(kind, (made) => {
    store = made;
    use(made);
  });
  afterEach(async () => {
    await Promise.all(apps.splice(0).map((app) => app.close()));
  });
  return async (overrides = {}, options = {}) => {
    const app = await createTestApp(store!, overrides, options);
    apps.push(app);
    return app;
  };
}

/** `Date` stands still in each test (timers still run): a slow machine lets no wait run out and moves no code's step mid-test. */
export function standingClock(): void {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date());
  });
  afterEach(() => {
    vi.useRealTimers();
  });
}

/** An app over `store` with the test settings; its builder closes it (or see useTestApp, useTestApps). */
export function createTestApp(
  store: Store,
  overrides: Partial<Config> = {},
  options: Omit<BuildOptions, "store"> = {},
): Promise<FastifyInstance> {
  return buildApp(testConfig({ BUILD_DIR: "/nonexistent-build", ...overrides }), { ...options, store });
}

/**
 * Stores `count` distinct valid landing-page leads straight into the table (no HTTP, no
 * outbox), one second apart going back from now, in multi-row inserts: for exports and benchmarks.
 */
export async function seedFacilityLeads(db: Database, count: number, chunk = 500): Promise<void> {
  const lead = LeadRequestSchema.parse(homepageLead());
  const start = Date.now();
  for (let from = 0; from < count; from += chunk) {
    const rows = [];
    for (let n = from; n < Math.min(from + chunk, count); n++) {
      const row = facilityLeadRow(
        {
          ...lead,
          firstName: `Dana ${n}`,
          email: `dana.${n}@sunrise.example`,
          facilityName: n % 7 === 0 ? `=cmd ${n}` : `Care "${n}", Inc.`,
        },
        { clientIp: "198.51.100.7", userAgent: "seed", now: new Date(start - n * 1000) },
      );
      rows.push(row);
    }
    await db.insert(facilityLeads).values(rows);
  }
}

/** A log destination for buildApp's `logger.stream` that keeps every line (JSON text). */
export function logCapture(): { stream: Writable; lines: string[] } {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(...chunk.toString().split("\n").filter(Boolean));
      done();
    },
  });
  return { stream, lines };
}
