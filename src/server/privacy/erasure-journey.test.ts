import { randomUUID } from "node:crypto";
import { eq, getTableName } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { QualificationAnswers } from "../../domain/qualification-questions";
import {
  bookings,
  contactLinks,
  leadVerifications,
  rewards,
  staffAccounts,
  verificationCallbacks,
  workEmailCodes,
} from "../store/schema";
import { storeVoiceReport } from "../test-support/repositories";
import { remainingPersonalData } from "../test-support/personal-data-scan";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { addAccount, enrol, signIn, type SignedIn } from "../test-support/staff-test-helpers";
import { QUALIFIED_ANSWERS, chatLead } from "../test-support/test-fixtures";
import { STORE_KINDS, createTestApp, useTestStore, type TestStore } from "../test-support/test-helpers";
import { freePort } from "../test-support/test-receiver";
import { startTremendousStandIn, type TremendousStandIn } from "../test-support/tremendous-stand-in";
import { PERSON_TABLES } from "./personal-data-map";
import type { AnyTableEntry } from "./personal-data-rules";

const ADMIN = "a-test-admin-token-123456";
const WEBHOOK_KEY = "test-webhook-key-0123456789abcdef";
/** The person, in every table that can hold them. */
const PERSON = {
  firstName: "Philomena",
  lastName: "Brackenridge",
  email: "philomena.b@larkspur-unique.example",
  phone: "5558884321",
  giftCardEmail: "pb.cards@larkspur-unique.example",
  /** The address staff changed the card to (four eyes: a second admin approves it). */
  otherEmail: "philomena.home@elsewhere-unique.example",
};
const NEEDLES = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.email,
  PERSON.phone,
  "(555) 888-4321",
  PERSON.giftCardEmail,
  PERSON.otherEmail,
];

describe.each(STORE_KINDS)("erasing a person found in every table that can hold one, on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let standIn: TremendousStandIn;
  let smtp: SmtpReceiver;
  useTestStore(kind, (made) => (store = made));
  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    const options = { apiKey: "test-key", webhookKey: WEBHOOK_KEY, webhookUrl: "" };
    standIn = await startTremendousStandIn(options);
    app = await createTestApp(
      store,
      {
        ADMIN_TOKEN: ADMIN,
        MIN_FILL_SECONDS: 0,
        SMTP_URL: smtp.url,
        WORK_EMAIL_CODE_KEY: Buffer.alloc(32, 7),
        REWARDS_PROVIDER: "tremendous",
        TREMENDOUS_API_KEY: "test-key",
        TREMENDOUS_API_URL: standIn.url,
        TREMENDOUS_CAMPAIGN_ID: "CAMPAIGN1",
        TREMENDOUS_WEBHOOK_KEY: WEBHOOK_KEY,
        TREMENDOUS_TIMEOUT_MS: 1000,
        // Nobody answers: the pipeline's events wait in the outbox, holding the person.
        PIPELINE_WEBHOOK_URL: `http://127.0.0.1:${await freePort()}/pipeline`,
      },
      { outbox: { pollMs: 50 } },
    );
    await app.listen({ port: 0, host: "127.0.0.1" });
    options.webhookUrl = `http://127.0.0.1:${(app.server.address() as { port: number }).port}/api/rewards/tremendous/webhook`;
  });
  afterEach(async () => {
    await app?.close();
    await standIn.close();
    await smtp.stop();
  });

  const post = (url: string, payload: object, who?: SignedIn) =>
    app.inject({ method: "POST", url, payload, ...(who ? { headers: who.headers } : {}) });
  const admin = (url: string, payload: object) =>
    app.inject({ method: "POST", url, payload, headers: { authorization: `Bearer ${ADMIN}` } });

  /** A chat lead, its work e-mail code and stop link, a voice call, a verification, a card to another address approved and delivered. */
  async function personEverywhere() {
    const { firstName, lastName, email, phone } = PERSON;
    const lead = (await post("/api/leads", chatLead({ firstName, lastName, email, phone }))).json<{
      id: string;
      qualificationToken: string;
    }>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      const answer = questionId === "giftCardEmail" ? PERSON.giftCardEmail : value;
      const payload = { leadId: lead.id, token: lead.qualificationToken, questionId, value: answer };
      expect((await post("/api/qualification/answers", payload)).statusCode).toBe(200);
    }
    // The confirmation e-mail carries the work e-mail code and the stop-contacting link.
    await smtp.waitFor(1);
    await storeVoiceReport(
      store.db,
      {
        ...{ callId: `call-${randomUUID()}`, leadId: lead.id, endedReason: "customer-ended-call" },
        ...{ startedAt: new Date(), endedAt: new Date(), durationSeconds: 90 },
        transcript: `AI: Am I speaking with ${PERSON.firstName} ${PERSON.lastName}? User: Yes, call me on ${PERSON.phone}.`,
        messages: [{ role: "user", message: `It is ${PERSON.firstName}, e-mail ${PERSON.email}` }],
        summary: `${PERSON.firstName} ${PERSON.lastName} runs the night shift.`,
        structuredData: { giftCardEmail: PERSON.giftCardEmail },
        answers: { giftCardEmail: PERSON.giftCardEmail } as QualificationAnswers,
        ...{ structuredOutputs: { name: PERSON.lastName }, successEvaluation: `${PERSON.firstName} qualified` },
        outcome: "qualified",
      },
      { now: new Date(), concurrent: false, deliveries: () => [] },
    );
    await store.db.insert(leadVerifications).values({
      ...{ id: randomUUID(), leadId: lead.id, decision: "needs_review", reasons: ["facility not found"] },
      evidence: { official: `${PERSON.firstName} ${PERSON.lastName}`, email: PERSON.email, phone: PERSON.phone },
      ...{ emailDomain: "larkspur-unique.example", clientIp: "198.51.100.23" },
    });
    // The callback to the facility's number of record: the number called, who answered, the transcript (decision 0042).
    await store.db.insert(verificationCallbacks).values({
      ...{ id: randomUUID(), leadId: lead.id, attempt: 1, phone: PERSON.phone.replace(/\D/g, "").slice(-10) },
      ...{ facilityKey: "npi:1487000011", placedBy: "system:verification", status: "ended", dueAt: new Date() },
      ...{ outcome: "yes", answeredBy: `${PERSON.firstName} ${PERSON.lastName}` },
      transcript: `AI: Does ${PERSON.firstName} ${PERSON.lastName} work there? User: Yes, reach them at ${PERSON.email}.`,
    });
    await addAccount(store.db, "worker@provider.example");
    await addAccount(store.db, "boss@provider.example", "admin");
    // Ordering money with four eyes on needs a second factor (decision 0043).
    const worker = await enrol(app, "worker@provider.example", await signIn(app, "worker@provider.example"));
    const boss = await signIn(app, "boss@provider.example");
    const steps = `/api/staff/leads/${lead.id}/steps`;
    const note = `Spoke to ${PERSON.firstName} on ${PERSON.phone}`;
    expect(
      (await post(steps, { to: "role_verified", method: "phone_call_to_facility", note }, worker)).statusCode,
    ).toBe(201);
    const held = await post(steps, { to: "gift_card_sent", recipientEmail: PERSON.otherEmail }, worker);
    expect(held.statusCode).toBe(202);
    const approvalId = held.json<{ approval: { id: string } }>().approval.id;
    const decision = { note: `Checked with ${PERSON.firstName}` };
    expect((await post(`/api/staff/approvals/${approvalId}/approve`, decision, boss)).statusCode).toBe(200);
    expect(await standIn.deliver(standIn.orders[0]!.rewards[0]!.id, "SUCCEEDED")).toBe(200);
    const [reward] = await store.db.select().from(rewards).where(eq(rewards.leadId, lead.id));
    expect(reward).toMatchObject({ status: "delivered", recipientEmail: PERSON.otherEmail });
    return { leadId: lead.id, worker, boss };
  }

  it("finds the person in each table of the map before, and in no column of any table after; the console shows none of it", async () => {
    const { leadId, boss } = await personEverywhere();
    const before = await remainingPersonalData(store.db, NEEDLES);
    const tablesBefore = new Set(before.map((hit) => hit.split(".")[0]));
    // Each table whose personal columns erasure updates holds the person now: a statement left out of erasure would leave them there.
    const holdsPerson = (entry: AnyTableEntry) => Object.values(entry.columns).some((rule) => rule.personal === true);
    for (const entry of Object.values(PERSON_TABLES as Record<string, AnyTableEntry>).filter(
      (e) => e.erasure === "update" && holdsPerson(e),
    ))
      if (entry !== PERSON_TABLES.nurseApplications) expect(tablesBefore).toContain(getTableName(entry.table));
    // A call they booked (decision 0036): its times name no one, and erasure cancels it so no one calls them.
    const [staff] = await store.db.select({ id: staffAccounts.id }).from(staffAccounts).limit(1);
    const start = new Date(Date.now() + 86_400_000);
    const bookingId = randomUUID();
    await store.db.insert(bookings).values({
      ...{ id: bookingId, leadId, staffId: staff!.id, startAt: start, endAt: new Date(start.getTime() + 900_000) },
      leadTimeZone: "America/New_York",
    });
    expect(before).toContain("reward_changes.details: " + PERSON.otherEmail);
    expect(await store.db.$count(workEmailCodes, eq(workEmailCodes.leadId, leadId))).toBe(1);
    expect(await store.db.$count(contactLinks, eq(contactLinks.leadId, leadId))).toBeGreaterThan(0);

    const erased = await admin("/api/admin/privacy/erase", {
      subject: PERSON.email,
      reference: "DSAR-38",
      reason: "asked by e-mail",
    });
    expect(erased.statusCode).toBe(200);
    expect(erased.json()).toMatchObject({ status: "erased", records: 1 });

    expect(await remainingPersonalData(store.db, NEEDLES)).toEqual([]);
    expect(await store.db.$count(workEmailCodes, eq(workEmailCodes.leadId, leadId))).toBe(0);
    const [booking] = await store.db.select().from(bookings).where(eq(bookings.id, bookingId));
    expect(booking).toMatchObject({ status: "cancelled", leadId });
    // The console's lead page and what it loads beside it: the lead, its rewards, its approvals.
    for (const url of [
      `/api/staff/leads/${leadId}`,
      `/api/staff/leads/${leadId}/rewards`,
      `/api/staff/approvals?status=all&leadId=${leadId}`,
    ]) {
      const page = await app.inject({ url, headers: boss.headers });
      expect(page.statusCode, url).toBe(200);
      for (const needle of NEEDLES) expect(page.body, url).not.toContain(needle);
    }
    // The money's facts stay: the card, its amount, its status, its recipient as a marker.
    const [reward] = await store.db.select().from(rewards).where(eq(rewards.leadId, leadId));
    expect(reward).toMatchObject({ status: "delivered", amountUsd: 50, recipientEmail: "[erased]" });
  });
});
