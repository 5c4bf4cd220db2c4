/**
 * npm run bench:api — autocannon on POST /api/leads (validate + store) and on a bench-only
 * route that only validates the same body, 10 s at 50 connections each, on PGlite (on disk)
 * and on PostgreSQL when TEST_DATABASE_URL or DATABASE_URL is set (a throwaway database).
 * Rate limit lifted, forwarding off, e-mail varied per request so double-submit detection
 * does not short-circuit. Then the server process's memory (first start, idle, 100,000 leads,
 * during their CSV export, with its rows per second: bench/api-memory.ts) and the recovery drain
 * of 10,000 queued deliveries (bench/api-drain.ts), and e-mail from the outbox: sent per second
 * and lead stored -> confirmation accepted (bench/api-mail.ts). Writes bench/results/api.json and api.md.
 */
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import autocannon from "autocannon";
import type { FastifyInstance } from "fastify";
import { LeadRequestSchema } from "../src/domain/facility-lead";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { openStore, type Store } from "../src/server/store/database";
import { createTestStore } from "../src/server/test-support/test-helpers";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { measureDrain, type DrainFigure } from "./api-drain";
import { measureMail, type MailFigure } from "./api-mail";
import { measureMemory, memoryTable } from "./api-memory";
import { parseBody } from "../src/server/routes/validation";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
const CONNECTIONS = 50;
const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 2_000);
const LATENCY_LEADS = Number(process.env.BENCH_LATENCY_LEADS ?? 200);

interface Figure {
  database: string;
  route: string;
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
}

async function measure(app: FastifyInstance, path: string): Promise<Omit<Figure, "database" | "route">> {
  const address = app.server.address();
  const port = typeof address === "object" && address ? address.port : 0;
  let n = 0;
  const result = await autocannon({
    url: `http://127.0.0.1:${port}`,
    connections: CONNECTIONS,
    duration: DURATION_S,
    requests: [
      {
        method: "POST",
        path,
        headers: { "content-type": "application/json" },
        setupRequest: (request) => ({
          ...request,
          body: JSON.stringify(homepageLead({ email: `bench-${process.pid}-${n++}@bench.example` })),
        }),
      },
    ],
  });
  return {
    requestsPerSecond: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}

async function benchOn(database: string, store: Store): Promise<Figure[]> {
  const app = await buildApp(
    testConfig({
      BUILD_DIR: "/nonexistent-build",
      RATE_LIMIT_PER_MINUTE: 0,
      RATE_LIMIT_PER_DAY: 0,
      MIN_FILL_SECONDS: 0,
    }),
    { store },
  );
  // Bench-only: the same parsing and validation as POST /api/leads, without storing.
  app.post("/bench/validate", async (request, reply) => {
    const lead = parseBody(LeadRequestSchema, request.body, reply);
    if (!lead) return reply;
    return reply.code(201).send({ id: "validated" });
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const figures: Figure[] = [];
  for (const [route, path] of [
    ["POST /api/leads (validate + store)", "/api/leads"],
    ["validate only", "/bench/validate"],
  ] as const) {
    console.log(`${database}: ${route}…`);
    figures.push({ database, route, ...(await measure(app, path)) });
  }
  await app.close();
  return figures;
}

async function main() {
  const figures: Figure[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), "bench-pglite-"));
  const pglite = await openStore({ dataDir });
  figures.push(...(await benchOn("PGlite (on disk)", pglite)));
  await pglite.close();
  rmSync(dataDir, { recursive: true, force: true });

  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (postgresUrl) {
    process.env.TEST_DATABASE_URL = postgresUrl;
    const postgres = await createTestStore("postgres");
    figures.push(...(await benchOn("PostgreSQL", postgres)));
    await postgres.destroy();
  } else {
    console.log("PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL");
  }

  const memory = await measureMemory(LEADS);
  const drains: DrainFigure[] = [await measureDrain("pglite", DELIVERIES)];
  if (postgresUrl) drains.push(await measureDrain("postgres", DELIVERIES));
  const mails: MailFigure[] = [await measureMail("pglite", EMAILS, LATENCY_LEADS)];
  if (postgresUrl) mails.push(await measureMail("postgres", EMAILS, LATENCY_LEADS));

  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    durationSeconds: DURATION_S,
    connections: CONNECTIONS,
    note: "autocannon and the server share one process and a machine shared with other work: compare ratios within one run",
  };
  writeFileSync(
    new URL("./results/api.json", import.meta.url),
    JSON.stringify({ ...meta, figures, memory, drains, mails }, null, 2) + "\n",
  );

  const lines = [
    "# API benchmark (npm run bench:api)",
    "",
    `${meta.date}, Node ${meta.node}, ${meta.cpus} CPUs, ${CONNECTIONS} connections, ${DURATION_S} s per route. ${meta.note}.`,
    "",
    "| database | route | requests/s | p50 ms | p99 ms | requests | non-2xx | errors |",
    "| --- | --- | ---: | ---: | ---: | ---: | ---: | ---: |",
    ...figures.map(
      (f) =>
        `| ${f.database} | ${f.route} | ${f.requestsPerSecond} | ${f.p50Ms} | ${f.p99Ms} | ${f.requests} | ${f.non2xx} | ${f.errors} |`,
    ),
    "",
    "Cost of storing (requests/s of validate only ÷ validate + store):",
    "",
    ...[...new Set(figures.map((f) => f.database))].map((database) => {
      const [store, validate] = figures.filter((f) => f.database === database);
      return `- ${database}: ${(validate!.requestsPerSecond / Math.max(store!.requestsPerSecond, 1)).toFixed(1)}×`;
    }),
    "",
    "## Server memory (resident, the compiled server process on plain node, PGlite on disk)",
    "",
    ...memoryTable(memory),
    "",
    `CSV export: ${memory.leads.toLocaleString("en-US")} leads (${memory.exportMb} MB) at ${memory.exportRowsPerSecond.toLocaleString("en-US")} rows/s.`,
    "",
    "## Recovery drain (deliveries backed off an hour, destination back at the server's start)",
    "",
    "| database | deliveries | all delivered after s | per s | each received once |",
    "| --- | ---: | ---: | ---: | --- |",
    ...drains.map(
      (d) =>
        `| ${d.database} | ${d.deliveries} | ${d.drainSeconds} | ${d.deliveredPerSecond} | ${d.receivedOnce ? "yes" : "NO"} |`,
    ),
    "",
    "## E-mail (to a local smtp-server: queued confirmations sent; lead stored -> its confirmation accepted)",
    "",
    "| database | e-mails | sent per s | each once | leads timed | p50 ms | p95 ms |",
    "| --- | ---: | ---: | --- | ---: | ---: | ---: |",
    ...mails.map(
      (m) =>
        `| ${m.database} | ${m.emails} | ${m.sentPerSecond} | ${m.eachOnce ? "yes" : "NO"} | ${m.latencyLeads} | ${m.latencyP50Ms} | ${m.latencyP95Ms} |`,
    ),
    "",
  ];
  writeFileSync(new URL("./results/api.md", import.meta.url), lines.join("\n"));
  console.log(lines.join("\n"));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
