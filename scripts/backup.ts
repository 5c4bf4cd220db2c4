/**
 * npm run backup [-- FILE]: a consistent backup of the database, while the server runs.
 * - PostgreSQL (DATABASE_URL): `pg_dump --format=custom` (restore with `npm run restore -- FILE`).
 * - The embedded database (DATA_DIR): the running server takes it (GET /api/admin/backup, with
 *   ADMIN_TOKEN, at SERVER_URL, default http://127.0.0.1:$PORT); with no server running, this
 *   opens DATA_DIR itself. A gzipped tar of the data directory, taken between transactions.
 * FILE defaults to backups/staffing-<UTC time>.(dump|tar.gz) (BACKUP_DIR for another folder).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { loadConfig } from "../src/server/config";
import { DataDirLockedError, lockDataDir, openPglite } from "../src/server/store/database";
import { pgliteSnapshot } from "../src/server/store/pglite-snapshot";
import { serverUrl } from "./leads";

class BackupError extends Error {}

const stamp = () => new Date().toISOString().replace(/[:.]/g, "-");

async function fromRunningServer(): Promise<Buffer> {
  const token = process.env.ADMIN_TOKEN;
  if (!token)
    throw new BackupError("The server has DATA_DIR open: set ADMIN_TOKEN (the server's) so it takes the backup.");
  const response = await fetch(`${serverUrl(process.env)}/api/admin/backup`, {
    headers: { authorization: `Bearer ${token}` },
  });
  if (!response.ok) throw new BackupError(`The server answered ${response.status}: ${await response.text()}`);
  return Buffer.from(await response.arrayBuffer());
}

async function fromDataDir(dataDir: string): Promise<Buffer> {
  const release = lockDataDir(dataDir);
  try {
    const client = await openPglite(dataDir);
    try {
      return Buffer.from(await (await pgliteSnapshot(client)).arrayBuffer());
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

async function main(): Promise<void> {
  const config = loadConfig();
  const folder = process.env.BACKUP_DIR ?? "backups";
  const file = process.argv[2] ?? join(folder, `staffing-${stamp()}.${config.DATABASE_URL ? "dump" : "tar.gz"}`);
  mkdirSync(dirname(file), { recursive: true });
  if (config.DATABASE_URL) {
    execFileSync("pg_dump", ["--format=custom", "--no-owner", "--no-privileges", "--file", file, config.DATABASE_URL], {
      stdio: ["ignore", "inherit", "inherit"],
    });
  } else {
    let copy: Buffer;
    try {
      copy = await fromDataDir(config.DATA_DIR);
    } catch (error) {
      if (!(error instanceof DataDirLockedError)) throw error;
      copy = await fromRunningServer();
    }
    writeFileSync(file, copy, { mode: 0o600 });
  }
  console.log(`backup written to ${file}`);
}

main().catch((error: unknown) => {
  console.error(error instanceof BackupError ? error.message : error);
  process.exit(1);
});
