import { fileURLToPath } from "node:url";
import { mkdirSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";

/** The same Drizzle API over PGlite (embedded, one process) or PostgreSQL (shared). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = "pglite" | "postgres";

export interface Store {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
}

const migrationsFolder = fileURLToPath(new URL("../../../drizzle", import.meta.url));

/** An arbitrary constant: several processes starting at once migrate one at a time. */
const MIGRATION_LOCK = 724_311;

export interface StoreOptions {
  databaseUrl?: string | undefined;
  /** A directory for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
}

export async function openStore({ databaseUrl, dataDir }: StoreOptions): Promise<Store> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const client = await pool.connect();
    try {
      await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
      await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
    } finally {
      await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  if (!dataDir.startsWith("memory://")) mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzlePglite({ client, schema });
  await migratePglite(db, { migrationsFolder });
  return { db: db as unknown as Database, kind: "pglite", close: () => client.close() };
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
