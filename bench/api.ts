/**
 * npm run bench:api — lead intake against the database's own limit (bench/api-intake.ts: POST
 * /api/leads and GET /api/health through the real server with 20 connections, and the same
 * statements from one process with no server), on PGlite (on disk) and on PostgreSQL when
 * TEST_DATABASE_URL or DATABASE_URL is set (a throwaway database): bench/results/api-intake.md.
 * Then (unless BENCH_INTAKE_ONLY=1) the server process's memory (first start, idle, 100,000
 * leads, during their CSV export, with its rows per second: bench/api-memory.ts) and the recovery
 * drain of 10,000 queued deliveries (bench/api-drain.ts), and e-mail from the outbox: sent per
 * second and lead stored -> confirmation accepted (bench/api-mail.ts). Writes
 * bench/results/api.json and api.md.
 */
import { writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import process from "node:process";
import { measureDrain, type DrainFigure } from "./api-drain";
import { intakeTable, measureIntake } from "./api-intake";
import { measureMail, type MailFigure } from "./api-mail";
import { measureMemory, memoryTable } from "./api-memory";

const LEADS = Number(process.env.BENCH_LEADS ?? 100_000);
const DELIVERIES = Number(process.env.BENCH_DELIVERIES ?? 10_000);
const EMAILS = Number(process.env.BENCH_EMAILS ?? 2_000);
const LATENCY_LEADS = Number(process.env.BENCH_LATENCY_LEADS ?? 200);

async function main() {
  const postgresUrl = process.env.TEST_DATABASE_URL ?? process.env.DATABASE_URL;
  if (!postgresUrl) console.log("PostgreSQL skipped: set TEST_DATABASE_URL or DATABASE_URL");
  const loadAtStart = loadavg().map((n) => +n.toFixed(2));
  const intake = await measureIntake(postgresUrl);
  const meta = {
    date: new Date().toISOString(),
    node: process.version,
    cpus: cpus().length,
    loadAverageAtStart: loadAtStart,
    note: "the server in a process of its own, autocannon in the bench's; the machine is shared with other work: each figure carries the 1-minute load average, compare ratios within one run",
  };
  const intakeLines = [
    "# Lead intake against the database's own limit (npm run bench:api)",
    "",
    `${meta.date}, Node ${meta.node}, ${meta.cpus} CPUs, load average at the start ${loadAtStart.join(" / ")} (1 / 5 / 15 min). ${meta.note}.`,
    "",
    "Method: a database that already holds 50,000 leads (BENCH_INTAKE_SEED; one INSERT … SELECT generate_series, then ANALYZE), the real server (`node --import tsx src/server/server.ts`, one process, a pool of 10 connections to the database) and autocannon with 20 connections for 10 s each: POST /api/leads (rate limit lifted, MIN_FILL_SECONDS=0, no webhook or e-mail configured, a new e-mail per request), then GET /api/health (one `select 1`). The database's own rate: storeFacilityLead, the same statement and locks, 20 at a time from one process with no server in front. Memory: the server's VmRSS idle, right after the lead load, after a 10 s rest, and after a second lead load and rest.",
    "",
    ...intakeTable(intake),
    "",
  ];
  writeFileSync(
    new URL("./results/api-intake.json", import.meta.url),
    JSON.stringify({ ...meta, intake }, null, 2) + "\n",
  );
  writeFileSync(new URL("./results/api-intake.md", import.meta.url), intakeLines.join("\n"));
  console.log(intakeLines.join("\n"));
  if (process.env.BENCH_INTAKE_ONLY === "1") return;

  const memory = await measureMemory(LEADS);
  const drains: DrainFigure[] = [await measureDrain("pglite", DELIVERIES)];
  if (postgresUrl) drains.push(await measureDrain("postgres", DELIVERIES));
  const mails: MailFigure[] = [await measureMail("pglite", EMAILS, LATENCY_LEADS)];
  if (postgresUrl) mails.push(await measureMail("postgres", EMAILS, LATENCY_LEADS));

  writeFileSync(
    new URL("./results/api.json", import.meta.url),
    JSON.stringify({ ...meta, intake, memory, drains, mails }, null, 2) + "\n",
  );

  const lines = [
    "# API benchmark (npm run bench:api)",
    "",
    `${meta.date}, Node ${meta.node}, ${meta.cpus} CPUs. ${meta.note}.`,
    "",
    "## Lead intake (bench/results/api-intake.md has the method)",
    "",
    ...intakeTable(intake),
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
