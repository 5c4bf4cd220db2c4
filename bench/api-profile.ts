/**
 * A CPU profile of POST /api/leads under load (decision 0034): the compiled server (BUILD_DIR's
 * build/server/server.js, `node scripts/build-server.mjs` makes it) under `node --cpu-prof` on
 * a throwaway PostgreSQL database (TEST_DATABASE_URL; PGlite on disk with BENCH_PGLITE=1) holding BENCH_INTAKE_SEED leads, autocannon with 20 connections for
 * BENCH_DURATION s, then the profile's self time summed per function and per package:
 * `npx tsx bench/api-profile.ts` prints the top entries (the .cpuprofile stays in the printed
 * folder for Chrome's DevTools).
 */
import { spawn } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import process from "node:process";
import autocannon, { type Request } from "autocannon";
import pg from "pg";
import { homepageLead } from "../src/server/test-support/test-fixtures";
import { freePort } from "../src/server/test-support/test-receiver";
import { seedLeads } from "./bench-leads";

const DURATION_S = Number(process.env.BENCH_DURATION ?? 10);
/** BENCH_PGLITE=1: the embedded database (on disk) instead of PostgreSQL. */
const PGLITE = process.env.BENCH_PGLITE === "1";
/** Leads the database holds before the load (bench:api's figure). */
const SEED_LEADS = Number(process.env.BENCH_INTAKE_SEED ?? 50_000);
const ADMIN_URL = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
const ENTRY = `${process.env.BUILD_DIR ?? "build"}/server/server.js`;

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount: number;
}

async function admin(statement: string) {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  await client.query(statement).finally(() => client.end());
}

function summarise(file: string) {
  const profile = JSON.parse(readFileSync(file, "utf8")) as {
    nodes: ProfileNode[];
    samples: number[];
    timeDeltas: number[];
  };
  // Only the samples of the load (the last BENCH_DURATION s before the shutdown's last 0.5 s), not the start.
  const times: number[] = [];
  for (const delta of profile.timeDeltas) times.push((times.at(-1) ?? 0) + delta);
  const end = times.at(-1)! - 500_000;
  const hits = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    if (times[i]! > end - DURATION_S * 1_000_000 && times[i]! <= end) hits.set(id, (hits.get(id) ?? 0) + 1);
  });
  const total = [...hits.values()].reduce((a, b) => a + b, 0);
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  for (const node of profile.nodes) {
    node.hitCount = hits.get(node.id) ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const where = url.replace(/^file:\/\/.*?node_modules\//, "").replace(/^file:\/\/.*\/build\//, "build/");
    const key = `${functionName || "(anonymous)"} ${where}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + node.hitCount);
    const pkg = url.includes("node_modules/")
      ? url
          .split("node_modules/")
          .at(-1)!
          .split("/")
          .slice(0, url.includes("node_modules/@") ? 2 : 1)
          .join("/")
      : url.includes("/build/")
        ? "(the server's own code)"
        : url
          ? "(node)"
          : functionName || "(native)";
    byPackage.set(pkg, (byPackage.get(pkg) ?? 0) + node.hitCount);
  }
  const top = (map: Map<string, number>, n: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([key, hits]) => `${((100 * hits) / total).toFixed(1).padStart(5)} %  ${key}`);
  console.log("self time by package:\n" + top(byPackage, 25).join("\n"));
  console.log("\nself time by function:\n" + top(byFunction, 40).join("\n"));
}

async function main() {
  const name = `bench_profile_${process.pid}`;
  await admin(`create database ${name}`);
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  const pgliteDir = PGLITE ? mkdtempSync(join(tmpdir(), "lead-profile-pglite-")) : undefined;
  await seedLeads(pgliteDir ? undefined : url.toString(), pgliteDir ?? "unused", SEED_LEADS);
  const dir = mkdtempSync(join(tmpdir(), "lead-profile-"));
  const port = await freePort();
  const child = spawn(process.execPath, ["--cpu-prof", `--cpu-prof-dir=${dir}`, ENTRY], {
    env: {
      PATH: process.env.PATH ?? "",
      PORT: String(port),
      HOST: "127.0.0.1",
      BUILD_DIR: "/nonexistent-build",
      ...(pgliteDir ? { DATA_DIR: pgliteDir } : { DATABASE_URL: url.toString() }),
      LOG_LEVEL: "warn",
      RATE_LIMIT_PER_MINUTE: "0",
      RATE_LIMIT_PER_DAY: "0",
      MIN_FILL_SECONDS: "0",
      VERIFICATION_JOB: "false",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    for (
      let i = 0;
      !(await fetch(`${base}/api/health`).then(
        (r) => r.ok,
        () => false,
      ));
      i++
    ) {
      if (i > 300) throw new Error("server did not start");
      await new Promise((r) => setTimeout(r, 100));
    }
    let sequence = 0;
    const result = await autocannon({
      url: base,
      connections: 20,
      duration: DURATION_S,
      requests: [
        {
          method: "POST",
          path: process.env.BENCH_PATH ?? "/api/leads",
          headers: { "content-type": "application/json" },
          setupRequest: (request: Request) => ({
            ...request,
            body: JSON.stringify(homepageLead({ email: `profile-${sequence++}@bench.example` })),
          }),
        },
      ],
    });
    console.log(
      `${Math.round(result.requests.average)} leads/s, p50 ${result.latency.p50} ms, p99 ${result.latency.p99} ms, errors ${result.errors + result.non2xx}`,
    );
  } finally {
    await new Promise((resolve) => {
      child.once("exit", resolve);
      child.kill("SIGTERM");
    });
    await admin(`drop database if exists ${name} with (force)`);
    if (pgliteDir) rmSync(pgliteDir, { recursive: true, force: true });
  }
  const file = readdirSync(dir).find((f) => f.endsWith(".cpuprofile"));
  if (!file) throw new Error("no profile written");
  console.log(`profile: ${join(dir, file)}`);
  summarise(join(dir, file));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
