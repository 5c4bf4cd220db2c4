import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openStore } from "../src/server/store/database";
import { facilityLeads } from "../src/server/store/schema";
import { LeadStream } from "../src/server/test-support/lead-stream";
import { createDatabase, STORE_KINDS, type StoreKind } from "../src/server/test-support/test-helpers";
import { killServer, startServerProcess } from "../src/server/test-support/test-server-process";

/**
 * `npm run backup` while the server takes leads, then `npm run restore` into an empty place:
 * every lead acknowledged before the backup began is in the restored database.
 */
const TOKEN = "backup-test-admin-token";
const work = mkdtempSync(join(tmpdir(), "backup-test-"));
const dropped: Array<() => Promise<void>> = [];
afterAll(async () => {
  await Promise.all(dropped.map((drop) => drop()));
  rmSync(work, { recursive: true, force: true });
});

const runScript = (script: string, args: string[], env: Record<string, string>) =>
  promisify(execFile)(process.execPath, ["--import", "tsx", script, ...args], {
    env: { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", LOG_LEVEL: "warn", ...env },
  });

describe.each(STORE_KINDS)("npm run backup under load, npm run restore (%s)", (kind: StoreKind) => {
  it("restores every lead acknowledged before the backup began", async () => {
    const source = kind === "postgres" ? await createDatabase() : undefined;
    const target = kind === "postgres" ? await createDatabase() : undefined;
    if (source && target) dropped.push(source.drop, target.drop);
    const dataDir = join(work, `${kind}-data`);
    const restoredDir = join(work, `${kind}-restored`);
    const databaseEnv: Record<string, string> = source
      ? { DATABASE_URL: source.url }
      : { DATABASE_URL: "", DATA_DIR: dataDir };
    const server = await startServerProcess({ ...databaseEnv, ADMIN_TOKEN: TOKEN, MIN_FILL_SECONDS: "0" });
    const port = new URL(server.baseUrl).port;
    const stream = new LeadStream(server.baseUrl, `backup-${kind}`, { workers: 3, pauseMs: 0 }).start();
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      const before = stream.acknowledged.map((lead) => lead.id);
      const file = join(work, `${kind}.backup`);
      const began = Date.now();
      const { stdout } = await runScript("scripts/backup.ts", [file], {
        ...databaseEnv,
        ADMIN_TOKEN: TOKEN,
        PORT: port,
      });
      const tookMs = Date.now() - began;
      expect(stdout).toContain(`backup written to ${file}`);
      const during = stream.acknowledged.length - before.length;
      await stream.stop();
      expect(stream.errors).toEqual([]);
      expect(during).toBeGreaterThan(0); // the server kept taking leads while the backup was taken

      const restoredEnv: Record<string, string> = target
        ? { DATABASE_URL: target.url }
        : { DATABASE_URL: "", DATA_DIR: restoredDir };
      await runScript("scripts/restore.ts", [file], restoredEnv);
      // A second restore into the same (now full) place is refused, changing nothing.
      await expect(runScript("scripts/restore.ts", [file], restoredEnv)).rejects.toThrow(/not empty/);

      const restored = await openStore({ databaseUrl: target?.url, dataDir: restoredDir });
      try {
        const rows = await restored.db.select({ id: facilityLeads.id }).from(facilityLeads);
        const ids = new Set(rows.map((row) => row.id));
        expect(before.filter((id) => !ids.has(id))).toEqual([]);
        if (kind === "postgres") {
          // Analysed: the planner has the leads' statistics at once, not after autovacuum's first pass.
          const stats = (await restored.db.execute(
            sql`select count(*)::int as n from pg_stats where tablename = 'facility_leads'`,
          )) as unknown as { rows: { n: number }[] };
          expect(stats.rows[0]!.n).toBeGreaterThan(0);
        }
        console.log(
          `backup (${kind}) under load: ${before.length} leads acknowledged before it began, all restored; ` +
            `${during} more taken during its ${tookMs} ms; ${ids.size} rows in the restored database`,
        );
      } finally {
        await restored.close();
      }
    } finally {
      await stream.stop();
      await killServer(server, "SIGTERM");
    }
  }, 180_000);
});
