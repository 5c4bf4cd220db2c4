import { describe, expect, it } from "vitest";
import { outcomeOfAnswers } from "../../domain/qualification-outcome";
import type { QualificationAnswers } from "../../domain/qualification-questions";
import { VOICE_STRUCTURED_DATA_SCHEMA } from "../../domain/voice-assistant";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { endOfCallReport, homepageLead } from "../test-support/test-fixtures";

const SECRET = "voice-secret-of-the-test-1234";

/** Structured data the assistant's schema allows, in the order the chat asks. */
const CASES: Array<{ name: string; answers: QualificationAnswers; outcome: string }> = [
  {
    name: "a qualified director of nursing",
    answers: {
      role: "director_of_nursing",
      facilitySize: "100_199",
      shiftFilling: "both",
      openShifts: "30_59",
      challenge: "Night call-outs",
      callTime: "afternoon",
      giftCardEmail: "",
    },
    outcome: "qualified",
  },
  { name: "a nurse", answers: { role: "nurse" }, outcome: "nurse" },
  {
    name: "a partial answer",
    answers: { role: "scheduler", facilitySize: "under_50", shiftFilling: "agency" },
    outcome: "needs_review",
  },
];

/** The schema's check of structured data: only its keys, and each choice within its enumeration. */
function schemaAllows(data: Record<string, string>) {
  const properties = VOICE_STRUCTURED_DATA_SCHEMA.properties!;
  return Object.entries(data).every(
    ([key, value]) => properties[key] && (!properties[key].enum || properties[key].enum.includes(value)),
  );
}

interface LeadCreated {
  id: string;
  qualificationToken: string;
}

/**
 * The round trip (decision 0018): a voice call's end-of-call report carrying the chat's answers is
 * judged as the chat judges the same answers, stored as the chat's, shown by the console's
 * lead endpoint the same way, and forwarded as the chat's qualification event.
 */
describe.each(STORE_KINDS)("a voice call judged, stored, shown and forwarded as the chat's, on %s", (kind) => {
  const h = forwardingHarness(kind);

  it.each(CASES)("$name", async ({ answers, outcome }) => {
    expect(schemaAllows(answers as Record<string, string>)).toBe(true);
    const hook = await h.receiver();
    const app = await h.start({
      QUALIFICATION_WEBHOOK_URL: hook.url("/qualification"),
      VOICE_WEBHOOK_SECRET: SECRET,
      MIN_FILL_SECONDS: 0,
    });
    await addAccount(h.store.db, "worker@provider.example");
    const staff = await signIn(app, "worker@provider.example");
    // Two leads of the same facility: one qualifies by chat, the other by voice.
    const byChat = (await h.post("/api/leads", homepageLead({ email: "chat@sunrise.example" }))).json<LeadCreated>();
    const byVoice = (
      await h.post("/api/leads", homepageLead({ email: "voice@sunrise.example", phone: "5559876543" }))
    ).json<LeadCreated>();

    let chatState: { outcome: string | null; answers: QualificationAnswers } | undefined;
    for (const [questionId, value] of Object.entries(answers)) {
      const response = await h.post("/api/qualification/answers", {
        leadId: byChat.id,
        token: byChat.qualificationToken,
        questionId,
        value,
      });
      expect(response.statusCode).toBe(200);
      chatState = response.json();
    }
    const report = endOfCallReport(
      "call-round-trip",
      { analysis: { summary: "Spoke with the facility.", structuredData: answers } },
      { qualificationToken: byVoice.qualificationToken, leadId: byVoice.id },
    );
    const reported = await h.post("/api/voice/events", report, { "x-vapi-secret": SECRET });
    expect(reported.statusCode).toBe(200);

    // Judged: as the chat's rule judges the same answers (the chat itself, when it completes).
    const rule = outcomeOfAnswers(answers, { facilityType: "nursing_home", location: "Georgia" });
    expect(rule ?? "needs_review").toBe(outcome);
    expect(chatState!.outcome).toBe(rule);

    // Stored and shown: the console's lead endpoint gives the call's answers as it gives the chat's.
    const lead = async (id: string) =>
      (
        await app.inject({
          method: "GET",
          url: `/api/staff/leads/${id}`,
          headers: { cookie: staff.cookie, "x-staff-console": "1" },
        })
      ).json();
    const chatLead = await lead(byChat.id);
    const voiceLead = await lead(byVoice.id);
    expect(chatLead.qualification.chat.answers).toEqual(answers);
    expect(voiceLead.qualification.voiceCalls).toEqual([
      expect.objectContaining({
        status: "ended",
        outcome,
        answers,
        summary: "Spoke with the facility.",
        transcript: expect.stringContaining("administrator"),
      }),
    ]);
    expect(voiceLead.qualification.summary).toMatchObject({ status: outcome, channel: "voice", answers });

    // Forwarded: the call's event carries the answers as the chat's event does.
    const events = (await hook.waitFor(rule ? 2 : 1)).map((request) => JSON.parse(request.body));
    const voiceEvent = events.find((event) => event.channel === "voice");
    expect(voiceEvent).toMatchObject({
      event: "qualification.completed",
      leadId: byVoice.id,
      outcome,
      callId: "call-round-trip",
      lead: { email: "voice@sunrise.example", facilityType: "nursing_home" },
    });
    expect(
      voiceEvent.answers.map((answer: { question: string; value: string }) => [answer.question, answer.value]),
    ).toEqual(Object.entries(answers));
    if (rule) {
      const chatEvent = events.find((event) => event.channel === "chat");
      expect(voiceEvent.answers).toEqual(chatEvent.answers);
      expect(voiceEvent.giftCardEmail).toBe(outcome === "qualified" ? "voice@sunrise.example" : null);
      expect(chatEvent.giftCardEmail).toBe(outcome === "qualified" ? "chat@sunrise.example" : null);
    }
    await h.waitForStatus("delivered");
  });

  it("stores a report whose values are outside the options, or that is not an object, as needs review (never an error)", async () => {
    const hook = await h.receiver();
    const app = await h.start({
      QUALIFICATION_WEBHOOK_URL: hook.url("/qualification"),
      VOICE_WEBHOOK_SECRET: SECRET,
      MIN_FILL_SECONDS: 0,
    });
    const lead = (await h.post("/api/leads", homepageLead())).json<LeadCreated>();
    const credentials = { qualificationToken: lead.qualificationToken, leadId: lead.id };
    const odd = [
      { role: "Director of Nursing" },
      { role: "administrator", facilitySize: 120 },
      { role: ["nurse"] },
      { role: "nurse", challenge: "x".repeat(5000) },
      {},
    ];
    for (const [index, structuredData] of odd.entries()) {
      const response = await app.inject({
        method: "POST",
        url: "/api/voice/events",
        payload: endOfCallReport(`odd-${index}`, { analysis: { structuredData } }, credentials),
        headers: { "x-vapi-secret": SECRET },
      });
      expect(response.statusCode).toBe(200);
    }
    const withoutAnalysis = endOfCallReport("odd-none", { analysis: undefined }, credentials);
    expect((await h.post("/api/voice/events", withoutAnalysis, { "x-vapi-secret": SECRET })).statusCode).toBe(200);
    const events = (await hook.waitFor(odd.length + 1)).map((request) => JSON.parse(request.body));
    expect(events.map((event) => event.outcome)).toEqual(Array(odd.length + 1).fill("needs_review"));
  });
});
