/**
 * npm run bench:fleet — lead posts per second with one and with two server processes (the compiled
 * server) on the same PostgreSQL and machine, behind HAProxy on deploy/haproxy.cfg, autocannon
 * with 20 connections for BENCH_FLEET_SECONDS (10) each, after a 2 s warm-up and an ANALYZE.
 * Needs TEST_DATABASE_URL (a throwaway database is made) and haproxy. Writes bench/results/fleet.md.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import autocannon, { type Request } from "autocannon";
import { buildServer, Fleet, fleetUnavailable, Haproxy } from "../src/server/test-support/fleet-harness";
import { analyzeDatabase } from "../src/server/store/database";
import { createDatabase } from "../src/server/test-support/test-helpers";
import { homepageLead } from "../src/server/test-support/test-fixtures";

const SECONDS = Number(process.env.BENCH_FLEET_SECONDS ?? 10);
const CONNECTIONS = 20;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";

let sequence = 0;
const leadBody = () => JSON.stringify(homepageLead({ email: `fleet-${process.pid}-${sequence++}@bench.example` }));
const load = () => +loadavg()[0]!.toFixed(2);

interface Figure {
  processes: number;
  leadsPerSecond: number;
  p50: number;
  p99: number;
  non2xx: number;
  load: number;
}

async function measure(processes: number, buildDir: string, databaseUrl: string): Promise<Figure> {
  // Three slots as deploy/haproxy.cfg has; the ones not started are marked down before the load.
  const fleet = await Fleet.create(3, buildDir, {
    DATABASE_URL: databaseUrl,
    REDIS_URL,
    TRUST_PROXY: "127.0.0.1",
    LOG_LEVEL: "warn",
    RATE_LIMIT_PER_MINUTE: "0",
    RATE_LIMIT_PER_DAY: "0",
    MIN_FILL_SECONDS: "0",
  });
  const running = fleet.members.slice(0, processes);
  await Promise.all(running.map((member) => fleet.start(member)));
  const proxy = await Haproxy.start(fleet.members);
  try {
    for (const idle of fleet.members.slice(processes)) await proxy.waitFor(idle, "DOWN", 0);
    const request: Request = {
      method: "POST",
      path: "/api/leads",
      headers: { "content-type": "application/json" },
      setupRequest: (r: Request) => ({ ...r, body: leadBody() }),
    };
    await autocannon({ url: proxy.url, connections: CONNECTIONS, duration: 2, requests: [request] }); // warm-up
    // The warm-up's leads analysed, as autovacuum would within its first minute: planned on a new,
    // empty table's statistics, the intake runs at a fifth of its rate (measured: 270 against 1,081/s).
    await analyzeDatabase(databaseUrl);
    let loadSeen = 0;
    const sampler = setInterval(() => (loadSeen = Math.max(loadSeen, load())), 1000);
    const result = await autocannon({
      url: proxy.url,
      connections: CONNECTIONS,
      duration: SECONDS,
      requests: [request],
    });
    clearInterval(sampler);
    return {
      processes,
      leadsPerSecond: Math.round(result.requests.average),
      p50: result.latency.p50,
      p99: result.latency.p99,
      non2xx: result.non2xx + result.errors,
      load: loadSeen || load(),
    };
  } finally {
    await proxy.stop();
    await fleet.stopAll();
  }
}

async function main() {
  const databaseUrl = process.env.TEST_DATABASE_URL;
  const unavailable = await fleetUnavailable(databaseUrl, REDIS_URL);
  if (unavailable) {
    console.log(`bench:fleet skipped: ${unavailable}`);
    return;
  }
  const build = await buildServer();
  const figures: Figure[] = [];
  try {
    for (const processes of [1, 2]) {
      const database = await createDatabase();
      try {
        console.log(`${processes} process(es)…`);
        figures.push(await measure(processes, build.buildDir, database.url));
      } finally {
        await database.drop();
      }
    }
  } finally {
    build.remove();
  }
  const lines = [
    "# Lead posts per second, one and two processes (npm run bench:fleet)",
    "",
    `${new Date().toISOString()}, Node ${process.version}, ${cpus().length} CPUs; the compiled server behind HAProxy (deploy/haproxy.cfg), one PostgreSQL and Redis on the same machine, autocannon ${CONNECTIONS} connections for ${SECONDS} s after a 2 s warm-up and an ANALYZE.`,
    "",
    "| processes | leads/s | p50 / p99 ms | errors or non-2xx | load average (1 min, highest) |",
    "| ---: | ---: | ---: | ---: | ---: |",
    ...figures.map((f) => `| ${f.processes} | ${f.leadsPerSecond} | ${f.p50} / ${f.p99} | ${f.non2xx} | ${f.load} |`),
    "",
  ];
  writeFileSync("bench/results/fleet.md", lines.join("\n"));
  console.log(lines.join("\n"));
}

await main();
