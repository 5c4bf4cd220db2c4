import { parse } from "csv-parse/sync";
import { beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { facilityLeads } from "../store/schema";
import { STORE_KINDS, seedFacilityLeads, useTestApp, type TestStore } from "../test-support/test-helpers";
import { LEAD_CSV_COLUMNS } from "./admin";

const TOKEN = "a-test-admin-token-123";
const ROWS = 20_000;

describe.each(STORE_KINDS)("streaming CSV export on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let base: string;
  useTestApp(kind, (made) => ({ store, app } = made), { ADMIN_TOKEN: TOKEN });
  beforeAll(async () => {
    await seedFacilityLeads(store.db, ROWS);
    base = await app.listen({ port: 0, host: "127.0.0.1" });
  }, 120_000);

  it(`exports ${ROWS.toLocaleString("en-US")} leads while /api/health keeps answering (nine in ten under 400 ms), and the file parses back to the stored values`, async () => {
    await (await fetch(`${base}/api/health`)).text(); // warm: the connection and the route's first run
    const response = await fetch(`${base}/api/admin/leads.csv`, {
      headers: { authorization: `Bearer ${TOKEN}`, "accept-encoding": "identity" },
    });
    expect(response.status).toBe(200);

    // Health checks, one after another, for as long as the download runs.
    let downloading = true;
    const latencies: number[] = [];
    const probing = (async () => {
      while (downloading) {
        const started = performance.now();
        const health = await fetch(`${base}/api/health`);
        await health.text();
        latencies.push(performance.now() - started);
        expect(health.status).toBe(200);
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    })();
    // The client (in this process) only collects the pieces while the server streams; parsing waits.
    const pieces: Uint8Array[] = [];
    for await (const chunk of response.body!) pieces.push(chunk);
    downloading = false;
    await probing;
    const chunks = pieces.length;
    const records = parse(Buffer.concat(pieces)) as string[][];

    expect(chunks).toBeGreaterThan(10); // it came in pieces, not one buffer
    expect(latencies.length).toBeGreaterThan(5);
    // Nine in ten under 400 ms: before streaming, every probe during a 20,000-row download waited
    // 0.7-1.3 s; streamed, they take a few ms on a quiet machine. The bound sits between the two,
    // so a machine loaded by the other test files does not fail it. The latencies are reported.
    const sorted = [...latencies].sort((a, b) => a - b);
    const p90 = sorted[Math.floor(sorted.length * 0.9)]!;
    expect(p90, `health latencies (ms): ${sorted.map(Math.round).join(" ")}`).toBeLessThan(400);

    const [header, ...rows] = records;
    expect(header).toEqual([...LEAD_CSV_COLUMNS]);
    expect(rows).toHaveLength(ROWS);
    const stored = new Map((await store.db.select().from(facilityLeads)).map((row) => [row.id, row]));
    const column = (name: (typeof LEAD_CSV_COLUMNS)[number]) => header!.indexOf(name);
    const ids = new Set<string>();
    for (const row of rows) {
      const lead = stored.get(row[column("id")]!)!;
      ids.add(lead.id);
      expect(row[column("email")]).toBe(lead.email);
      expect(row[column("firstName")]).toBe(lead.firstName);
      expect(row[column("facilityName")]).toBe(
        lead.facilityName.startsWith("=") ? `'${lead.facilityName}` : lead.facilityName,
      );
      expect(row[column("receivedAt")]).toBe(lead.receivedAt.toISOString());
      expect(JSON.parse(row[column("rolesNeeded")]!)).toEqual(lead.rolesNeeded);
      expect(row[column("consentAgreed")]).toBe(String(lead.consentAgreed));
    }
    expect(ids.size).toBe(ROWS);
    // Newest first, as the lists are.
    const times = rows.map((row) => Date.parse(row[column("receivedAt")]!));
    expect(times.every((time, i) => i === 0 || time <= times[i - 1]!)).toBe(true);
  }, 120_000);
});
