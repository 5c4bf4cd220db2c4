import { execFile } from "node:child_process";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { sql } from "drizzle-orm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePg } from "drizzle-orm/node-postgres";
import { migrate as migratePg } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import * as schema from "./schema";
import { pgliteSnapshot } from "./pglite-snapshot";

/** The same Drizzle API over PGlite (embedded, one process) or PostgreSQL (shared). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
type DatabaseKind = "pglite" | "postgres";

export interface Store {
  db: Database;
  kind: DatabaseKind;
  close(): Promise<void>;
  /** The embedded database only: a consistent copy of its data directory (pglite-backup.ts), for GET /api/admin/backup. */
  snapshot?: () => Promise<Blob>;
}

/**
 * The project's root (where drizzle/ is), found upwards from this module: src/server/store/ when run as
 * TypeScript, build/server/(chunks/) when compiled (scripts/build-server.mjs); else the working directory.
 */
const projectRoot = (() => {
  let dir = dirname(fileURLToPath(import.meta.url));
  const hasMigrations = (at: string) => existsSync(join(at, "drizzle", "meta", "_journal.json"));
  while (!hasMigrations(dir)) {
    if (dirname(dir) === dir) {
      if (hasMigrations(process.cwd())) return process.cwd();
      throw new Error(
        "The drizzle/ migrations folder was not found above the server's code nor in the working directory.",
      );
    }
    dir = dirname(dir);
  }
  return dir;
})();
const migrationsFolder = join(projectRoot, "drizzle");

/** An arbitrary constant: several processes starting at once migrate one at a time. */
const MIGRATION_LOCK = 724_311;

export interface StoreOptions {
  databaseUrl?: string | undefined;
  /** A directory for PGlite's files; `memory://` keeps everything in memory (tests). */
  dataDir: string;
  /**
   * A prepared empty data directory (`npm run build` makes one, see pgliteTemplateFile): an
   * empty dataDir is filled from it instead of running initdb, which needs about twice the memory.
   */
  templateFile?: string | undefined;
  /**
   * PostgreSQL: run the pending migrations at open (the default), or only check that none is
   * pending (the application running as a role that may not change the schema: the owner runs
   * `npm run db:migrate`). PGlite always migrates.
   */
  migrate?: boolean;
}

/**
 * PGlite's own start parameters (its defaults: single user, no parallel workers) with smaller
 * buffers than PostgreSQL's defaults, for a small instance: 16 MB of shared buffers instead of
 * 128 MB (the tables of a lead form fit), 2 MB per sort or hash. Measured: a reopened data
 * directory takes ~235 MB resident instead of ~355 MB.
 */
const PGLITE_START_PARAMS = [
  ...["--single", "-F", "-O", "-j"],
  ...["search_path=public", "exit_on_error=false", "log_checkpoints=false", "io_method=sync"].flatMap((p) => ["-c", p]),
  ...[
    "max_worker_processes=0",
    "max_parallel_workers=0",
    "max_parallel_workers_per_gather=0",
    "max_parallel_maintenance_workers=0",
  ].flatMap((p) => ["-c", p]),
  ...["shared_buffers=16MB", "work_mem=2MB", "temp_buffers=2MB", "maintenance_work_mem=16MB"].flatMap((p) => ["-c", p]),
];

/** The installed PGlite's version (its package.json, found from its entry point: the package does not export it). */
const PGLITE_VERSION = (() => {
  let dir = dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
  while (!existsSync(join(dir, "package.json"))) dir = dirname(dir);
  return (JSON.parse(readFileSync(join(dir, "package.json"), "utf8")) as { version: string }).version;
})();

/** Where the build puts the empty data directory template of this PGlite version (a gzip tar). */
export function pgliteTemplateFile(buildDir: string): string {
  return join(buildDir, `pglite-${PGLITE_VERSION}-template.tar.gz`);
}

/** PGlite fills `dataDir` from the template and closes, in a child Node process (plain JavaScript: runs the same from TypeScript or compiled). */
const UNPACK_SCRIPT = `
import { readFileSync } from "node:fs";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
const [dataDir, templateFile, params] = process.argv.slice(1);
const db = await PGlite.create(dataDir, { startParams: JSON.parse(params), loadDataDir: new Blob([readFileSync(templateFile)]) });
await db.close();
`;

function unpackTemplate(dataDir: string, templateFile: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = execFile(
      process.execPath,
      ["--input-type=module", "-e", UNPACK_SCRIPT, dataDir, templateFile, JSON.stringify(PGLITE_START_PARAMS)],
      { cwd: projectRoot },
      (error, _stdout, stderr) =>
        error
          ? reject(new Error(`Unpacking the PGlite template ${templateFile} failed: ${stderr || error.message}`))
          : resolve(),
    );
    child.stdin?.end();
  });
}

/** Opens PGlite with our start parameters; an empty on-disk directory is filled from the template when there is one. */
export async function openPglite(dataDir: string, templateFile?: string): Promise<PGlite> {
  const onDisk = !dataDir.startsWith("memory://");
  if (onDisk) mkdirSync(dataDir, { recursive: true });
  const fromTemplate = onDisk && templateFile && existsSync(templateFile) && !existsSync(join(dataDir, "PG_VERSION"));
  // Unpacked by a short-lived child process: the unpacking grows the WebAssembly memory of the
  // PGlite instance doing it, which never shrinks (decision 0021). The server opens the result.
  if (fromTemplate) await unpackTemplate(dataDir, templateFile);
  // pg_trgm: the console's search by a word anywhere (its trigram indexes, migration 0021).
  return PGlite.create(dataDir, { startParams: PGLITE_START_PARAMS, extensions: { pg_trgm } });
}

/** How many migrations this version has (drizzle's journal). */
const migrationCount = () =>
  (JSON.parse(readFileSync(join(migrationsFolder, "meta", "_journal.json"), "utf8")) as { entries: unknown[] }).entries
    .length;

class PendingMigrationsError extends Error {
  override name = "PendingMigrationsError";
}

/** Refuses to run on a schema older than this version's (MIGRATE_AT_START=false). */
async function checkMigrated(client: pg.PoolClient): Promise<void> {
  const expected = migrationCount();
  const applied = await client.query<{ n: number }>("select count(*)::int as n from drizzle.__drizzle_migrations").then(
    (result) => result.rows[0]?.n ?? 0,
    () => 0,
  );
  if (applied < expected) {
    throw new PendingMigrationsError(
      `The database has ${applied} of this version's ${expected} migrations: run \`npm run db:migrate\` with the owner's DATABASE_URL first (MIGRATE_AT_START=false).`,
    );
  }
}

export async function openStore({ databaseUrl, dataDir, templateFile, migrate = true }: StoreOptions): Promise<Store> {
  if (databaseUrl) {
    const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
    // An idle connection closed by the server (restart, failover) must not crash the process:
    // the pool drops it and the next query opens a new one.
    pool.on("error", () => {});
    const db = drizzlePg({ client: pool, schema }) as unknown as Database;
    const client = await pool.connect();
    let failure: unknown;
    try {
      if (migrate) {
        await client.query("select pg_advisory_lock($1)", [MIGRATION_LOCK]);
        await migratePg(drizzlePg({ client, schema }), { migrationsFolder });
      } else await checkMigrated(client);
    } catch (error) {
      failure = error;
    } finally {
      if (migrate) await client.query("select pg_advisory_unlock($1)", [MIGRATION_LOCK]).catch(() => {});
      client.release();
    }
    if (failure) {
      await pool.end();
      throw failure;
    }
    return { db, kind: "postgres", close: () => pool.end() };
  }
  const inMemory = dataDir.startsWith("memory://");
  const releaseLock = inMemory ? () => {} : lockDataDir(dataDir);
  try {
    const client = await openPglite(dataDir, templateFile);
    const db = drizzlePglite({ client, schema });
    await migratePglite(db, { migrationsFolder });
    return {
      db: db as unknown as Database,
      kind: "pglite",
      snapshot: () => pgliteSnapshot(client),
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

/**
 * Refreshes the planner's statistics of a PostgreSQL database (after a restore, or on a new
 * database's first rows): without them the lead's statement is planned as for empty tables.
 */
export async function analyzeDatabase(databaseUrl: string): Promise<void> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query("analyze");
  } finally {
    await client.end();
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
    super(
      `The data directory ${dataDir} is open in another process (pid ${pid}), probably the running server. Stop it first, or use a shared PostgreSQL (DATABASE_URL).`,
    );
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
export function lockDataDir(dataDir: string): () => void {
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
