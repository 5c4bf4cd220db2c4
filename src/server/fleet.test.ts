import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { randomInt } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { and, eq, inArray, sql } from "drizzle-orm";
import { openStore, type Store } from "./store/database";
import { deliveries, facilityLeads } from "./store/schema";
import { createDatabase } from "./test-support/test-helpers";
import { TestReceiver } from "./test-support/test-receiver";
import { SmtpReceiver } from "./test-support/smtp-receiver";
import { addAccount, signIn } from "./test-support/staff-test-helpers";
import { homepageLead } from "./test-support/test-fixtures";
import { buildServer, Fleet, fleetUnavailable, Haproxy, root } from "./test-support/fleet-harness";
import { LeadStream, type Acknowledged } from "./test-support/lead-stream";
import { roundRobinInjector } from "./test-support/http-injector";

/**
 * The fleet: three processes of the compiled server behind HAProxy (deploy/haproxy.cfg)
 * on one PostgreSQL and one Redis. Runs where PostgreSQL (TEST_DATABASE_URL), Redis
 * (TEST_REDIS_URL, else redis://127.0.0.1:6379) and haproxy answer; skipped with the reason printed otherwise.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL;
const REDIS_URL = process.env.TEST_REDIS_URL ?? "redis://127.0.0.1:6379";
const unavailable = await fleetUnavailable(DATABASE_URL, REDIS_URL);
if (unavailable) console.warn(`fleet.test.ts skipped: ${unavailable}`);

/**
 * Within this of a SIGKILL, the work the killed process had claimed is done by the others: its
 * outbox rows (webhooks, e-mails) are leased for the send timeout + 20 s (30 s), then due again.
 */
const TAKEOVER_MS = 45_000;

describe.skipIf(unavailable)("three processes behind HAProxy on one PostgreSQL and Redis", () => {
  let build: Awaited<ReturnType<typeof buildServer>>;
  let database: Awaited<ReturnType<typeof createDatabase>>;
  let fleet: Fleet;
  let proxy: Haproxy;
  let store: Store;
  const webhook = new TestReceiver();
  const smtp = new SmtpReceiver();
  const figures: string[] = [];

  beforeAll(async () => {
    [build, database] = await Promise.all([buildServer(), createDatabase(), webhook.start(), smtp.start()]);
    fleet = await Fleet.create(3, build.buildDir, {
      DATABASE_URL: database.url,
      REDIS_URL,
      TRUST_PROXY: "127.0.0.1",
      // DRAIN_DELAY_MS: its default, 5 s, as shipped (HAProxy marks a draining process down in about 2 s).
      MIN_FILL_SECONDS: "0",
      HOMEPAGE_WEBHOOK_URL: webhook.url("/homepage"),
      OUTBOX_RETRY_BASE_MS: "200",
      SMTP_URL: smtp.url,
      SITE_URL: "https://staffing.example",
      MAIL_PER_RECIPIENT_DAILY_LIMIT: "100",
      LOG_LEVEL: "warn",
    });
  }, 120_000);

  afterAll(async () => {
    console.log(`fleet figures:\n  ${figures.join("\n  ")}`);
    if (process.env.FLEET_LOG && proxy) writeFileSync(process.env.FLEET_LOG, proxy.log);
    await proxy?.stop();
    await fleet?.stopAll();
    await store?.close();
    await Promise.all([webhook.stop(), smtp.stop()]);
    await database?.drop();
    build?.remove();
  }, 120_000);

  it("starts three processes at the same moment on an empty database: all come up, each migration runs once", async () => {
    const began = Date.now();
    await fleet.startAll();
    figures.push(`three processes started together on an empty database, all healthy in ${Date.now() - began} ms`);
    proxy = await Haproxy.start(fleet.members);
    store = await openStore({ databaseUrl: database.url, dataDir: "", migrate: false });
    const journal = JSON.parse(readFileSync(join(root, "drizzle", "meta", "_journal.json"), "utf8")) as {
      entries: unknown[];
    };
    const { rows } = (await store.db.execute(
      sql`select count(*)::int as runs, count(distinct hash)::int as distinct_runs from drizzle.__drizzle_migrations`,
    )) as unknown as { rows: { runs: number; distinct_runs: number }[] };
    expect(rows[0]).toEqual({ runs: journal.entries.length, distinct_runs: journal.entries.length });
  }, 90_000);

  it("keeps a steady stream of leads answered through a rolling SIGTERM restart: each stored, forwarded and e-mailed once", async () => {
    webhook.answer = () => ({ status: 200 });
    const stream = new LeadStream(proxy.url, "rolling", { workers: 3, pauseMs: 50 }).start();
    const exits: string[] = [];
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      for (const member of fleet.members) {
        const mark = proxy.log.length;
        const { code, ms } = await fleet.stop(member, "SIGTERM");
        exits.push(`${member.name} exit ${code} after ${ms} ms`);
        expect(code).toBe(0);
        await fleet.start(member);
        await proxy.waitFor(member, "UP", mark);
      }
      await new Promise((resolve) => setTimeout(resolve, 1_000));
    } finally {
      await stream.stop();
    }
    figures.push(
      `rolling SIGTERM restart: ${stream.acknowledged.length} leads acknowledged (${stream.perSecond.toFixed(1)}/s), ${stream.errors.length} errors; ${exits.join(", ")}`,
      ...stream.errors.slice(0, 5).map((error) => `  error: ${error}`),
    );
    expect(stream.errors.slice(0, 5)).toEqual([]);
    // The outbox follows the stream by seconds on a loaded machine: allowed as long as after a kill.
    await expectEachOnce(stream.acknowledged, { exactlyOnceOnTheWire: true, withinMs: TAKEOVER_MS });
  }, 300_000);

  it("loses no acknowledged lead when a process is killed, and the others take over its claimed work", async () => {
    // Slow answers, so the process is killed with deliveries in flight.
    webhook.answer = () => ({ status: 200, delayMs: 200 });
    const stream = new LeadStream(proxy.url, "killed", { workers: 3, pauseMs: 50 }).start();
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    const victim = fleet.members[1]!;
    const mark = proxy.log.length;
    await fleet.stop(victim, "SIGKILL");
    const killedAt = Date.now();
    try {
      await proxy.waitFor(victim, "DOWN", mark);
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      await stream.stop();
      webhook.answer = () => ({ status: 200 });
      await expectEachOnce(stream.acknowledged, { exactlyOnceOnTheWire: false, withinMs: TAKEOVER_MS });
      const takeoverMs = Date.now() - killedAt;
      figures.push(
        `SIGKILL of ${victim.name}: ${stream.acknowledged.length} leads acknowledged, ${stream.errors.length} requests unanswered (in flight at the kill), all acknowledged leads stored, forwarded and e-mailed within ${takeoverMs} ms of the kill`,
      );
    } finally {
      await stream.stop();
      webhook.answer = () => ({ status: 200 });
      const restartMark = proxy.log.length;
      await fleet.start(victim);
      await proxy.waitFor(victim, "UP", restartMark);
    }
  }, 180_000);

  it("holds the per-client form limit for the fleet, not per process (Redis)", async () => {
    const client = `198.51.100.${randomInt(1, 254)}`;
    const mark = proxy.log.length;
    const answers: number[] = [];
    for (let n = 0; n < 15; n++) {
      const response = await fetch(`${proxy.url}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-forwarded-for": client },
        body: JSON.stringify(homepageLead({ email: `limit-${n}@sunrise.example` })),
      });
      answers.push(response.status);
    }
    const servedBy = new Set((await proxy.servedByOnce("/api/leads", 15, mark)).slice(-15));
    figures.push(
      `form limit: 15 posts from one client over ${servedBy.size} processes, ${answers.filter((s) => s === 201).length} accepted`,
    );
    expect(servedBy.size).toBe(3);
    expect(answers.filter((status) => status === 201)).toHaveLength(10); // RATE_LIMIT_PER_MINUTE's default
    expect(answers.slice(10).every((status) => status === 429)).toBe(true);
  }, 60_000);

  it("takes a staff session, its CSRF token and its second factor on whichever process answers", async () => {
    const email = "fleet-admin@staffing.example";
    await addAccount(store.db, email, "admin");
    const processes = fleet.members.map((m) => `http://127.0.0.1:${m.port}`);
    // Each request of the sign-in, the set-up of the second factor and its confirmation goes to the next process.
    const enrolled = await signIn(roundRobinInjector(processes), email);
    const signedIn = await signIn(roundRobinInjector([...processes].reverse()), email, undefined, enrolled.cookie);
    for (const base of processes) {
      const leads = await fetch(`${base}/api/staff/leads`, { headers: signedIn.headers });
      expect(leads.status).toBe(200);
      const withoutCsrf = Object.fromEntries(
        Object.entries(signedIn.headers).filter(([name]) => name !== "x-csrf-token"),
      );
      const refused = await fetch(`${base}/api/staff/sign-out`, { method: "POST", headers: withoutCsrf });
      expect(refused.status).toBe(403);
    }
    const out = await fetch(`${processes[2]}/api/staff/sign-out`, { method: "POST", headers: signedIn.headers });
    expect(out.status).toBeLessThan(300);
    for (const base of processes)
      expect((await fetch(`${base}/api/staff/leads`, { headers: signedIn.headers })).status).toBe(401);
  }, 60_000);

  /** Every acknowledged lead stored once, forwarded under one idempotency key, and its confirmation e-mailed once. */
  async function expectEachOnce(
    acknowledged: Acknowledged[],
    { exactlyOnceOnTheWire, withinMs = 20_000 }: { exactlyOnceOnTheWire: boolean; withinMs?: number },
  ): Promise<void> {
    const ids = acknowledged.map((lead) => lead.id);
    expect(new Set(ids).size).toBe(ids.length);
    const stored = await store.db
      .select({ id: facilityLeads.id })
      .from(facilityLeads)
      .where(inArray(facilityLeads.id, ids));
    expect(stored).toHaveLength(ids.length);
    // The one homepage_webhook delivery of each lead: its id is the Idempotency-Key the webhook sees.
    const rows = await store.db
      .select({ id: deliveries.id, leadId: deliveries.recordId })
      .from(deliveries)
      .where(and(inArray(deliveries.recordId, ids), eq(deliveries.destination, "homepage_webhook")));
    const keyOf = new Map(rows.map((row) => [row.id, row.leadId]));
    expect(rows).toHaveLength(ids.length);
    const forwardedOf = () => {
      const byLead = new Map<string, Set<string>>();
      for (const r of webhook.received) {
        const key = String(r.headers["idempotency-key"]);
        const lead = keyOf.get(key);
        if (lead) byLead.set(lead, (byLead.get(lead) ?? new Set()).add(key));
      }
      return byLead;
    };
    const mailedOf = () => {
      const byAddress = new Map<string, string[]>();
      for (const m of smtp.received)
        for (const to of m.envelopeTo) byAddress.set(to, [...(byAddress.get(to) ?? []), m.parsed.messageId ?? ""]);
      return byAddress;
    };
    const deadline = Date.now() + withinMs;
    while (Date.now() < deadline) {
      const forwarded = forwardedOf();
      const mailed = mailedOf();
      if (ids.every((id) => forwarded.has(id)) && acknowledged.every((l) => mailed.has(l.email))) break;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
    await new Promise((resolve) => setTimeout(resolve, 1_000)); // anything sent twice would be here by now
    const forwarded = forwardedOf();
    const mailed = mailedOf();
    const missing = ids.filter((id) => !forwarded.has(id));
    expect(missing, "leads not forwarded").toEqual([]);
    expect(
      acknowledged.filter((l) => !mailed.has(l.email)).map((l) => l.email),
      "leads not e-mailed",
    ).toEqual([]);
    for (const lead of acknowledged) {
      expect(forwarded.get(lead.id)?.size, `lead ${lead.id}: idempotency keys`).toBe(1);
      const messageIds = mailed.get(lead.email) ?? [];
      expect(new Set(messageIds).size, `${lead.email}: distinct e-mails`).toBe(1);
      if (exactlyOnceOnTheWire) expect(messageIds).toHaveLength(1);
    }
    if (exactlyOnceOnTheWire) {
      const sent = webhook.received.filter((r) => keyOf.has(String(r.headers["idempotency-key"])));
      expect(sent).toHaveLength(ids.length);
    }
  }
});
