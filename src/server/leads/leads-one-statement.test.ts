import { Socket } from "node:net";
import type { PGlite } from "@electric-sql/pglite";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { timeZoneOfState } from "../../domain/state-time-zones";
import { homepageLead } from "../test-support/test-fixtures";
import { addCallTaker } from "../test-support/booking-harness";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";

/** A lead with a webhook, a confirmation e-mail, its first work e-mail code and its contact link. */
const CONFIG = {
  MIN_FILL_SECONDS: 0,
  SMTP_URL: "smtp://127.0.0.1:2",
  SITE_URL: "https://staffing.example",
  WORK_EMAIL_CODE_KEY: Buffer.alloc(32, 7),
  HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook",
};

const TABLES = ["facility_leads", "qualification_tokens", "work_email_codes", "contact_links", "deliveries"] as const;

describe.each(STORE_KINDS)("a lead is one statement, all of it or nothing (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  beforeEach(async () => {
    app = await createTestApp(store, CONFIG, { outbox: false });
    // Someone takes calls: the warm-up lead reads the first time offered, and the lead measured
    // reuses it (first-offered-time.ts), so only the statement goes to the database.
    await addCallTaker(store.db, "sam@staffing.example");
  });
  afterEach(async () => {
    await app.close();
    await store.db.execute(sql`drop trigger if exists fail_at_commit on deliveries`);
  });

  const post = (email = "dana@clinic.example") =>
    app.inject({ method: "POST", url: "/api/leads", payload: homepageLead({ email }) });
  const counts = async () => {
    const rows = (await Promise.all(
      TABLES.map((table) => store.db.execute(sql.raw(`select count(*)::int as n from ${table}`))),
    )) as unknown as { rows: { n: number }[] }[];
    return Object.fromEntries(TABLES.map((table, i) => [table, Number(rows[i]!.rows[0]!.n)]));
  };

  it("writes the lead, its token, code, contact link and outbox rows in at most three round trips", async () => {
    await post("warm@clinic.example"); // the first lead prepares the statement on its connection
    // ...and reads the first time offered; on a loaded machine that read can outlast its budget
    // (unknown, read again by the next lead), so it is read until known, as a busy site's would be.
    const zone = timeZoneOfState(homepageLead().location);
    for (let tries = 0; tries < 5; tries++) if ((await app.firstOfferedCall(zone)) !== undefined) break;
    const client = (store.db as unknown as { $client: pg.Pool | PGlite }).$client;
    const sent = kind === "postgres" ? vi.spyOn(pg.Client.prototype, "query") : vi.spyOn(client as PGlite, "query");
    const transactions = kind === "pglite" ? vi.spyOn(client as PGlite, "transaction") : undefined;
    // The socket's writes (app.inject uses none): the database connection's only.
    const written = [vi.spyOn(Socket.prototype, "_write"), vi.spyOn(Socket.prototype, "_writev")];
    try {
      const response = await post();
      expect(response.statusCode).toBe(201);
      // PostgreSQL: BEGIN with the same submit's locks, the statement, COMMIT. PGlite: the statement.
      expect(sent.mock.calls.length).toBe(kind === "postgres" ? 3 : 1);
      expect(transactions?.mock.calls.length ?? 0).toBe(0);
      // ...and on PostgreSQL the three leave in one write to the socket.
      expect(written.reduce((sum, spy) => sum + spy.mock.calls.length, 0)).toBe(kind === "postgres" ? 1 : 0);
    } finally {
      sent.mockRestore();
      transactions?.mockRestore();
      for (const spy of written) spy.mockRestore();
    }
    expect(await counts()).toEqual({
      facility_leads: 2,
      qualification_tokens: 2,
      work_email_codes: 2,
      contact_links: 2,
      deliveries: 4, // a webhook and an e-mail each
    });
  });

  it("stores the lead when the session lost the statement (PGlite's temporary function after DISCARD TEMP)", async () => {
    expect((await post("first@clinic.example")).statusCode).toBe(201);
    await store.db.execute(sql`discard temp`);
    expect((await post("second@clinic.example")).statusCode).toBe(201);
    expect(await counts()).toMatchObject({ facility_leads: 2 });
  });

  it("stores one lead for the same first submit sent five times at once (its locks come before its reads)", async () => {
    const submit = () =>
      app.inject({
        method: "POST",
        url: "/api/leads",
        headers: { "idempotency-key": "key-at-once-1234567890" },
        payload: homepageLead(),
      });
    const answers = await Promise.all(Array.from({ length: 5 }, submit));
    expect(answers.map((answer) => answer.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(answers.map((answer) => answer.json<{ id: string }>().id)).size).toBe(1);
    expect(await counts()).toMatchObject({ facility_leads: 1, deliveries: 2, contact_links: 1, work_email_codes: 1 });
  });

  it("leaves nothing when a failure comes after the lead's first statement (at its commit)", async () => {
    // A deferred constraint trigger fails when the transaction commits, after every row was written.
    await store.db.execute(sql`create or replace function fail_at_commit() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end; $$`);
    await store.db.execute(sql`create constraint trigger fail_at_commit after insert on deliveries
      deferrable initially deferred for each row execute function fail_at_commit()`);
    const failed = await post();
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain("injected");
    expect(Object.values(await counts())).toEqual([0, 0, 0, 0, 0]);

    await store.db.execute(sql`drop trigger fail_at_commit on deliveries`);
    const stored = await post();
    expect(stored.statusCode).toBe(201);
    expect(await counts()).toEqual({
      facility_leads: 1,
      qualification_tokens: 1,
      work_email_codes: 1,
      contact_links: 1,
      deliveries: 2,
    });
  });
});
