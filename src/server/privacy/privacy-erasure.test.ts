import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { deliveries, facilityLeads, leadTransitions, privacyRequests } from "../store/schema";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { remainingPersonalData } from "../test-support/personal-data-scan";
import {
  ADMIN,
  NEEDLES,
  PERSON,
  adminRequest,
  leadThroughCardAndBonus as leadThroughCardAndBonusOf,
  refusal,
} from "../test-support/privacy-test-helpers";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS, logCapture } from "../test-support/test-helpers";
import { chatLead } from "../test-support/test-fixtures";
import { freePort } from "../test-support/test-receiver";

/**
 * Erasure and "do not contact" on request (decision 0025): nothing of the person left, their waiting
 * deliveries never sent, the history's one allowed change; after an opt-out, no e-mail to them.
 */
describe.each(STORE_KINDS)("erasing a person's data, and not contacting them, on %s", (kind) => {
  const h = forwardingHarness(kind);
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });
  const admin = adminRequest;
  const leadThroughCardAndBonus = (app: FastifyInstance) => leadThroughCardAndBonusOf(app, h.store.db);

  it("erasing a person leaves none of their data in any table, export, console or log; statuses, amounts and references stay; the history still refuses changes", async () => {
    const log = logCapture();
    const receiverPort = await freePort(); // the webhooks' receiver never answers: their rows wait, holding the person
    smtp = await new SmtpReceiver().start();
    const app = await buildApp(
      testConfig({
        BUILD_DIR: "/nonexistent-build",
        ADMIN_TOKEN: ADMIN,
        MIN_FILL_SECONDS: 0,
        SMTP_URL: smtp.url,
        LOG_LEVEL: "info",
        PIPELINE_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/pipeline`,
        QUALIFICATION_WEBHOOK_URL: `http://127.0.0.1:${receiverPort}/qualification`,
      }),
      { store: h.store, outbox: { pollMs: 50 }, logger: { stream: log.stream } },
    );
    await app.ready();
    try {
      const { lead, session } = await leadThroughCardAndBonus(app);
      await smtp.waitFor(1);
      expect(await remainingPersonalData(app.store.db, NEEDLES)).not.toEqual([]);

      for (const bad of [
        {},
        { subject: "not a person", reference: "R-1", reason: "asked" },
        { subject: PERSON.email, reference: "", reason: "asked" },
        { subject: PERSON.email, reference: "R-1", reason: "asked", extra: 1 },
      ]) {
        expect((await admin(app, "/api/admin/privacy/erase", bad)).statusCode).toBe(400);
      }
      const erased = await admin(app, "/api/admin/privacy/erase", {
        subject: PERSON.email.toUpperCase(),
        reference: "CCPA-2026-11",
        reason: "asked by letter",
      });
      expect(erased.statusCode).toBe(200);
      expect(erased.json()).toMatchObject({ status: "erased", records: 1 });

      expect(await remainingPersonalData(app.store.db, NEEDLES)).toEqual([]);
      const csv = await admin(app, "/api/admin/leads.csv");
      for (const needle of NEEDLES) expect(csv.body).not.toContain(needle);
      // The console's CSV export too (admins).
      await addAccount(h.store.db, "privacy.admin@provider.example", "admin");
      const adminSession = await signIn(app, "privacy.admin@provider.example");
      const consoleCsv = await app.inject({
        method: "GET",
        url: "/api/staff/leads.csv",
        headers: adminSession.headers,
      });
      expect(consoleCsv.statusCode).toBe(200);
      expect(consoleCsv.body).toContain(lead.id);
      for (const needle of NEEDLES) expect(consoleCsv.body).not.toContain(needle);
      const page = await app.inject({ method: "GET", url: `/api/staff/leads/${lead.id}`, headers: session.headers });
      expect(page.statusCode).toBe(200);
      for (const needle of NEEDLES) expect(page.body).not.toContain(needle);
      for (const needle of NEEDLES) expect(log.lines.join("\n")).not.toContain(needle);

      // What is not personal stays: the lead, its statuses, the money's steps, amounts and references.
      const [row] = await h.store.db
        .select()
        .from(facilityLeads)
        .where(sql`${facilityLeads.id} = ${lead.id}`);
      expect(row).toMatchObject({
        form: "chat",
        facilityType: "skilled_nursing",
        location: "Ohio",
        pipelineStatus: "bonus_sent",
      });
      expect(row!.erasedAt).toBeInstanceOf(Date);
      const history = await h.store.db
        .select()
        .from(leadTransitions)
        .where(sql`${leadTransitions.leadId} = ${lead.id}`);
      expect(history.map((t) => t.toStatus)).toEqual([
        "qualified",
        "role_verified",
        "gift_card_sent",
        "first_shift_filled",
        "bonus_sent",
      ]);
      expect(history.flatMap((t) => [t.details.reference, t.details.amountUsd]).filter(Boolean)).toEqual([
        "CARD-0009",
        50,
        "BONUS-0009",
        250,
      ]);
      expect(history[1]!.note).toBe("[erased]");
      // The history's guard holds: no other change, no delete.
      expect(
        await refusal(
          h.store.db
            .update(leadTransitions)
            .set({ toStatus: "rejected" })
            .where(sql`${leadTransitions.leadId} = ${lead.id}`),
        ),
      ).toMatch(/append-only/);
      expect(
        await refusal(
          h.store.db
            .update(leadTransitions)
            .set({ note: "rewritten" })
            .where(sql`${leadTransitions.leadId} = ${lead.id}`),
        ),
      ).toMatch(/append-only/);
      expect(
        await refusal(h.store.db.delete(leadTransitions).where(sql`${leadTransitions.leadId} = ${lead.id}`)),
      ).toMatch(/append-only/);
      // The request is on record, without the erased data; the log is append-only too.
      const requests = (await admin(app, "/api/admin/privacy/requests")).json<{
        requests: { kind: string; reference: string; touched: Record<string, number> }[];
      }>().requests;
      expect(requests[0]).toMatchObject({ kind: "erase", reference: "CCPA-2026-11" });
      expect(requests[0]!.touched.facility_leads).toBe(1);
      expect(await refusal(h.store.db.update(privacyRequests).set({ reference: "x" }))).toMatch(/append-only/);
      expect(await refusal(h.store.db.delete(privacyRequests))).toMatch(/append-only/);
      // Its waiting webhooks are cancelled, not sent.
      const waiting = await h.store.db
        .select()
        .from(deliveries)
        .where(sql`${deliveries.status} = 'pending'`);
      expect(waiting).toEqual([]);
      expect(
        await admin(app, "/api/admin/privacy/erase", {
          subject: PERSON.email,
          reference: "again",
          reason: "twice",
        }).then((r) => r.statusCode),
      ).toBe(404);
    } finally {
      await app.close();
    }
  });

  it("an erased person's waiting delivery never reaches its destination, even when it comes back", async () => {
    const receiver = await h.receiver(await freePort());
    const port = Number(new URL(receiver.url()).port);
    await receiver.stop();
    const app = await h.start(
      { ADMIN_TOKEN: ADMIN, MIN_FILL_SECONDS: 0, HOMEPAGE_WEBHOOK_URL: `http://127.0.0.1:${port}/hook` },
      { probeMs: 200, leaseMs: 200 },
    );
    expect(
      (await h.post("/api/leads", chatLead({ form: "homepage_form", email: PERSON.email }))).statusCode,
    ).toBeLessThan(500);
    const { homepageLead } = await import("../test-support/test-fixtures");
    expect((await h.post("/api/leads", homepageLead({ email: PERSON.email }))).statusCode).toBe(201);
    expect(
      (await admin(app, "/api/admin/privacy/erase", { subject: PERSON.email, reference: "R-2", reason: "asked" }))
        .statusCode,
    ).toBe(200);
    const back = await h.receiver(port);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(back.received).toHaveLength(0);
    const rows = await h.rows();
    expect(rows.map((row) => row.status)).toEqual(["cancelled"]);
  });

  it("a card's recipient in the history's details is erased through its one allowed change; the reference and amount stay", async () => {
    const app = await h.start({ ADMIN_TOKEN: ADMIN, MIN_FILL_SECONDS: 0 });
    const { homepageLead } = await import("../test-support/test-fixtures");
    const { id } = (await h.post("/api/leads", homepageLead({ email: PERSON.email }))).json<{ id: string }>();
    const { randomUUID } = await import("node:crypto");
    await h.store.db.insert(leadTransitions).values({
      id: randomUUID(),
      leadId: id,
      at: new Date(),
      actor: "staff:w@provider.example",
      fromStatus: "role_verified",
      toStatus: "gift_card_sent",
      details: { reference: "ORD-1", amountUsd: 50, recipient: PERSON.giftCardEmail },
      note: "",
    });
    expect(
      (await admin(app, "/api/admin/privacy/erase", { subject: PERSON.email, reference: "R-3", reason: "asked" }))
        .statusCode,
    ).toBe(200);
    const [step] = await h.store.db
      .select()
      .from(leadTransitions)
      .where(sql`${leadTransitions.leadId} = ${id}`);
    expect(step!.details).toEqual({ reference: "ORD-1", amountUsd: 50, recipient: "[erased]" });
    expect(step!.note).toBe("");
    expect(
      await refusal(
        h.store.db
          .update(leadTransitions)
          .set({ details: { reference: "ORD-2", amountUsd: 50, recipient: "[erased]" } })
          .where(sql`${leadTransitions.leadId} = ${id}`),
      ),
    ).toMatch(/append-only/);
  });

  it("do not contact: no further e-mail to the person, their waiting ones cancelled, on record", async () => {
    smtp = await new SmtpReceiver().start();
    const smtpPort = smtp.port;
    await smtp.stop(); // the confirmation waits
    const app = await h.start(
      { ADMIN_TOKEN: ADMIN, MIN_FILL_SECONDS: 0, SMTP_URL: `smtp://127.0.0.1:${smtpPort}` },
      { probeMs: 200, leaseMs: 200 },
    );
    await h.post("/api/leads", chatLead({ email: PERSON.email }));
    const optOut = await admin(app, "/api/admin/privacy/opt-out", { subject: PERSON.email, reference: "phone call" });
    expect(optOut.statusCode).toBe(200);
    expect(optOut.json()).toMatchObject({ cancelled: 1 });
    await h.post(
      "/api/leads",
      chatLead({ email: PERSON.email.toUpperCase(), facilityName: "Another Care", phone: "5550001111" }),
    );
    // The same phone with another address is confirmed: e-mails follow the address (a phone opts out of calls).
    await h.post("/api/leads", chatLead({ email: "someone.else@facility.example", phone: "5552223333" }));
    smtp = await new SmtpReceiver().start(smtpPort);
    await smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(smtp.received.map((mail) => mail.envelopeTo[0])).toEqual(["someone.else@facility.example"]);
    const requests = (await admin(app, "/api/admin/privacy/requests")).json<{ requests: { kind: string }[] }>()
      .requests;
    expect(requests.map((r) => r.kind)).toEqual(["opt_out"]);
  });
});
