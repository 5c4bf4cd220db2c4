import { fileURLToPath } from "node:url";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
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
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = await PGlite.create(dataDir);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      close: async () => {
        await client.close();
        releaseLock();
      },
    };
  } catch (error) {
    releaseLock();
    throw error;
  }
}

export async function ping(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}

/** The embedded database's files are opened by one process at a time (PGlite does not check). */
export class DataDirLockedError extends Error {
  override name = "DataDirLockedError";
  constructor(
    readonly dataDir: string,
    readonly pid: number,
  ) {
    super(`The data directory ${dataDir} is open in another process (pid ${pid}), probably the running server. Stop it first, or use a shared PostgreSQL (DATABASE_URL).`);
  }
}

const isAlive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
};

/** Takes DATA_DIR/open.lock (holding our pid); a lock left by a process that is gone is taken over. Answers its release. */
function lockDataDir(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const file = join(dataDir, "open.lock");
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, String(process.pid), { flag: "wx" });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const pid = Number(readFileSync(file, "utf8").trim());
      if (Number.isInteger(pid) && pid > 0 && isAlive(pid)) throw new DataDirLockedError(dataDir, pid);
      rmSync(file, { force: true });
    }
  }
  throw new DataDirLockedError(dataDir, -1);
}
