import { createHmac } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { deliveries } from "../store/schema";
import { STORE_KINDS } from "../test-support/test-helpers";
import { QUALIFIED_ANSWERS, chatLead } from "../test-support/test-fixtures";

/** The qualification event (the chat's answers) forwarded once, signed, to QUALIFICATION_WEBHOOK_URL. */

interface Created {
  id: string;
  qualificationToken: string;
}

const SECRET_BYTES = Buffer.from("a-secret-of-the-receiver-32bytes");
const SECRET = `whsec_${SECRET_BYTES.toString("base64")}`;

describe.each(STORE_KINDS)("the qualification event on %s", (kind) => {
  const h = forwardingHarness(kind);

  it("arrives once at QUALIFICATION_WEBHOOK_URL, signed, with the lead, outcome, answers and times", async () => {
    const hook = await h.receiver();
    await h.start({
      QUALIFICATION_WEBHOOK_URL: hook.url("/qualified"),
      WEBHOOK_SIGNING_SECRET: SECRET,
      MIN_FILL_SECONDS: 0,
    });
    const created = (await h.post("/api/leads", chatLead())).json<Created>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      const response = await h.post("/api/qualification/answers", {
        leadId: created.id,
        token: created.qualificationToken,
        questionId,
        value,
      });
      expect(response.statusCode).toBe(200);
    }
    await h.post("/api/qualification/answers", {
      leadId: created.id,
      token: created.qualificationToken,
      questionId: "giftCardEmail",
      value: "",
    });
    const [request] = await hook.waitFor(1);
    const [row] = await h.waitForStatus("delivered");
    expect(await h.rows()).toHaveLength(1);
    expect(row).toMatchObject({
      destination: "qualification_webhook",
      recordKind: "chat_qualification",
      recordId: created.id,
    });
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({
      event: "qualification.completed",
      leadId: created.id,
      channel: "chat",
      outcome: "qualified",
      giftCardEmail: "pat@maplegrove.example",
      lead: {
        form: "chat",
        firstName: "Pat",
        email: "pat@maplegrove.example",
        facilityType: "skilled_nursing",
        location: "Ohio",
      },
    });
    expect(body.answers[0]).toEqual({
      question: "role",
      prompt: "First, what is your role?",
      value: "director_of_nursing",
      label: "Director of Nursing",
    });
    expect(body.answers).toHaveLength(QUALIFIED_ANSWERS.length);
    expect(Date.parse(body.startedAt)).toBeLessThanOrEqual(Date.parse(body.completedAt));
    expect(request!.headers["idempotency-key"]).toBe(row!.id);
    const timestamp = request!.headers["webhook-timestamp"] as string;
    const expected = createHmac("sha256", SECRET_BYTES)
      .update(`${row!.id}.${timestamp}.${request!.body}`)
      .digest("base64");
    expect(request!.headers["webhook-signature"]).toBe(`v1,${expected}`);
    expect(await h.store.db.select().from(deliveries).where(eq(deliveries.recordKind, "facility_lead"))).toEqual([]);
  });
});
