import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { voiceCalls } from "../store/schema";
import { STORE_KINDS, useTestApp, useTestApps, type TestStore } from "../test-support/test-helpers";
import { VOICE_ADMINISTRATOR_ANSWERS, endOfCallReport, homepageLead } from "../test-support/test-fixtures";

const SECRET = "voice-secret-of-the-test-1234";

describe.each(STORE_KINDS)("POST /api/voice/events on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made), { VOICE_WEBHOOK_SECRET: SECRET, MIN_FILL_SECONDS: 0 });

  const send = (body: object, headers: Record<string, string> = { "x-vapi-secret": SECRET }) =>
    app.inject({ method: "POST", url: "/api/voice/events", payload: body, headers });
  const calls = () => store.db.select().from(voiceCalls);

  it("stores an end-of-call report linked to the lead of its token, judged by the domain's rules", async () => {
    const lead = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json<{
      id: string;
      qualificationToken: string;
    }>();
    const response = await send(
      endOfCallReport("call-1", {}, { qualificationToken: lead.qualificationToken, leadId: lead.id }),
    );
    expect(response.statusCode).toBe(200);
    const [call] = await calls();
    expect(call).toMatchObject({
      callId: "call-1",
      leadId: lead.id,
      endedReason: "assistant-ended-call",
      durationSeconds: 150,
      summary: "The administrator of a Georgia nursing home wants weekend coverage.",
      structuredData: VOICE_ADMINISTRATOR_ANSWERS,
      answers: VOICE_ADMINISTRATOR_ANSWERS,
      successEvaluation: "true",
      outcome: "qualified",
      status: "ended",
    });
    expect(call!.transcript).toContain("administrator");
    expect(call!.messages).toHaveLength(2);
  });

  it("stores a call without a valid token unlinked, and one the fields do not decide as needs review", async () => {
    await send(
      endOfCallReport("call-2", { analysis: { summary: "Unclear." } }, { qualificationToken: "A".repeat(43) }),
    );
    const [call] = await calls();
    expect(call).toMatchObject({ callId: "call-2", leadId: null, outcome: "needs_review" });
  });

  it("stores one call for a repeated end-of-call report", async () => {
    expect((await send(endOfCallReport("call-3"))).json()).toMatchObject({ duplicate: false });
    expect((await send(endOfCallReport("call-3", { endedReason: "customer-ended-call" }))).json()).toMatchObject({
      duplicate: true,
    });
    const all = await calls();
    expect(all).toHaveLength(1);
    expect(all[0]!.endedReason).toBe("assistant-ended-call");
  });

  it("keeps a status update, and the report that follows fills the same call, judged with the lead the update linked", async () => {
    const lead = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json<{
      id: string;
      qualificationToken: string;
    }>();
    const credentials = { qualificationToken: lead.qualificationToken, leadId: lead.id };
    const update = {
      message: {
        type: "status-update",
        status: "in-progress",
        call: { id: "call-4", assistantOverrides: { metadata: credentials } },
      },
    };
    expect((await send(update)).statusCode).toBe(200);
    expect(await calls()).toMatchObject([{ callId: "call-4", leadId: lead.id, status: "in-progress", outcome: null }]);
    await send(endOfCallReport("call-4"));
    expect(await calls()).toMatchObject([{ callId: "call-4", leadId: lead.id, status: "ended", outcome: "qualified" }]);
  });

  it("answers 401 to a wrong or missing secret and stores nothing", async () => {
    expect((await send(endOfCallReport("call-5"), {})).statusCode).toBe(401);
    expect((await send(endOfCallReport("call-5"), { "x-vapi-secret": `${SECRET}x` })).statusCode).toBe(401);
    expect((await send(endOfCallReport("call-5"), { "x-vapi-secret": "" })).statusCode).toBe(401);
    expect(await calls()).toEqual([]);
  });

  it("answers 200 to any other message type and ignores it", async () => {
    const response = await send({
      message: { type: "transcript", role: "user", transcript: "hello", call: { id: "call-6" } },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ ok: true, ignored: true });
    expect(await calls()).toEqual([]);
  });

  it("answers 400 to a report that is not one", async () => {
    expect((await send({ message: { type: "end-of-call-report" } })).statusCode).toBe(400);
    expect((await send({ nothing: true })).statusCode).toBe(400);
    expect((await send(endOfCallReport("call-7", { startedAt: "yesterday" }))).statusCode).toBe(400);
    expect(await calls()).toEqual([]);
  });
});

describe.each(STORE_KINDS)("voice events settings on %s", (kind) => {
  const build = useTestApps(kind);

  it("answers 404 when VOICE_WEBHOOK_SECRET is unset", async () => {
    const app = await build();
    const response = await app.inject({
      method: "POST",
      url: "/api/voice/events",
      payload: endOfCallReport("c"),
      headers: { "x-vapi-secret": SECRET },
    });
    expect(response.statusCode).toBe(404);
  });

  it("reads the secret from the header VOICE_WEBHOOK_SECRET_HEADER names", async () => {
    const app = await build({ VOICE_WEBHOOK_SECRET: SECRET, VOICE_WEBHOOK_SECRET_HEADER: "X-Voice-Token" });
    const inject = (headers: Record<string, string>) =>
      app.inject({ method: "POST", url: "/api/voice/events", payload: { message: { type: "hang" } }, headers });
    expect((await inject({ "x-vapi-secret": SECRET })).statusCode).toBe(401);
    expect((await inject({ "x-voice-token": SECRET })).statusCode).toBe(200);
  });
});

describe.each(STORE_KINDS)("the voice qualification event on %s", (kind) => {
  const h = forwardingHarness(kind);

  it("forwards one event per call to QUALIFICATION_WEBHOOK_URL", async () => {
    const hook = await h.receiver();
    await h.start({ QUALIFICATION_WEBHOOK_URL: hook.url("/voice"), VOICE_WEBHOOK_SECRET: SECRET });
    await h.post("/api/voice/events", endOfCallReport("call-9"), { "x-vapi-secret": SECRET });
    await h.post("/api/voice/events", endOfCallReport("call-9"), { "x-vapi-secret": SECRET });
    const [request] = await hook.waitFor(1);
    await h.waitForStatus("delivered");
    expect(await h.rows()).toHaveLength(1);
    expect(JSON.parse(request!.body)).toMatchObject({
      event: "qualification.completed",
      leadId: null,
      channel: "voice",
      outcome: "needs_review",
      answers: expect.arrayContaining([
        { question: "role", prompt: "First, what is your role?", value: "administrator", label: "Administrator" },
      ]),
      giftCardEmail: null,
      lead: null,
      callId: "call-9",
      startedAt: "2026-11-23T10:00:00.000Z",
      completedAt: "2026-11-23T10:02:30.000Z",
      summary: "The administrator of a Georgia nursing home wants weekend coverage.",
      structuredData: VOICE_ADMINISTRATOR_ANSWERS,
    });
  });
});
