import { randomBytes, randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import { sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { LeadRequestSchema } from "../../domain/facility-lead";
import { addAccount, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { openStore } from "./database";
import { facilityLeadRow } from "../test-support/repositories";
import { MONEY_GUARD_MESSAGES, violatedUniqueIndex } from "./money-guards";
import { PAID_ONCE_INDEX, REFERENCE_ONCE_INDEX, facilityLeads, leadTransitions } from "./schema";

describe.each(STORE_KINDS)("the database guards the money on %s", (kind) => {
  let store: TestStore;
  useTestStore(kind, (made) => (store = made));

  const newLead = async (n: number, status = "role_verified") => {
    const row = facilityLeadRow(LeadRequestSchema.parse(homepageLead({ email: `lead${n}@x.example` })), {
      clientIp: "198.51.100.7",
      userAgent: "test",
      now: new Date(),
    });
    await store.db.insert(facilityLeads).values({ ...row, pipelineStatus: status });
    return row.id!;
  };
  const paid = (leadId: string, toStatus: "gift_card_sent" | "bonus_sent", reference: string) =>
    store.db.insert(leadTransitions).values({
      id: randomUUID(),
      leadId,
      actor: "staff:sql@provider.example",
      fromStatus: toStatus === "gift_card_sent" ? "role_verified" : "first_shift_filled",
      toStatus,
      details: { reference, amountUsd: toStatus === "gift_card_sent" ? 50 : 250 },
    });
  const refusedBy = async (attempt: Promise<unknown>) => {
    try {
      await attempt;
    } catch (error) {
      return violatedUniqueIndex(error);
    }
    return "accepted";
  };

  it("refuses, in SQL, a second gift card or bonus for a lead and a reference used twice", async () => {
    const one = await newLead(1);
    const two = await newLead(2);
    await paid(one, "gift_card_sent", "CARD-1");
    expect(await refusedBy(paid(one, "gift_card_sent", "CARD-2"))).toBe(PAID_ONCE_INDEX);
    expect(await refusedBy(paid(two, "gift_card_sent", "CARD-1"))).toBe(REFERENCE_ONCE_INDEX);
    expect(await refusedBy(paid(one, "bonus_sent", "CARD-1"))).toBe(REFERENCE_ONCE_INDEX);
    await paid(one, "bonus_sent", "BONUS-1");
    expect(await refusedBy(paid(one, "bonus_sent", "BONUS-2"))).toBe(PAID_ONCE_INDEX);
    await paid(two, "gift_card_sent", "CARD-2");
    // Other steps are not limited, and carry no reference.
    for (const to of ["qualified", "qualified"])
      await store.db
        .insert(leadTransitions)
        .values({ id: randomUUID(), leadId: two, actor: "system:chat", fromStatus: "new", toStatus: to });
    expect(await store.db.select().from(leadTransitions)).toHaveLength(5);
  });

  it("keeps the history append-only: UPDATE, DELETE and TRUNCATE (direct or cascaded) are refused", async () => {
    const one = await newLead(1);
    await paid(one, "gift_card_sent", "CARD-1");
    for (const statement of [
      sql`update lead_transitions set details = '{"reference":"CARD-9"}'`,
      sql`delete from lead_transitions`,
      sql`truncate lead_transitions`,
      sql`truncate facility_leads cascade`,
    ]) {
      await expect(store.db.execute(statement)).rejects.toSatisfy((error: Error) =>
        /append-only: (UPDATE|DELETE|TRUNCATE) refused/.test(
          `${error.message} ${String((error.cause as Error | undefined)?.message)}`,
        ),
      );
    }
    expect(await store.db.select().from(leadTransitions)).toHaveLength(1);
  });

  describe("through the console's API", () => {
    let app: FastifyInstance;
    let staff: SignedIn;
    beforeAll(async () => {
      app = await createTestApp(store);
    });
    afterAll(() => app.close());
    const step = (leadId: string, body: object) =>
      app.inject({ method: "POST", url: `/api/staff/leads/${leadId}/steps`, headers: staff.headers, payload: body });

    it("answers 409 with a message for staff, and records nothing, when the database refuses", async () => {
      await addAccount(store.db, "worker@provider.example");
      staff = await signIn(app, "worker@provider.example");
      const one = await newLead(1);
      const two = await newLead(2);
      expect((await step(one, { to: "gift_card_sent", reference: "CARD-1" })).statusCode).toBe(201);
      // Another lead, the same reference: the application allows the step, the database does not.
      const reused = await step(two, { to: "gift_card_sent", reference: " CARD-1 " });
      expect(reused.statusCode).toBe(409);
      expect(reused.json()).toEqual({ error: MONEY_GUARD_MESSAGES.referenceOnce });
      // A card already on record that the lead's status does not show (another process, a hand-written row): refused by the index.
      const three = await newLead(3);
      await paid(three, "gift_card_sent", "CARD-3");
      const second = await step(three, { to: "gift_card_sent", reference: "CARD-4" });
      expect(second.statusCode).toBe(409);
      expect(second.json()).toEqual({ error: MONEY_GUARD_MESSAGES.paidOnce("gift_card_sent") });
      const statuses = await store.db
        .select({ id: facilityLeads.id, status: facilityLeads.pipelineStatus })
        .from(facilityLeads);
      expect(Object.fromEntries(statuses.map((s) => [s.id, s.status]))).toEqual({
        [one]: "gift_card_sent",
        [two]: "role_verified",
        [three]: "role_verified",
      });
      expect(await store.db.select().from(leadTransitions)).toHaveLength(2);
    });
  });

  if (kind === "postgres") {
    it("the application's role (docs/postgresql-application-role.sql) runs the app but cannot change, empty or unguard the history", async () => {
      const role = `app_${randomBytes(4).toString("hex")}`;
      const grants = readFileSync(
        new URL("../../../docs/postgresql-application-role.sql", import.meta.url),
        "utf8",
      ).replaceAll("staffing_app", role);
      const owner = new pg.Client({ connectionString: store.databaseUrl });
      await owner.connect();
      const appUrl = new URL(store.databaseUrl!);
      appUrl.username = role;
      appUrl.password = "app-password";
      try {
        await owner.query(`create role ${role} login password 'app-password'`);
        await owner.query(grants);
        // The server as that role, over a store of its own (the block's store is the owner's):
        // no migrations at start, only the check that none is pending.
        const appStore = await openStore({ databaseUrl: appUrl.toString(), dataDir: "unused", migrate: false });
        const app = await createTestApp(appStore);
        try {
          const lead = await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() });
          expect(lead.statusCode).toBe(201);
          const leadId = lead.json<{ id: string }>().id;
          await addAccount(store.db, "worker@provider.example");
          const worker = await signIn(app, "worker@provider.example");
          const verified = await app.inject({
            method: "POST",
            url: `/api/staff/leads/${leadId}/steps`,
            headers: worker.headers,
            payload: { to: "role_verified", method: "work_email", note: "checked" },
          });
          expect(verified.statusCode).toBe(201);
        } finally {
          await app.close();
          await appStore.close();
        }
        // Its one allowed change (decision 0025): a note erased with its person, nothing else moving.
        await owner.query("begin");
        await owner.query(`set local role ${role}`);
        await expect(owner.query("update lead_transitions set note = '[erased]'")).resolves.toMatchObject({
          rowCount: 1,
        });
        await owner.query("rollback");
        for (const statement of [
          "update lead_transitions set note = 'x'",
          "update lead_transitions set note = '[erased]', to_status = 'rejected'",
          'update lead_transitions set details = details || \'{"reference": "X"}\'',
          "update lead_transitions set to_status = 'rejected'",
          "delete from lead_transitions",
          "truncate lead_transitions",
          "alter table lead_transitions disable trigger lead_transitions_no_truncate",
          "drop index lead_transitions_paid_once_idx",
          "set session_replication_role = replica",
        ]) {
          await owner.query("begin");
          await owner.query(`set local role ${role}`);
          await expect(owner.query(statement), statement).rejects.toThrow(
            /permission denied|must be owner|append-only/,
          );
          await owner.query("rollback");
        }
        expect(await store.db.select().from(leadTransitions)).toHaveLength(1);
      } finally {
        await owner.query("rollback").catch(() => undefined);
        await owner.query(`drop owned by ${role}`);
        await owner.query(`drop role ${role}`);
        await owner.end();
      }
    });

    it("a server that may not migrate refuses to start on a database behind its migrations", async () => {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      const name = `behind_${randomBytes(4).toString("hex")}`;
      await admin.query(`create database ${name}`);
      try {
        const url = new URL(process.env.TEST_DATABASE_URL!);
        url.pathname = `/${name}`;
        await expect(openStore({ databaseUrl: url.toString(), dataDir: "unused", migrate: false })).rejects.toThrow(
          /has 0 of this version's \d+ migrations: run `npm run db:migrate`/,
        );
      } finally {
        await admin.query(`drop database ${name} with (force)`);
        await admin.end();
      }
    });
  }
});
