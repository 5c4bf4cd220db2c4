import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HONEYPOT_FIELD } from "../../domain/honeypot";
import { WORK_EMAIL_CODE_MESSAGES as M } from "../../domain/work-email-messages";
import { erasePerson } from "../privacy";
import { deliveries } from "../store/schema";
import { homepageLead } from "../test-support/test-fixtures";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";
import { workEmailConfig } from "../test-support/work-email-harness";
import type { TestLead } from "../test-support/booking-harness";
import { codeOfNonce } from "./work-email-code-keys";

const KEY = Buffer.alloc(32, 5);
const CONFIG = workEmailConfig(KEY);

type Lead = TestLead;

/**
 * Whether a lead's work e-mail code is waiting: /call, opened from an e-mail, shows
 * the code form before the times only while the code can still be answered.
 */
describe.each(STORE_KINDS)("POST /api/work-email/waiting (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  standingClock();
  beforeEach(async () => {
    app = await createTestApp(store, CONFIG, { outbox: false });
  });
  afterEach(() => app.close());

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
  const createLead = async (fields: Record<string, unknown> = {}): Promise<Lead> => {
    const posted = await post("/api/leads", homepageLead(fields));
    expect(posted.statusCode).toBe(201);
    return posted.json<Lead>();
  };
  const waiting = (lead: Lead) => post("/api/work-email/waiting", { leadId: lead.id, token: lead.qualificationToken });
  const later = (ms: number) => vi.setSystemTime(new Date(Date.now() + ms));
  const codeOf = async (leadId: string) => {
    const [mail] = await store.db.select().from(deliveries).where(eq(deliveries.recordId, leadId));
    const nonce = (JSON.parse(mail!.payload) as { data: { workEmailCode: { nonce: string } } }).data.workEmailCode
      .nonce;
    return codeOfNonce(KEY, nonce);
  };

  it("waits from the intake for 10 minutes, and a new code waits again", async () => {
    const lead = await createLead();
    expect((await waiting(lead)).json()).toEqual({ waiting: true });
    later(10 * 60_000 - 1000);
    expect((await waiting(lead)).json()).toEqual({ waiting: true });
    later(1000);
    expect((await waiting(lead)).json()).toEqual({ waiting: false });
    expect(
      (await post("/api/work-email/new-code", { leadId: lead.id, token: lead.qualificationToken })).statusCode,
    ).toBe(202);
    expect((await waiting(lead)).json()).toEqual({ waiting: true });
  });

  it("waits no more once the address is confirmed, nor after five wrong tries", async () => {
    const confirmed = await createLead({ email: "confirmed@fernbrook.example" });
    const answer = await post("/api/work-email/confirm", {
      leadId: confirmed.id,
      token: confirmed.qualificationToken,
      code: await codeOf(confirmed.id),
    });
    expect(answer.statusCode).toBe(200);
    expect((await waiting(confirmed)).json()).toEqual({ waiting: false });

    const tried = await createLead({ email: "tried@fernbrook.example" });
    const wrong = String((Number(await codeOf(tried.id)) + 1) % 1_000_000).padStart(6, "0");
    for (let i = 0; i < 5; i++)
      await post("/api/work-email/confirm", { leadId: tried.id, token: tried.qualificationToken, code: wrong });
    expect((await waiting(tried)).json()).toEqual({ waiting: false });
  });

  it("answers a lead caught by the honeypot as a real one: waiting, then not after 10 minutes", async () => {
    const bot = await createLead({ email: "bot@fernbrook.example", [HONEYPOT_FIELD]: "https://bot.example" });
    const real = await createLead({ email: "real@fernbrook.example" });
    const both = async () => [(await waiting(bot)).body, (await waiting(real)).body];
    expect(await both()).toEqual([JSON.stringify({ waiting: true }), JSON.stringify({ waiting: true })]);
    later(10 * 60_000);
    expect(await both()).toEqual([JSON.stringify({ waiting: false }), JSON.stringify({ waiting: false })]);
  });

  it("refuses another lead's token (401) and a malformed body (400), in words", async () => {
    const one = await createLead({ email: "one@fernbrook.example" });
    const other = await createLead({ email: "other@fernbrook.example" });
    const crossed = await post("/api/work-email/waiting", { leadId: one.id, token: other.qualificationToken });
    expect(crossed.statusCode).toBe(401);
    expect(crossed.json()).toEqual({ error: M.sessionExpired });
    for (const body of [
      {},
      { leadId: "not-a-uuid", token: "t" },
      { leadId: one.id, token: one.qualificationToken, x: 1 },
    ])
      expect((await post("/api/work-email/waiting", body)).statusCode).toBe(400);
  });

  it("an erased lead's token is gone with its code: 401, as for any ended session", async () => {
    const lead = await createLead();
    await erasePerson(store.db, { kind: "lead_id", id: lead.id }, { actor: "admin", reference: "T-1" });
    const answer = await waiting(lead);
    expect(answer.statusCode).toBe(401);
    expect(answer.json()).toEqual({ error: M.sessionExpired });
  });
});

describe("POST /api/work-email/waiting without a code key", () => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore("pglite", (made) => (store = made));
  beforeEach(async () => {
    app = await createTestApp(store, { ...CONFIG, WORK_EMAIL_CODE_KEY: undefined }, { outbox: false });
  });
  afterEach(() => app.close());

  it("says no code waits", async () => {
    const lead = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json<Lead>();
    const answer = await app.inject({
      method: "POST",
      url: "/api/work-email/waiting",
      payload: { leadId: lead.id, token: lead.qualificationToken },
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ waiting: false });
  });
});
