/**
 * Resident memory of the real server process (`src/server/server.ts`, PGlite on disk): on its
 * first start on an empty data folder (with the build's template, and without: initdb), idle,
 * holding 100,000 leads, and during a CSV export of them (with its rows per second).
 * Read from /proc/<pid>/status: VmHWM is the peak so far, VmRSS the current figure.
 */
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { killServer, startServerProcess, type ServerProcess } from "../src/server/test-support/test-server-process";
import { openPglite, openStore, pgliteTemplateFile } from "../src/server/store/database";
import { seedFacilityLeads } from "../src/server/test-support/test-helpers";

export interface MemoryFigures {
  firstStartPeakMbWithTemplate: number;
  firstStartPeakMbWithInitdb: number;
  idleMbEmpty: number;
  leads: number;
  idleMbWithLeads: number;
  exportPeakMb: number;
  exportRowsPerSecond: number;
  exportMb: number;
  idleMbAfterExport: number;
}

const TOKEN = "bench-admin-token-0123456789";
const mb = (kb: number) => Math.round(kb / 1024);

function memoryOf(pid: number): { rssKb: number; peakKb: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? 0);
  return { rssKb: field("VmRSS"), peakKb: field("VmHWM") };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function start(dataDir: string, buildDir: string): Promise<ServerProcess> {
  return startServerProcess({ DATA_DIR: dataDir, BUILD_DIR: buildDir, ADMIN_TOKEN: TOKEN, LOG_LEVEL: "warn", DATABASE_URL: "" });
}

/** The template `npm run build` makes, made here when the build has not run. */
async function ensureTemplate(buildDir: string): Promise<void> {
  const file = pgliteTemplateFile(buildDir);
  if (existsSync(file)) return;
  const db = await openPglite("memory://");
  writeFileSync(file, Buffer.from(await (await db.dumpDataDir("gzip")).arrayBuffer()));
  await db.close();
}

export async function measureMemory(leads: number, idleMs = 10_000): Promise<MemoryFigures> {
  const root = mkdtempSync(join(tmpdir(), "bench-memory-"));
  try {
    const buildDir = join(root, "build");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(buildDir);
    await ensureTemplate(buildDir);

    console.log("memory: first start with initdb…");
    let server = await start(join(root, "initdb"), join(root, "no-build"));
    const firstStartPeakMbWithInitdb = mb(memoryOf(server.child.pid!).peakKb);
    await killServer(server, "SIGTERM");

    console.log("memory: first start from the template, then idle…");
    const dataDir = join(root, "data");
    server = await start(dataDir, buildDir);
    const firstStartPeakMbWithTemplate = mb(memoryOf(server.child.pid!).peakKb);
    await sleep(idleMs);
    const idleMbEmpty = mb(memoryOf(server.child.pid!).rssKb);
    await killServer(server, "SIGTERM");

    console.log(`memory: storing ${leads.toLocaleString("en-US")} leads…`);
    const store = await openStore({ dataDir });
    await seedFacilityLeads(store.db, leads);
    await store.close();

    server = await start(dataDir, buildDir);
    await sleep(idleMs);
    const pid = server.child.pid!;
    const idleMbWithLeads = mb(memoryOf(pid).rssKb);

    console.log("memory: exporting them as CSV…");
    let exportPeakKb = 0;
    const sampler = setInterval(() => (exportPeakKb = Math.max(exportPeakKb, memoryOf(pid).rssKb)), 50);
    const started = performance.now();
    const response = await fetch(`${server.baseUrl}/api/admin/leads.csv`, { headers: { authorization: `Bearer ${TOKEN}`, "accept-encoding": "identity" } });
    let bytes = 0;
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    exportPeakKb = Math.max(exportPeakKb, memoryOf(pid).rssKb);
    await sleep(idleMs);
    const idleMbAfterExport = mb(memoryOf(pid).rssKb);
    await killServer(server, "SIGTERM");
    return {
      firstStartPeakMbWithTemplate,
      firstStartPeakMbWithInitdb,
      idleMbEmpty,
      leads,
      idleMbWithLeads,
      exportPeakMb: mb(exportPeakKb),
      exportRowsPerSecond: Math.round(leads / seconds),
      exportMb: Math.round(bytes / 1024 / 1024),
      idleMbAfterExport,
    };
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
}
