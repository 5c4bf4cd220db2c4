import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { hashToken, issueQualificationToken } from "../store/qualification-tokens";
import { getQualificationForLead } from "./qualifications-repository";
import { chatQualifications, facilityLeads, qualificationTokens } from "../store/schema";
import { STORE_KINDS, useTestApp, useTestApps, type TestStore } from "../test-support/test-helpers";
import { QUALIFIED_ANSWERS, chatLead, homepageLead, qualifyLead } from "../test-support/test-fixtures";
import { ALREADY_COMPLETE_MESSAGE, INVALID_TOKEN_MESSAGE } from "./qualification";

interface Created {
  id: string;
  qualificationToken: string;
}

describe.each(STORE_KINDS)("the qualification chat API on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made), { MIN_FILL_SECONDS: 0 });

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
  const createLead = async (body: object = homepageLead()) => {
    const response = await post("/api/leads", body);
    expect(response.statusCode).toBe(201);
    return response.json<Created>();
  };
  const answer = (lead: Created, questionId: string, value: string) =>
    post("/api/qualification/answers", { leadId: lead.id, token: lead.qualificationToken, questionId, value });
  const chatRows = () => store.db.select().from(chatQualifications);

  it("returns a 256-bit token with every stored lead and keeps only its hash, valid 7 days", async () => {
    const lead = await createLead(qualifyLead());
    expect(lead.qualificationToken).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [row] = await store.db.select().from(qualificationTokens);
    expect(row!.tokenHash).toBe(hashToken(lead.qualificationToken));
    expect(row!.leadId).toBe(lead.id);
    expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBe(7 * 24 * 3600 * 1000);
    expect(JSON.stringify(row)).not.toContain(lead.qualificationToken);
  });

  it("stores a chat lead (form chat) with its consent proof and no spec webhook fields", async () => {
    const lead = await createLead(chatLead());
    const [row] = await store.db.select().from(facilityLeads).where(eq(facilityLeads.id, lead.id));
    expect(row).toMatchObject({
      form: "chat",
      source: "qualification_chat",
      facilityType: "skilled_nursing",
      location: "Ohio",
      rolesNeeded: [],
      phone: "(555) 222-3333",
    });
    expect(row!.consentText).toContain("Consent is not a condition of purchase.");
    expect(row!.consentVersion).toMatch(/^[0-9a-f]{64}$/);
  });

  it("refuses a chat lead with the landing form's messages", async () => {
    const response = await post(
      "/api/leads",
      chatLead({ firstName: "  ", email: "nope", phone: "123", consentAgreed: false, location: "" }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({
      firstName: "First name is required",
      email: "Email is invalid",
      phone: "Please enter a valid 10-digit US phone number",
      consentAgreed: "Please agree to receive communications",
      location: "Location is required",
    });
  });

  it("reads back only the first name and facility name, then the conversation as it stands", async () => {
    const lead = await createLead();
    const response = await post("/api/qualification/session", { leadId: lead.id, token: lead.qualificationToken });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      leadId: lead.id,
      firstName: "Dana",
      facilityName: "Sunrise Care Center",
      answers: {},
      nextQuestion: "role",
      outcome: null,
    });
    expect(response.body).not.toContain("dana@sunrise.example");
  });

  it("takes the answers one at a time to 'qualified', which the lead then shows", async () => {
    const lead = await createLead();
    let state: { nextQuestion: string | null; outcome: string | null; answers: Record<string, string> } | undefined;
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      expect(state?.nextQuestion ?? "role").toBe(questionId);
      const response = await answer(lead, questionId, value);
      expect(response.statusCode).toBe(200);
      state = response.json();
    }
    expect(state).toMatchObject({ nextQuestion: null, outcome: "qualified" });
    const qualification = await getQualificationForLead(store.db, lead.id);
    expect(qualification.chat).toMatchObject({ outcome: "qualified", answers: Object.fromEntries(QUALIFIED_ANSWERS) });
    expect(qualification.chat!.completedAt).toBeInstanceOf(Date);
  });

  it("lets an earlier answer be changed, dropping answers that no longer apply", async () => {
    const lead = await createLead();
    await answer(lead, "role", "other");
    await answer(lead, "roleTitle", "Charge nurse");
    const changed = await answer(lead, "role", "administrator");
    expect(changed.json()).toMatchObject({ answers: { role: "administrator" }, nextQuestion: "facilitySize" });
  });

  it("ends a nurse's chat at once with the nurse outcome, and another role's as not a decision-maker", async () => {
    const nurse = await createLead();
    expect((await answer(nurse, "role", "nurse")).json()).toMatchObject({ nextQuestion: null, outcome: "nurse" });
    const other = await createLead(qualifyLead());
    const steps: Array<[string, string]> = [
      ["role", "other"],
      ["roleTitle", "Charge nurse"],
      ...QUALIFIED_ANSWERS.slice(1, 6),
    ];
    let last;
    for (const [id, value] of steps) last = await answer(other, id, value);
    expect(last!.json()).toMatchObject({ nextQuestion: null, outcome: "not_decision_maker" });
  });

  it("answers a bad answer with the question's own message and stores nothing", async () => {
    const lead = await createLead();
    const cases: Array<[string, string, string]> = [
      ["role", "ceo", "Please choose your role"],
      ["roleTitle", " ", "Please tell us your title"],
      ["giftCardEmail", "pat@", "Email is invalid"],
      ["openShifts", "lots", "Please choose how many shifts are open each month"],
    ];
    for (const [questionId, value, message] of cases) {
      const response = await answer(lead, questionId, value);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ error: "Please correct the highlighted fields.", fields: { value: message } });
    }
    const unknown = await answer(lead, "favouriteColour", "blue");
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().fields).toEqual({ questionId: "Unknown question" });
    expect(await chatRows()).toEqual([]);
  });

  it("refuses another lead's token, an expired token, a made-up lead id or token, and writes nothing", async () => {
    const mine = await createLead();
    const other = await createLead(qualifyLead());
    const expiredToken = await issueQualificationToken(store.db, mine.id, new Date(Date.now() - 8 * 24 * 3600 * 1000));
    const attempts = [
      { leadId: other.id, token: mine.qualificationToken },
      { leadId: mine.id, token: other.qualificationToken },
      { leadId: mine.id, token: expiredToken },
      { leadId: "7d0e6a4c-1b53-4c8e-9a51-2f6a6f0e9b11", token: mine.qualificationToken },
      { leadId: mine.id, token: "A".repeat(43) },
      { leadId: mine.id, token: mine.qualificationToken.slice(0, -1) },
    ];
    for (const credentials of attempts) {
      for (const [url, extra] of [
        ["/api/qualification/answers", { questionId: "role", value: "administrator" }],
        ["/api/qualification/session", {}],
      ] as const) {
        const response = await post(url, { ...credentials, ...extra });
        expect(response.statusCode).toBe(401);
        expect(response.json()).toEqual({ error: INVALID_TOKEN_MESSAGE });
      }
    }
    const malformed = await post("/api/qualification/answers", {
      leadId: "42",
      token: mine.qualificationToken,
      questionId: "role",
      value: "administrator",
    });
    expect(malformed.statusCode).toBe(400);
    expect(await chatRows()).toEqual([]);
  });

  it("completes once: the last answer sent again returns the same outcome, a different one is refused", async () => {
    const lead = await createLead();
    for (const [id, value] of QUALIFIED_ANSWERS) await answer(lead, id, value);
    const [before] = await chatRows();
    const again = await answer(lead, "giftCardEmail", "");
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ outcome: "qualified", nextQuestion: null });
    const changed = await answer(lead, "role", "nurse");
    expect(changed.statusCode).toBe(409);
    expect(changed.json().error).toBe(ALREADY_COMPLETE_MESSAGE);
    const [after] = await chatRows();
    expect(after).toEqual(before);
  });

  it("answers JSON only and refuses a cross-site Origin", async () => {
    const lead = await createLead();
    const text = await app.inject({
      method: "POST",
      url: "/api/qualification/session",
      payload: "leadId=x",
      headers: { "content-type": "text/plain" },
    });
    expect(text.statusCode).toBe(415);
    const crossSite = await app.inject({
      method: "POST",
      url: "/api/qualification/answers",
      payload: { leadId: lead.id, token: lead.qualificationToken, questionId: "role", value: "nurse" },
      headers: { origin: "https://evil.example" },
    });
    expect(crossSite.statusCode).toBe(403);
    const big = await post("/api/qualification/answers", {
      leadId: lead.id,
      token: lead.qualificationToken,
      questionId: "challenge",
      value: "x".repeat(20_000),
    });
    expect(big.statusCode).toBe(413);
    expect(await chatRows()).toEqual([]);
  });
});

describe.each(STORE_KINDS)("the chat's rate limit on %s", (kind) => {
  const build = useTestApps(kind);

  it("limits chat requests per client IP per minute (CHAT_RATE_LIMIT_PER_MINUTE), apart from the forms' limit", async () => {
    const app = await build({ CHAT_RATE_LIMIT_PER_MINUTE: 3, RATE_LIMIT_EXEMPT_IPS: [] });
    const body = { leadId: "7d0e6a4c-1b53-4c8e-9a51-2f6a6f0e9b11", token: "A".repeat(43) };
    const codes: number[] = [];
    for (let i = 0; i < 4; i++)
      codes.push(
        (
          await app.inject({
            method: "POST",
            url: "/api/qualification/session",
            payload: body,
            remoteAddress: "203.0.113.9",
          })
        ).statusCode,
      );
    expect(codes).toEqual([401, 401, 401, 429]);
  });
});
