import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { recordTransition } from "../store/lead-pipeline-repository";
import { stepEffects } from "../mail";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { facilityLeads } from "../store/schema";
import { QUALIFIED_ANSWERS, chatLead, endOfCallReport, homepageLead } from "../test-support/test-fixtures";
import { forwardingHarness } from "../test-support/forwarding-harness";

const SECRET_BYTES = Buffer.from("the-crm-receiver-secret-32-bytes");
const SECRET = `whsec_${SECRET_BYTES.toString("base64")}`;
const VOICE_SECRET = "voice-secret-of-the-test-1234";

/** Each pipeline step reaches a real local receiver (the CRM's stand-in) as a signed event. */
describe.each(STORE_KINDS)("pipeline events on %s", (kind) => {
  const h = forwardingHarness(kind);

  it("forwards every step, staff's and the qualification's, signed with the Standard Webhooks headers", async () => {
    const crm = await h.receiver();
    const app = await h.start({ PIPELINE_WEBHOOK_URL: crm.url("/crm"), WEBHOOK_SIGNING_SECRET: SECRET });
    await addAccount(h.store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const leadId = (await h.post("/api/leads", homepageLead())).json<{ id: string }>().id;

    // The qualifying chat calls the repository itself.
    const byChat = await recordTransition(
      h.store.db,
      { leadId, actor: "system:chat", step: { to: "qualified", via: "chat" } },
      { webhookUrl: crm.url("/crm"), effects: stepEffects(undefined) },
    );
    expect(byChat.ok).toBe(true);
    app.outbox?.wake();
    const verified = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/steps`,
      headers: me.headers,
      payload: { to: "role_verified", method: "work_email", note: "Replied from her facility address" },
    });
    expect(verified.statusCode).toBe(201);
    const card = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/steps`,
      headers: me.headers,
      payload: { to: "gift_card_sent", reference: "VISA-77" },
    });
    expect(card.statusCode).toBe(201);

    const received = await crm.waitFor(3);
    const events = received.map((r) => JSON.parse(r.body)).sort((a, b) => a.at.localeCompare(b.at));
    expect(events.map((e) => [e.actor, e.from, e.to])).toEqual([
      ["system:chat", "new", "qualified"],
      ["staff:worker@provider.example", "qualified", "role_verified"],
      ["staff:worker@provider.example", "role_verified", "gift_card_sent"],
    ]);
    expect(events[2]).toMatchObject({
      type: "lead.pipeline_step",
      leadId,
      details: { reference: "VISA-77", amountUsd: 50 },
      lead: { email: "dana@sunrise.example" },
    });
    for (const request of received) {
      expect(request.path).toBe("/crm");
      const id = request.headers["webhook-id"] as string;
      const timestamp = request.headers["webhook-timestamp"] as string;
      const expected = createHmac("sha256", SECRET_BYTES).update(`${id}.${timestamp}.${request.body}`).digest("base64");
      expect(request.headers["webhook-signature"]).toBe(`v1,${expected}`);
    }
    const rows = await h.waitForStatus("delivered");
    expect(rows.filter((r) => r.destination === "pipeline_webhook")).toHaveLength(3);
  });

  it("a lead qualified by the chat or the voice agent enters the pipeline as qualified, signed to the CRM", async () => {
    const crm = await h.receiver();
    const app = await h.start({
      PIPELINE_WEBHOOK_URL: crm.url("/crm"),
      WEBHOOK_SIGNING_SECRET: SECRET,
      VOICE_WEBHOOK_SECRET: VOICE_SECRET,
      MIN_FILL_SECONDS: 0,
    });
    const byChat = (await h.post("/api/leads", chatLead())).json<{ id: string; qualificationToken: string }>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      await h.post("/api/qualification/answers", {
        leadId: byChat.id,
        token: byChat.qualificationToken,
        questionId,
        value,
      });
    }
    await h.post("/api/qualification/answers", {
      leadId: byChat.id,
      token: byChat.qualificationToken,
      questionId: "giftCardEmail",
      value: "",
    });
    const byVoice = (
      await h.post("/api/leads", homepageLead({ email: "voice@sunrise.example", phone: "5550007777" }))
    ).json<{ id: string; qualificationToken: string }>();
    const report = await app.inject({
      method: "POST",
      url: "/api/voice/events",
      headers: { "x-vapi-secret": VOICE_SECRET },
      payload: endOfCallReport(
        "call-pipeline",
        {},
        { qualificationToken: byVoice.qualificationToken, leadId: byVoice.id },
      ),
    });
    expect(report.statusCode).toBe(200);
    const received = await crm.waitFor(2);
    const events = received.map((r) => JSON.parse(r.body));
    expect(events.map((e) => [e.leadId, e.actor, e.from, e.to, e.details.via]).sort()).toEqual(
      [
        [byChat.id, "system:chat", "new", "qualified", "chat"],
        [byVoice.id, "system:voice", "new", "qualified", "voice"],
      ].sort(),
    );
    const statuses = await h.store.db
      .select({ id: facilityLeads.id, status: facilityLeads.pipelineStatus, staffActedAt: facilityLeads.staffActedAt })
      .from(facilityLeads);
    expect(statuses.every((s) => s.status === "qualified" && s.staffActedAt === null)).toBe(true); // the 24-hour call is still owed
  });

  it("queues nothing when PIPELINE_WEBHOOK_URL is unset", async () => {
    const app = await h.start({});
    await addAccount(h.store.db, "worker@provider.example");
    const me = await signIn(app, "worker@provider.example");
    const leadId = (await h.post("/api/leads", homepageLead())).json<{ id: string }>().id;
    const step = await app.inject({
      method: "POST",
      url: `/api/staff/leads/${leadId}/steps`,
      headers: me.headers,
      payload: { to: "qualified" },
    });
    expect(step.statusCode).toBe(201);
    expect(await h.rows()).toEqual([]);
  });
});
