/**
 * Resident memory of the real server process as production runs it (the compiled
 * build/server/server.js on plain node, PGlite on disk): on its first start on an empty data
 * folder (with the build's template, and without: initdb), idle after it, the whole process
 * tree `npm start` leaves (npm above the server), holding 100,000 leads, and during a CSV
 * export of them (with its rows per second).
 * Read from /proc/<pid>/status: VmHWM is the peak so far, VmRSS the current figure.
 *
 * `npm run bench:api-memory` runs this part alone (BENCH_LEADS, default 100,000).
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { killServer, startServerProcess, type ServerProcess } from "../src/server/test-support/test-server-process";
import { openPglite, openStore, pgliteTemplateFile } from "../src/server/store/database";
import { seedFacilityLeads } from "../src/server/test-support/test-helpers";

export interface MemoryFigures {
  firstStartPeakMbWithTemplate: number;
  firstStartPeakMbWithInitdb: number;
  /** The server process, idle after its first start on an empty data folder (the goal: 300 MB or less). */
  idleMbEmpty: number;
  /** Every process of the tree `npm run serve` leaves (what `npm start` leaves once built), at the same moment (goal: 400 MB or less). */
  treeIdleMbEmpty: number;
  treeProcesses: Array<{ command: string; mb: number }>;
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

/** `pid` and every process below it, with its resident memory. */
function treeOf(pid: number): Array<{ pid: number; command: string; rssKb: number }> {
  const children = readFileSync(`/proc/${pid}/task/${pid}/children`, "utf8")
    .trim()
    .split(/\s+/)
    .filter(Boolean)
    .map(Number);
  const command = readFileSync(`/proc/${pid}/cmdline`, "utf8").replaceAll("\0", " ").trim();
  return [{ pid, command, rssKb: memoryOf(pid).rssKb }, ...children.flatMap(treeOf)];
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const root = fileURLToPath(new URL("..", import.meta.url));

async function start(dataDir: string, buildDir: string, viaNpm = false): Promise<ServerProcess> {
  const env = { DATA_DIR: dataDir, BUILD_DIR: buildDir, ADMIN_TOKEN: TOKEN, LOG_LEVEL: "warn", DATABASE_URL: "" };
  return startServerProcess(env, viaNpm ? { viaNpm } : { compiledEntry: join(buildDir, "server", "server.js") });
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
  // In the project (a build-* folder, ignored by git): the compiled code finds drizzle/ above it.
  const work = mkdtempSync(join(root, "build-bench-memory-"));
  try {
    const buildDir = join(work, "build");
    mkdirSync(buildDir);
    execFileSync(process.execPath, ["scripts/build-server.mjs"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: buildDir },
      stdio: "inherit",
    });
    await ensureTemplate(buildDir);

    console.log("memory: first start with initdb…");
    const noTemplate = join(work, "no-template");
    execFileSync(process.execPath, ["scripts/build-server.mjs"], {
      cwd: root,
      env: { ...process.env, BUILD_DIR: noTemplate },
      stdio: "ignore",
    });
    let server = await start(join(work, "initdb"), noTemplate);
    const firstStartPeakMbWithInitdb = mb(memoryOf(server.child.pid!).peakKb);
    await killServer(server, "SIGTERM");

    console.log("memory: first start from the template (npm run serve), then idle…");
    const dataDir = join(work, "data");
    server = await start(dataDir, buildDir, true);
    const tree = () => treeOf(server.child.pid!);
    const serverPid = tree().find((p) => p.command.includes("server/server.js"))!.pid;
    const firstStartPeakMbWithTemplate = mb(memoryOf(serverPid).peakKb);
    await sleep(idleMs);
    const idle = tree();
    const idleMbEmpty = mb(memoryOf(serverPid).rssKb);
    const treeIdleMbEmpty = mb(idle.reduce((sum, p) => sum + p.rssKb, 0));
    const treeProcesses = idle.map((p) => ({ command: p.command.replace(work, "…"), mb: mb(p.rssKb) }));
    process.kill(serverPid, "SIGTERM"); // the server itself: npm then exits with it
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
    const response = await fetch(`${server.baseUrl}/api/admin/leads.csv`, {
      headers: { authorization: `Bearer ${TOKEN}`, "accept-encoding": "identity" },
    });
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
      treeIdleMbEmpty,
      treeProcesses,
      leads,
      idleMbWithLeads,
      exportPeakMb: mb(exportPeakKb),
      exportRowsPerSecond: Math.round(leads / seconds),
      exportMb: Math.round(bytes / 1024 / 1024),
      idleMbAfterExport,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

/** The memory table of api.md. */
export function memoryTable(memory: MemoryFigures): string[] {
  return [
    "| moment | MB |",
    "| --- | ---: |",
    `| first start, empty data folder, from the build's template (peak) | ${memory.firstStartPeakMbWithTemplate} |`,
    `| first start, empty data folder, initdb (no build; peak) | ${memory.firstStartPeakMbWithInitdb} |`,
    `| idle after the first start, no leads (goal ≤ 300) | ${memory.idleMbEmpty} |`,
    `| the whole tree \`npm start\` leaves at that moment (goal ≤ 400): ${memory.treeProcesses.map((p) => `${p.command.split(" ").slice(0, 3).join(" ")} ${p.mb}`).join("; ")} | ${memory.treeIdleMbEmpty} |`,
    `| idle, ${memory.leads.toLocaleString("en-US")} leads | ${memory.idleMbWithLeads} |`,
    `| during the CSV export of them (peak) | ${memory.exportPeakMb} |`,
    `| idle after the export | ${memory.idleMbAfterExport} |`,
  ];
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const memory = await measureMemory(Number(process.env.BENCH_LEADS ?? 100_000));
  console.log(memoryTable(memory).join("\n"));
}
