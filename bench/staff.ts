/**
 * npm run bench:staff — the staff console at scale: 1,000,000 leads in PostgreSQL
 * (a database of its own, `staff_bench`, on BENCH_DATABASE_URL or TEST_DATABASE_URL or the local
 * server), the real server in a child process, signed in as a staff member:
 * - the list, each filter, the due views, each kind of search and the counts: p50/p95 of
 *   BENCH_REQUESTS (default 60) sequential requests each, parameters varied;
 * - the CSV export of all leads: rows per second, and the server's resident memory (VmRSS of
 *   its process, sampled every 50 ms) against its idle figure.
 * - sign-in with the password hash's real cost (argon2id, 19 MiB, 2 passes): p50/p95 of
 *   BENCH_SIGN_INS (default 40) sequential sign-ins, sign-ins per second with 4 at a time, and a
 *   try refused by the back-off (counted before any hash is checked);
 * Writes bench/results/staff.json and staff.md. BENCH_LEADS changes the row count; BENCH_KEEP=1
 * keeps an existing filled database (skips the insert).
 */
import { spawn } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import process from "node:process";
import { sql } from "drizzle-orm";
import pg from "pg";
import { hashPassword } from "../src/server/staff/passwords";
import { openStore } from "../src/server/store/database";
import { currentCode } from "../src/server/staff/second-factor";
import { resetSecondFactor } from "../src/server/staff/second-factor-repository";
import { AccountExistsError, createAccount } from "../src/server/store/staff-repository";
import { freePort } from "../src/server/test-support/test-receiver";
import { FILL_SQL } from "./bench-leads";

const LEADS = Number(process.env.BENCH_LEADS ?? 1_000_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 60);
const ADMIN_URL =
  process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
/** BENCH_DB_NAME: another name keeps one worktree's bench data from another's. */
const DB_NAME = process.env.BENCH_DB_NAME ?? "staff_bench";
const PASSWORD = "the bench's own long passphrase";
const SIGN_INS = Number(process.env.BENCH_SIGN_INS ?? 40);
const ADMIN_EMAIL = "bench-admin@provider.example";

const dbUrl = (() => {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${DB_NAME}`;
  return url.toString();
})();

async function admin<T>(fn: (client: pg.Client) => Promise<T>, url = ADMIN_URL): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await fn(client);
  } finally {
    await client.end();
  }
}

async function prepareDatabase(): Promise<void> {
  const exists = await admin((c) =>
    c.query("select 1 from pg_database where datname = $1", [DB_NAME]).then((r) => r.rowCount! > 0),
  );
  if (exists && process.env.BENCH_KEEP === "1") {
    const count = await admin(
      (c) => c.query("select count(*)::int as n from facility_leads").then((r) => r.rows[0].n as number),
      dbUrl,
    );
    if (count === LEADS) return console.log(`kept ${DB_NAME} with ${count} leads`);
  }
  await admin((c) =>
    c.query(`drop database if exists ${DB_NAME} with (force)`).then(() => c.query(`create database ${DB_NAME}`)),
  );
  const store = await openStore({ databaseUrl: dbUrl, dataDir: "unused" }); // migrations
  await store.close();
  const started = Date.now();
  await admin(async (c) => {
    // A bulk load: the per-row trigger that keeps the counts is off meanwhile, and the counts are
    // taken once afterwards (what the migration does for existing rows).
    await c.query("alter table facility_leads disable trigger lead_status_counts_follow");
    // The trigram indexes (search) are built once after the load, faster than row by row.
    const trigrams = await c.query<{ name: string; definition: string }>(
      "select indexname as name, indexdef as definition from pg_indexes where tablename = 'facility_leads' and indexname like '%_trgm_idx'",
    );
    for (const { name } of trigrams.rows) await c.query(`drop index ${name}`);
    await c.query(FILL_SQL, [LEADS]);
    for (const { definition } of trigrams.rows) await c.query(definition);
    await c.query("alter table facility_leads enable trigger lead_status_counts_follow");
    await c.query("delete from lead_status_counts");
    await c.query(
      "insert into lead_status_counts (status, shard, count) select pipeline_status, 0, count(*) from facility_leads where not is_spam group by 1",
    );
    await c.query("vacuum analyze facility_leads");
  }, dbUrl);
  console.log(`inserted ${LEADS} leads in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** A staff account (password only) for the sign-in figures, and an admin (the export is theirs) whose second factor the bench sets up. */
async function prepareAccounts(): Promise<void> {
  const store = await openStore({ databaseUrl: dbUrl, dataDir: "unused" });
  try {
    for (const [email, role] of [
      ["bench@provider.example", "staff"],
      [ADMIN_EMAIL, "admin"],
    ] as const) {
      await createAccount(store.db, { email, role, passwordHash: await hashPassword(PASSWORD) }).catch(
        (error: unknown) => {
          if (!(error instanceof AccountExistsError)) throw error;
        },
      );
    }
    await resetSecondFactor(store.db, ADMIN_EMAIL);
    await store.db.execute(sql`delete from sign_in_throttles`);
  } finally {
    await store.close();
  }
}

const cookiesOf = (response: Response, previous = "") => {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((c) => [c.split("=")[0]!, c] as const),
  );
  for (const c of response.headers.getSetCookie()) jar.set(c.split("=")[0]!, c.split(";")[0]!);
  return [...jar.values()].join("; ");
};

/** Signs the admin in and sets up its second factor, as the console does at a first sign-in. */
async function adminSession(url: string): Promise<string> {
  const post = (path: string, body: unknown, cookie = "", csrf = "") =>
    fetch(`${url}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", cookie, "x-csrf-token": csrf },
      body: JSON.stringify(body),
    });
  const signIn = await post("/api/staff/sign-in", { email: ADMIN_EMAIL, password: PASSWORD });
  let cookie = cookiesOf(signIn);
  const { csrfToken } = (await signIn.json()) as { csrfToken: string };
  const setup = await post("/api/staff/second-factor/setup", {}, cookie, csrfToken);
  const { secret } = (await setup.json()) as { secret: string };
  const confirm = await post(
    "/api/staff/second-factor/confirm",
    { code: currentCode(secret.replace(/\s+/g, "")) },
    cookie,
    csrfToken,
  );
  if (!confirm.ok) throw new Error(`second factor: ${confirm.status}`);
  cookie = cookiesOf(confirm, cookie);
  return cookie;
}

/** Sign-in with the real password hash: sequential latency, throughput 4 at a time, and a try the back-off refuses. */
async function signInFigures(url: string) {
  const attempt = async (email: string, password: string) => {
    const started = performance.now();
    const response = await fetch(`${url}/api/staff/sign-in`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ email, password }),
    });
    await response.arrayBuffer();
    return { ms: performance.now() - started, status: response.status };
  };
  const times: number[] = [];
  for (let i = 0; i < SIGN_INS + 3; i++) {
    const { ms, status } = await attempt("bench@provider.example", PASSWORD);
    if (status !== 200) throw new Error(`sign-in: ${status}`);
    if (i >= 3) times.push(ms);
  }
  times.sort((a, b) => a - b);
  const started = performance.now();
  let next = 0;
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      while (next++ < SIGN_INS) await attempt("bench@provider.example", PASSWORD);
    }),
  );
  const perSecond = SIGN_INS / ((performance.now() - started) / 1000);
  // Wrong passwords for an e-mail until the back-off holds it, then the refused tries' cost.
  for (let i = 0; i < 5; i++) await attempt("nobody@provider.example", "wrong password, repeatedly");
  const refused: number[] = [];
  for (let i = 0; i < 20; i++)
    refused.push((await attempt("nobody@provider.example", "wrong password, repeatedly")).ms);
  refused.sort((a, b) => a - b);
  return {
    signIns: SIGN_INS,
    p50Ms: +percentile(times, 50).toFixed(1),
    p95Ms: +percentile(times, 95).toFixed(1),
    perSecondFourAtATime: +perSecond.toFixed(1),
    refusedP50Ms: +percentile(refused, 50).toFixed(1),
    refusedP95Ms: +percentile(refused, 95).toFixed(1),
  };
}

interface Server {
  url: string;
  pid: number;
  stop(): Promise<void>;
}

async function startServer(): Promise<Server> {
  const port = await freePort();
  const child = spawn(process.execPath, ["--import", "tsx", "src/server/server.ts"], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATABASE_URL: dbUrl,
      LOG_LEVEL: "warn",
      BUILD_DIR: "/nonexistent-build",
      // The sign-in figures are the password hash's cost: the per-address limit on tries stays out of them.
      STAFF_RATE_LIMIT_PER_MINUTE: "0",
    },
    stdio: ["ignore", "inherit", "inherit"],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; ; i++) {
    if (
      await fetch(`${url}/api/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      break;
    if (i > 300) throw new Error("server did not start");
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    pid: child.pid!,
    stop: () =>
      new Promise((resolve) => {
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}

const rssMb = (pid: number) => Number(/VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))![1]) / 1024;
const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

interface Figure {
  scenario: string;
  p50Ms: number;
  p95Ms: number;
  /** The 1-minute load average when the row was done (the machine may be shared). */
  load: number;
  maxMs: number;
  rows: number;
}

async function main() {
  await prepareDatabase();
  await prepareAccounts();
  const server = await startServer();
  try {
    // The export is for admins: the rest runs as one (signed in first: the refused tries below slow this address).
    const cookie = await adminSession(server.url);
    // BENCH_ONLY: a pattern of the rows to measure, alone (no sign-in, no export): bench/results/staff-only.*.
    const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
    const signIns = only ? undefined : await signInFigures(server.url);
    console.log("sign-in", signIns);
    // As a browser asks (compressed when the server will), unless BENCH_ACCEPT_ENCODING says otherwise.
    const acceptEncoding = process.env.BENCH_ACCEPT_ENCODING ?? "gzip, deflate, br, zstd";
    const get = (path: string) =>
      fetch(`${server.url}${path}`, { headers: { cookie, "accept-encoding": acceptEncoding, "x-staff-console": "1" } });

    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const pick = <T>(values: T[], i: number) => values[i % values.length]!;
    const scenarios: [string, (i: number) => string][] = [
      ["list, newest first", () => "/api/staff/leads"],
      ["list, page 2 (cursor)", () => "cursor"],
      [
        "filter: status",
        (i) =>
          `/api/staff/leads?status=${pick(["new", "qualified", "role_verified", "gift_card_sent", "first_shift_filled", "bonus_sent", "rejected"], i)}`,
      ],
      ["filter: form", (i) => `/api/staff/leads?form=${pick(["homepage_form", "qualify_page", "chat"], i)}`],
      ["filter: date range", (i) => `/api/staff/leads?from=${day(200 - (i % 150))}&to=${day(190 - (i % 150))}`],
      [
        "filter: status + form + dates",
        (i) => `/api/staff/leads?status=qualified&form=qualify_page&from=${day(300)}&to=${day(10 + (i % 50))}`,
      ],
      ["due: 24-hour call late", () => "/api/staff/leads?due=call"],
      ["due: gift card late", () => "/api/staff/leads?due=gift_card"],
      ["search: e-mail (exact)", (i) => `/api/staff/leads?q=lead${(i * 7919) % LEADS}@facility`],
      ["search: e-mail prefix", (i) => `/api/staff/leads?q=lead${((i * 31) % 900) + 100}`],
      [
        "search: phone",
        (i) => `/api/staff/leads?q=${encodeURIComponent(`(${200 + (i % 800)}) ${String(i % 1000).padStart(3, "0")}`)}`,
      ],
      [
        "search: name",
        (i) =>
          `/api/staff/leads?q=${encodeURIComponent(`${pick(["Dana", "Sam", "Alex", "Jordan"], i)} ${pick(["Reyes", "Ortiz", "Smith", "Nguyen"], i)}${i % 997}`)}`,
      ],
      ["search: last name", (i) => `/api/staff/leads?q=${pick(["reyes", "patel", "kim", "lopez"], i)}${i % 997}`],
      [
        "search: facility",
        (i) =>
          `/api/staff/leads?q=${encodeURIComponent(pick(["Sunrise Care", "Mercy General", "Oak Grove Nursing", "Harbor Rehab"], i))}`,
      ],
      ["search + status filter", (i) => `/api/staff/leads?status=new&q=${pick(["sunrise", "mercy", "lakeside"], i)}`],
      // A word or part of one anywhere: inside a facility's name, an e-mail, a name, a phone's last digits.
      ["search: a word inside", (i) => `/api/staff/leads?q=${pick(["grove", "general", "senior", "rehab"], i)}`],
      [
        "search: part of an e-mail",
        (i) => `/api/staff/leads?q=${encodeURIComponent(`@facility${(i * 7919) % 40000}.`)}`,
      ],
      ["search: inside a name", (i) => `/api/staff/leads?q=${pick(["mith", "eyes", "guyen", "arcia"], i)}${i % 997}`],
      ["search: a phone's last digits", (i) => `/api/staff/leads?q=${String((i * 7919) % 10000).padStart(4, "0")}`],
      [
        "first page: word inside + status",
        (i) =>
          `/api/staff/leads?status=${pick(["qualified", "new", "role_verified"], i)}&q=${pick(["grove", "rehab", "mith"], i)}`,
      ],
      ["counts per status", () => "/api/staff/leads/counts"],
    ];
    const figures: Figure[] = [];
    const firstPage = (await (await get("/api/staff/leads")).json()) as { nextCursor: string };
    const chosen = scenarios.filter(([scenario]) => !only || only.test(scenario));
    for (const [scenario, pathOf] of process.env.BENCH_EXPORT_ONLY === "1" ? [] : chosen) {
      const times: number[] = [];
      let rows = 0;
      for (let i = -5; i < REQUESTS; i++) {
        const path = pathOf(i + 5);
        const url = path === "cursor" ? `/api/staff/leads?cursor=${firstPage.nextCursor}` : path;
        const started = performance.now();
        const response = await get(url);
        const body = (await response.json()) as { leads?: unknown[] };
        const ms = performance.now() - started;
        if (!response.ok) throw new Error(`${scenario}: ${response.status} ${JSON.stringify(body)}`);
        if (i >= 0) {
          times.push(ms);
          rows += body.leads?.length ?? 0;
        }
      }
      times.sort((a, b) => a - b);
      const figure = {
        scenario,
        p50Ms: +percentile(times, 50).toFixed(1),
        p95Ms: +percentile(times, 95).toFixed(1),
        maxMs: +times.at(-1)!.toFixed(1),
        rows: Math.round(rows / REQUESTS),
        load: +loadavg()[0]!.toFixed(2),
      };
      figures.push(figure);
      console.log(
        `${scenario.padEnd(32)} p50 ${String(figure.p50Ms).padStart(6)} ms  p95 ${String(figure.p95Ms).padStart(6)} ms  (${figure.rows} rows/page, load ${figure.load})`,
      );
    }
    const rowsTable = [
      "| Request | p50 | p95 | max | rows/page | load avg (1 min) |",
      "|---|---:|---:|---:|---:|---:|",
      ...figures.map(
        (f) => `| ${f.scenario} | ${f.p50Ms} ms | ${f.p95Ms} ms | ${f.maxMs} ms | ${f.rows} | ${f.load} |`,
      ),
    ];
    if (!signIns) {
      const date = new Date().toISOString();
      writeFileSync(
        "bench/results/staff-only.json",
        `${JSON.stringify({ date, leads: LEADS, only: process.env.BENCH_ONLY, requestsPerScenario: REQUESTS, figures }, null, 2)}\n`,
      );
      const md = [
        `Staff console at scale, these rows alone (\`BENCH_ONLY='${process.env.BENCH_ONLY}' npm run bench:staff\`, ${date}): ${LEADS.toLocaleString("en-US")} leads in PostgreSQL, ${REQUESTS} sequential requests per row after 5 warm-up requests, through the real server (HTTP, session cookie).`,
        "",
        ...rowsTable,
        "",
      ].join("\n");
      writeFileSync("bench/results/staff-only.md", md);
      return console.log(md);
    }

    // The export of every lead: the server's memory against its idle figure, taken after one
    // small export has loaded the export's code (a warmed-up server at rest).
    await (await get("/api/staff/leads.csv?q=lead1")).text();
    await new Promise((r) => setTimeout(r, 1000));
    const idleMb = rssMb(server.pid);
    let peakMb = idleMb;
    const sampler = setInterval(() => (peakMb = Math.max(peakMb, rssMb(server.pid))), 50);
    const started = performance.now();
    const response = await get("/api/staff/leads.csv");
    let lines = 0;
    let bytes = 0;
    const reader = response.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      bytes += value.length;
      for (const byte of value) if (byte === 10) lines++;
      // The server keeps answering while it streams.
    }
    const seconds = (performance.now() - started) / 1000;
    clearInterval(sampler);
    const exportFigure = {
      rows: lines - 1,
      seconds: +seconds.toFixed(1),
      rowsPerSecond: Math.round((lines - 1) / seconds),
      megabytes: +(bytes / 1024 / 1024).toFixed(1),
      idleRssMb: +idleMb.toFixed(1),
      peakRssMb: +peakMb.toFixed(1),
      growthMb: +(peakMb - idleMb).toFixed(1),
    };
    console.log("export", exportFigure);

    const date = new Date().toISOString().slice(0, 10);
    writeFileSync(
      "bench/results/staff.json",
      `${JSON.stringify({ date, leads: LEADS, requestsPerScenario: REQUESTS, figures, export: exportFigure, signIn: signIns }, null, 2)}\n`,
    );
    const md = [
      `Staff console at scale (\`npm run bench:staff\`, ${date}): ${LEADS.toLocaleString("en-US")} leads in PostgreSQL, ${REQUESTS} sequential requests per row after 5 warm-up requests, through the real server (HTTP, session cookie).`,
      "",
      ...rowsTable,
      "",
      `Sign-in with the real password hash (argon2id, 19 MiB, 2 passes): p50 ${signIns.p50Ms} ms, p95 ${signIns.p95Ms} ms over ${signIns.signIns} sequential sign-ins; ${signIns.perSecondFourAtATime} sign-ins/s with 4 at a time. A try the back-off refuses (no hash checked): p50 ${signIns.refusedP50Ms} ms, p95 ${signIns.refusedP95Ms} ms.`,
      "",
      `CSV export of all ${exportFigure.rows.toLocaleString("en-US")} leads: ${exportFigure.seconds} s, ${exportFigure.rowsPerSecond.toLocaleString("en-US")} rows/s, ${exportFigure.megabytes} MB; server RSS ${exportFigure.idleRssMb} MB idle, ${exportFigure.peakRssMb} MB at peak (+${exportFigure.growthMb} MB).`,
      "",
    ].join("\n");
    writeFileSync("bench/results/staff.md", md);
    console.log(md);
  } finally {
    await server.stop();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
