/**
 * Lead intake against the database's own limit, in one run (decision 0034), on PGlite (on disk) and on
 * PostgreSQL (a throwaway database), each holding BENCH_INTAKE_SEED leads first: the real server in a process of its own (`node --import tsx
 * src/server/server.ts`, one process, pool of 10), autocannon from this process with 20
 * connections:
 * - POST /api/leads (rate limit lifted, MIN_FILL_SECONDS=0, forwarding and e-mail off, the e-mail
 *   varied per request): leads/s, p50/p99;
 * - GET /api/health (one `select 1`): requests/s;
 * - the database's own rate for the same statements: storeFacilityLead (the same statement and
 *   locks) from this one process with no server in front, 20 at a time, for the same time;
 * - the server's resident memory idle before, right after the lead load, after a rest, and after a
 *   second lead load and rest (what stays grows there).
 * Each figure carries the load average (1 min) read when it was taken: the machine is shared.
 */
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import autocannon, { type Request } from "autocannon";
import pg from "pg";
import { LeadRequestSchema } from "../src/domain/facility-lead";
import { openStore } from "../src/server/store/database";
import { storeFacilityLead } from "../src/server/leads/leads-repository";
import { newQualificationToken } from "../src/server/store/qualification-tokens";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { seedLeads } from "./bench-leads";
import { killServer, startServerProcess } from "../src/server/test-support/test-server-process";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** Leads the database holds before the load: a provider's table is not empty, and an empty one plans every lookup as a scan of nothing. */
const SEED_LEADS = Number(process.env.BENCH_INTAKE_SEED ?? 50_000);
const CONNECTIONS = 20;
const REST_MS = 10_000;

export interface IntakeFigure {
  database: string;
  leadsPerSecond: number;
  leadP50Ms: number;
  leadP99Ms: number;
  leadErrors: number;
  loadDuringLeads: number;
  healthPerSecond: number;
  loadDuringHealth: number;
  /** storeFacilityLead from one process, no server: the database's own rate for the same statements. */
  databasePerSecond: number;
  loadDuringDatabase: number;
  rssIdleMb: number;
  rssAfterLoadMb: number;
  rssAfterRestMb: number;
  /** After a second lead load as long as the first and the same rest: memory that stays grows here. */
  rssAfterSecondRestMb: number;
}

const load = () => +loadavg()[0]!.toFixed(2);
const rssMb = (pid: number) =>
  Math.round(Number(/^VmRSS:\s+(\d+)/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let sequence = 0;
const leadBody = () => JSON.stringify(homepageLead({ email: `intake-${process.pid}-${sequence++}@bench.example` }));

async function cannon(url: string, request: Request) {
  let loadSeen = 0;
  const sampler = setInterval(() => (loadSeen = Math.max(loadSeen, load())), 1000);
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, requests: [request] });
  clearInterval(sampler);
  return { result, load: loadSeen || load() };
}

/** storeFacilityLead, 20 at a time for DURATION_S, from this process: leads per second. */
async function databaseRate(
  databaseUrl: string | undefined,
  dataDir: string,
): Promise<{ perSecond: number; load: number }> {
  const store = await openStore({ databaseUrl, dataDir });
  try {
    const until = Date.now() + DURATION_S * 1000;
    let stored = 0;
    await Promise.all(
      Array.from({ length: CONNECTIONS }, async () => {
        while (Date.now() < until) {
          const lead = LeadRequestSchema.parse(JSON.parse(leadBody()));
          await storeFacilityLead(
            store.db,
            lead,
            { clientIp: "127.0.0.1", userAgent: "bench", now: new Date() },
            {
              spam: false,
              concurrent: store.kind === "postgres",
              qualificationToken: newQualificationToken(),
              deliveries: () => [],
            },
          );
          stored++;
        }
      }),
    );
    return { perSecond: Math.round(stored / DURATION_S), load: load() };
  } finally {
    await store.close();
  }
}

async function measureOn(database: string, databaseUrl: string | undefined): Promise<IntakeFigure> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-intake-"));
  try {
    console.log(`${database}: ${SEED_LEADS.toLocaleString("en-US")} leads first…`);
    await seedLeads(databaseUrl, dataDir, SEED_LEADS);
    const server = await startServerProcess({
      ...(databaseUrl ? { DATABASE_URL: databaseUrl } : { DATA_DIR: dataDir, DATABASE_URL: "" }),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_PER_DAY: "0",
      MIN_FILL_SECONDS: "0",
      ADMIN_TOKEN: "bench-admin-token-0123456789",
    });
    const pid = server.child.pid!;
    let figure: Omit<IntakeFigure, "databasePerSecond" | "loadDuringDatabase">;
    try {
      await fetch(`${server.baseUrl}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: leadBody(),
      });
      await sleep(2000);
      const rssIdleMb = rssMb(pid);
      console.log(`${database}: POST /api/leads…`);
      const postLeads = () =>
        cannon(server.baseUrl, {
          method: "POST",
          path: "/api/leads",
          headers: { "content-type": "application/json" },
          setupRequest: (request: Request) => ({ ...request, body: leadBody() }),
        });
      const leads = await postLeads();
      const rssAfterLoadMb = rssMb(pid);
      console.log(`${database}: GET /api/health…`);
      const health = await cannon(server.baseUrl, { method: "GET", path: "/api/health" });
      await sleep(REST_MS);
      const rssAfterRestMb = rssMb(pid);
      console.log(`${database}: POST /api/leads again (memory)…`);
      await postLeads();
      await sleep(REST_MS);
      figure = {
        database,
        leadsPerSecond: Math.round(leads.result.requests.average),
        leadP50Ms: leads.result.latency.p50,
        leadP99Ms: leads.result.latency.p99,
        leadErrors: leads.result.errors + leads.result.non2xx,
        loadDuringLeads: leads.load,
        healthPerSecond: Math.round(health.result.requests.average),
        loadDuringHealth: health.load,
        rssIdleMb,
        rssAfterLoadMb,
        rssAfterRestMb,
        rssAfterSecondRestMb: rssMb(pid),
      };
    } finally {
      await killServer(server, "SIGTERM");
    }
    console.log(`${database}: the same statements from one process, no server…`);
    const own = await databaseRate(databaseUrl, dataDir);
    return { ...figure, databasePerSecond: own.perSecond, loadDuringDatabase: own.load };
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A throwaway database on the PostgreSQL of `adminUrl`, dropped after `use`. */
async function withDatabase<T>(adminUrl: string, use: (url: string) => Promise<T>): Promise<T> {
  const name = `bench_intake_${process.pid}`;
  const admin = async (statement: string) => {
    const client = new pg.Client({ connectionString: adminUrl });
    await client.connect();
    await client.query(statement).finally(() => client.end());
  };
  await admin(`create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  try {
    return await use(url.toString());
  } finally {
    await admin(`drop database if exists ${name} with (force)`);
  }
}

export async function measureIntake(postgresUrl: string | undefined): Promise<IntakeFigure[]> {
  const figures = [await measureOn("PGlite (on disk)", undefined)];
  if (postgresUrl) figures.push(await withDatabase(postgresUrl, (url) => measureOn("PostgreSQL", url)));
  return figures;
}

export function intakeTable(figures: IntakeFigure[]): string[] {
  const ratio = (a: number, b: number) => `${Math.round((100 * a) / Math.max(b, 1))} %`;
  return [
    `| database | leads/s | p50 ms | p99 ms | errors | health/s | leads ÷ health | database's own leads/s | leads ÷ own | load avg (leads / health / own) | RSS MB idle / after load / after ${REST_MS / 1000} s / after a second load and rest |`,
    "| --- | ---: | ---: | ---: | ---: | ---: | ---: | ---: | ---: | --- | --- |",
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.leadsPerSecond} | ${f.leadP50Ms} | ${f.leadP99Ms} | ${f.leadErrors} | ${f.healthPerSecond} | ${ratio(f.leadsPerSecond, f.healthPerSecond)} | ${f.databasePerSecond} | ${ratio(f.leadsPerSecond, f.databasePerSecond)} | ${f.loadDuringLeads} / ${f.loadDuringHealth} / ${f.loadDuringDatabase} | ${f.rssIdleMb} / ${f.rssAfterLoadMb} / ${f.rssAfterRestMb} / ${f.rssAfterSecondRestMb} |`,
    ),
  ];
}
