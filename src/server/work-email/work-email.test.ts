import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { WORK_EMAIL_CODE_MESSAGES as M } from "../../domain/work-email-messages";
import { deliveries, workEmailCodes } from "../store/schema";
import { workAddressConfirmedAt } from "../store/work-email-codes-repository";
import { codeOfNonce, linkTokenOfNonce } from "./work-email-code-keys";
import { erasePerson, exportPerson } from "../privacy";
import { homepageLead, nurseApplication } from "../test-support/test-fixtures";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";
import { workEmailConfig } from "../test-support/work-email-harness";
import type { TestLead } from "../test-support/booking-harness";

const KEY = Buffer.alloc(32, 7);
const CONFIG = workEmailConfig(KEY);

type Lead = TestLead;

describe.each(STORE_KINDS)("the work e-mail code's API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  const confirmed = vi.fn();
  useTestStore(kind, (made) => (store = made));
  standingClock();
  beforeEach(async () => {
    confirmed.mockReset();
    app = await createTestApp(store, CONFIG, { outbox: false, onWorkAddressConfirmed: confirmed });
  });
  afterEach(() => app.close());

  const post = (url: string, payload: unknown) => app.inject({ method: "POST", url, payload: payload as object });
  const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
  const createLead = async (): Promise<Lead> => (await post("/api/leads", homepageLead())).json<Lead>();
  /** The nonces of the lead's code e-mails, oldest first, read from the outbox as the worker would. */
  const nonces = async (leadId: string) =>
    (await store.db.select().from(deliveries).where(eq(deliveries.recordId, leadId)))
      .filter((row) => row.destination.startsWith("mail:"))
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime())
      .map(
        (row) => (JSON.parse(row.payload) as { data: { workEmailCode?: { nonce: string } } }).data.workEmailCode!.nonce,
      );
  const latestCode = async (leadId: string) => codeOfNonce(KEY, (await nonces(leadId)).at(-1)!);
  const confirm = (lead: Lead, code: string) =>
    post("/api/work-email/confirm", { leadId: lead.id, token: lead.qualificationToken, code });
  const newCode = (lead: Lead) => post("/api/work-email/new-code", { leadId: lead.id, token: lead.qualificationToken });
  const wrongOf = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  const row = async (leadId: string) =>
    (await store.db.select().from(workEmailCodes).where(eq(workEmailCodes.leadId, leadId)))[0]!;

  it("a lead's confirmation e-mail carries its first code; the row holds hashes only; the code confirms once", async () => {
    const lead = await createLead();
    const code = await latestCode(lead.id);
    const stored = await row(lead.id);
    expect(JSON.stringify(stored)).not.toContain(code);
    const [mail] = await store.db.select().from(deliveries).where(eq(deliveries.destination, "mail:lead_confirmation"));
    expect(mail!.payload).not.toContain(code);
    expect(await workAddressConfirmedAt(store.db, lead.id)).toBeNull();

    const answer = await confirm(lead, `${code.slice(0, 3)} ${code.slice(3)}`);
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ confirmed: true, message: M.confirmed });
    expect(await workAddressConfirmedAt(store.db, lead.id)).toEqual(
      new Date(answer.json<{ confirmedAt: string }>().confirmedAt),
    );
    expect(confirmed).toHaveBeenCalledExactlyOnceWith(lead.id);

    const reused = await confirm(lead, code);
    expect(reused.statusCode).toBe(409);
    expect(reused.json()).toEqual({ error: M.alreadyConfirmed });
    expect((await newCode(lead)).statusCode).toBe(409);
    expect(confirmed).toHaveBeenCalledTimes(1);
  });

  it("a nurse application gets no code", async () => {
    expect((await post("/api/nurse-applications", nurseApplication())).statusCode).toBe(201);
    expect(await store.db.select().from(workEmailCodes)).toEqual([]);
  });

  it("an expired code is refused in words; a new one works", async () => {
    const lead = await createLead();
    const first = await latestCode(lead.id);
    later(10 * 60_000);
    const expired = await confirm(lead, first);
    expect(expired.statusCode).toBe(410);
    expect(expired.json()).toEqual({ error: M.expired });
    expect((await newCode(lead)).statusCode).toBe(202);
    expect((await confirm(lead, first)).statusCode).toBe(400); // the old code is no longer the code
    expect((await confirm(lead, await latestCode(lead.id))).statusCode).toBe(200);
  });

  it("five wrong codes end it, the right one included after; a new code starts over", async () => {
    const lead = await createLead();
    const code = await latestCode(lead.id);
    for (const left of [4, 3, 2, 1]) {
      const wrong = await confirm(lead, wrongOf(code));
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json<{ error: string }>().error).toContain(`${left} ${left === 1 ? "try" : "tries"} left`);
    }
    expect((await confirm(lead, wrongOf(code))).json()).toMatchObject({ error: M.tooManyTries });
    const after = await confirm(lead, code);
    expect(after.statusCode).toBe(403);
    expect(after.json()).toEqual({ error: M.tooManyTries });
    expect((await row(lead.id)).wrongTries).toBe(5);
    later(60_000);
    expect((await newCode(lead)).statusCode).toBe(202);
    expect((await row(lead.id)).wrongTries).toBe(0);
    expect((await confirm(lead, await latestCode(lead.id))).statusCode).toBe(200);
  });

  it("a new code at most once a minute and five a day; e-mailed up to 3 a day to an unconfirmed address, the earlier ones dead", async () => {
    const lead = await createLead();
    const tooSoon = await newCode(lead);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json()).toEqual({ error: M.tooSoon });
    expect(tooSoon.headers["retry-after"]).toBe("60");
    for (let i = 2; i <= 5; i++) {
      later(61_000);
      expect((await newCode(lead)).json()).toEqual({ message: M.sent });
    }
    later(61_000);
    const sixth = await newCode(lead);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toEqual({ error: M.dailyLimit });
    const mails = await nonces(lead.id);
    // The confirmation and two new codes: MAIL_PER_RECIPIENT_DAILY_LIMIT (3) to an address that confirmed nothing (decision 0040).
    expect(mails).toHaveLength(3);
    expect(
      await post("/api/work-email/confirm", {
        leadId: lead.id,
        token: lead.qualificationToken,
        code: codeOfNonce(KEY, mails[0]!),
      }),
    ).toMatchObject({ statusCode: 400 });
    later(24 * 3600_000);
    expect((await newCode(lead)).statusCode).toBe(202);
  });

  it("the e-mail's link confirms on POST only, once; a made-up or superseded link confirms nothing", async () => {
    const lead = await createLead();
    const token = linkTokenOfNonce(KEY, (await nonces(lead.id))[0]!);
    const unknown = await post("/api/work-email/confirm-link", { token: "a".repeat(64) });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toEqual({ error: M.linkInvalid });
    expect((await app.inject({ method: "GET", url: "/api/work-email/confirm-link" })).statusCode).toBe(404);
    expect((await row(lead.id)).wrongTries).toBe(0);
    later(61_000);
    expect((await newCode(lead)).statusCode).toBe(202);
    expect((await post("/api/work-email/confirm-link", { token })).json()).toEqual({ error: M.linkInvalid });
    const current = linkTokenOfNonce(KEY, (await nonces(lead.id)).at(-1)!);
    expect((await post("/api/work-email/confirm-link", { token: current })).statusCode).toBe(200);
    expect(confirmed).toHaveBeenCalledExactlyOnceWith(lead.id);
    expect((await post("/api/work-email/confirm-link", { token: current })).statusCode).toBe(409);
  });

  it("another lead's token, or none, confirms nothing and sends nothing", async () => {
    const lead = await createLead();
    const other = await (
      await post("/api/leads", homepageLead({ email: "other@care.example", phone: "5551112222" }))
    ).json<Lead>();
    const code = await latestCode(lead.id);
    const answer = await post("/api/work-email/confirm", { leadId: lead.id, token: other.qualificationToken, code });
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: M.sessionExpired });
    later(61_000);
    expect(
      (await post("/api/work-email/new-code", { leadId: lead.id, token: other.qualificationToken })).statusCode,
    ).toBe(401);
    expect(await nonces(lead.id)).toHaveLength(1);
    expect(await workAddressConfirmedAt(store.db, lead.id)).toBeNull();
  });

  it.each([
    ["no body", undefined],
    ["an array", []],
    ["a number for the code", { code: 123456 }],
    ["five digits", { code: "12345" }],
    ["letters", { code: "12a456" }],
    ["a control character", { code: "123\u0000456" }],
    ["an extra field", { code: "123456", admin: true }],
    ["a lead id that is no uuid", { code: "123456", leadId: "1 or 1=1" }],
    ["a huge code", { code: "1".repeat(5000) }],
  ])("a malformed body (%s) is a 400 that changes nothing", async (_, body) => {
    const lead = await createLead();
    const payload =
      body === undefined || Array.isArray(body) ? body : { leadId: lead.id, token: lead.qualificationToken, ...body };
    for (const url of ["/api/work-email/confirm", "/api/work-email/confirm-link", "/api/work-email/new-code"]) {
      const answer = await post(url, payload);
      expect(answer.statusCode, url).toBeGreaterThanOrEqual(400);
      expect(answer.statusCode, url).toBeLessThan(500);
    }
    expect(await row(lead.id)).toMatchObject({ wrongTries: 0, issuesToday: 1, confirmedAt: null });
  });

  it("two right answers at once confirm once; ten wrong ones at once count five tries", async () => {
    const lead = await createLead();
    const code = await latestCode(lead.id);
    const wrong = await Promise.all(Array.from({ length: 10 }, () => confirm(lead, wrongOf(code))));
    expect(wrong.map((a) => a.statusCode).sort()).toEqual([400, 400, 400, 400, 400, 403, 403, 403, 403, 403]);
    expect((await row(lead.id)).wrongTries).toBe(5);

    const lead2 = await (
      await post("/api/leads", homepageLead({ email: "second@care.example", phone: "5553334444" }))
    ).json<Lead>();
    const code2 = await latestCode(lead2.id);
    const both = await Promise.all([confirm(lead2, code2), confirm(lead2, code2)]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(confirmed).toHaveBeenCalledTimes(1);
  });

  it("two new-code requests at once issue one code", async () => {
    const lead = await createLead();
    later(61_000);
    const both = await Promise.all([newCode(lead), newCode(lead)]);
    expect(both.map((a) => a.statusCode).sort()).toEqual([202, 429]);
    expect(await nonces(lead.id)).toHaveLength(2);
  });

  it("the person's export shows the code's dates but no hash; erasing them removes the code, and its link confirms nothing", async () => {
    const lead = await createLead();
    const token = linkTokenOfNonce(KEY, (await nonces(lead.id))[0]!);
    const context = { actor: "admin", reference: "T-1" };
    const exported = await exportPerson(store.db, { kind: "lead_id", id: lead.id }, context);
    const part = exported.parts.workEmailCodes as { records: Record<string, unknown>[] };
    expect(part.records).toHaveLength(1);
    expect(part.records[0]).toMatchObject({ leadId: lead.id, confirmedAt: null, wrongTries: 0 });
    expect(JSON.stringify(part)).not.toMatch(/hash/i);
    await erasePerson(store.db, { kind: "lead_id", id: lead.id }, context);
    expect(await store.db.select().from(workEmailCodes)).toEqual([]);
    expect((await post("/api/work-email/confirm-link", { token })).statusCode).toBe(400);
  });

  it("without WORK_EMAIL_CODE_KEY: no code in the e-mail, and the routes say so in words", async () => {
    await app.close();
    app = await createTestApp(store, { ...CONFIG, WORK_EMAIL_CODE_KEY: undefined }, { outbox: false });
    const lead = await createLead();
    expect(await store.db.select().from(workEmailCodes)).toEqual([]);
    const answer = await confirm(lead, "123456");
    expect(answer.statusCode).toBe(404);
    expect(answer.json()).toEqual({ error: M.unavailable });
  });
});
