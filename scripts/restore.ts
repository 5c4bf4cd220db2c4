/**
 * npm run restore -- FILE: brings a backup of `npm run backup` back.
 * - A PostgreSQL backup (pg_dump's custom format) into DATABASE_URL's database, which must be
 *   empty (a new database: `createdb`), with `pg_restore`, then analysed (the planner's statistics).
 * - An embedded-database backup (a gzipped tar) into DATA_DIR, which must be empty or absent.
 * The server then starts on it as usual (its migrations bring an older backup up to date).
 */
import { execFileSync } from "node:child_process";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import pg from "pg";
import { loadConfig } from "../src/server/config";
import { analyzeDatabase, lockDataDir, openPglite } from "../src/server/store/database";

class RestoreError extends Error {}

/** pg_dump's custom format starts with these bytes; a gzip file with 1f 8b. */
const isPgDump = (file: string) => readFileSync(file).subarray(0, 5).toString("latin1") === "PGDMP";

async function intoPostgres(file: string, databaseUrl: string): Promise<void> {
  if (!isPgDump(file)) throw new RestoreError(`${file} is not a PostgreSQL backup (pg_dump's custom format).`);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ n: number }>(
      "select count(*)::int as n from pg_tables where schemaname not in ('pg_catalog', 'information_schema')",
    );
    if ((rows[0]?.n ?? 0) > 0)
      throw new RestoreError("DATABASE_URL's database is not empty: restore into a new database (createdb).");
  } finally {
    await client.end();
  }
  execFileSync("pg_restore", ["--no-owner", "--no-privileges", "--exit-on-error", "--dbname", databaseUrl, file], {
    stdio: ["ignore", "inherit", "inherit"],
  });
  // pg_restore brings no planner statistics: without them the server plans the lead's statement as
  // for empty tables, at a fifth of its rate (docs/operations.md), until autovacuum analyses them.
  await analyzeDatabase(databaseUrl);
}

async function intoDataDir(file: string, dataDir: string): Promise<void> {
  if (readFileSync(file).subarray(0, 2).toString("hex") !== "1f8b")
    throw new RestoreError(`${file} is not an embedded-database backup (a gzipped tar).`);
  if (existsSync(dataDir) && readdirSync(dataDir).length > 0)
    throw new RestoreError(`DATA_DIR ${dataDir} is not empty: restore into an empty or new folder.`);
  const release = lockDataDir(dataDir);
  try {
    // An empty folder is filled from the file as from the build's template (store/database.ts).
    const client = await openPglite(dataDir, file);
    await client.close();
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const file = process.argv[2];
  if (!file || !existsSync(file)) throw new RestoreError("Usage: npm run restore -- FILE (a backup of npm run backup)");
  const config = loadConfig();
  if (config.DATABASE_URL) await intoPostgres(file, config.DATABASE_URL);
  else await intoDataDir(file, config.DATA_DIR);
  console.log(`restored ${file} into ${config.DATABASE_URL ? "DATABASE_URL" : config.DATA_DIR}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof RestoreError ? error.message : error);
  process.exit(1);
});
