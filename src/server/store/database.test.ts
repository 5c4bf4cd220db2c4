import { existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { openPglite, openStore } from "./database";
import { facilityLeads } from "./schema";
import { seedFacilityLeads } from "../test-support/test-helpers";

// Its own stores, not useTestStore's: a data directory on disk, closed and reopened mid-test.
describe("PGlite data directory from the build's template", () => {
  const dir = mkdtempSync(join(tmpdir(), "pglite-template-test-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("an empty data directory is filled from the template (no initdb), migrated, small buffers, and reopens with its rows", async () => {
    const template = join(dir, "template.tar.gz");
    const maker = await openPglite("memory://");
    writeFileSync(template, Buffer.from(await (await maker.dumpDataDir("gzip")).arrayBuffer()));
    await maker.close();

    const dataDir = join(dir, "data");
    const first = await openStore({ dataDir, templateFile: template });
    expect(existsSync(join(dataDir, "PG_VERSION"))).toBe(true);
    const settings = await first.db.execute(sql`select current_setting('shared_buffers') as shared_buffers`);
    expect((settings as unknown as { rows: Array<{ shared_buffers: string }> }).rows[0]!.shared_buffers).toBe("16MB");
    await seedFacilityLeads(first.db, 3);
    await first.close();

    // Reopened: the template is not unpacked again over the rows.
    const again = await openStore({ dataDir, templateFile: template });
    expect(await again.db.$count(facilityLeads)).toBe(3);
    await again.close();
  }, 120_000);
});
