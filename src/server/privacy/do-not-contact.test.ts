import { sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import type { FastifyInstance } from "fastify";
import { contactOptOuts, privacyRequests } from "../store/schema";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { SmtpReceiver, type ReceivedMail } from "../test-support/smtp-receiver";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { QUALIFIED_ANSWERS, chatLead } from "../test-support/test-fixtures";
import { DO_NOT_CONTACT_MESSAGES } from "../../domain/do-not-contact";

const VOICE_SECRET = "a-voice-webhook-secret-1234";
const PERSON = { email: "morwenna.optout@fernbrook.example", phone: "5558889999" };

/** A header as sent (mailparser turns List-* headers into a structure). */
const rawHeader = (mail: ReceivedMail, key: string) =>
  mail.parsed.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, "") ?? "";

/** The stop-contacting token of an e-mail: from its link (fragment) and its List-Unsubscribe header (query). */
function linksOf(mail: ReceivedMail): { pageToken: string; oneClickUrl: string } {
  const pageToken = /\/stop-contacting#token=([A-Za-z0-9_-]{43})/.exec(mail.parsed.html || "")?.[1];
  const header = rawHeader(mail, "list-unsubscribe");
  const oneClickUrl = /<([^>]+)>/.exec(header)?.[1];
  if (!pageToken || !oneClickUrl) throw new Error("the e-mail has no stop-contacting link");
  return { pageToken, oneClickUrl };
}

describe.each(STORE_KINDS)("opt-out on %s", (kind) => {
  const h = forwardingHarness(kind);
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });
  const optOutRows = () => h.store.db.select().from(contactOptOuts);

  async function start() {
    smtp = await new SmtpReceiver().start();
    const pipeline = await h.receiver();
    const app = await h.start({
      MIN_FILL_SECONDS: 0,
      SMTP_URL: smtp.url,
      PIPELINE_WEBHOOK_URL: pipeline.url(),
      VOICE_WEBHOOK_SECRET: VOICE_SECRET,
    });
    return { app, pipeline, smtp };
  }

  async function storeLead(app: FastifyInstance, overrides: Record<string, unknown> = {}) {
    const created = await h.post("/api/leads", chatLead({ email: PERSON.email, phone: PERSON.phone, ...overrides }));
    expect(created.statusCode).toBe(201);
    return created.json<{ id: string; qualificationToken: string }>();
  }

  it("Opt-out: no further e-mail, no voice call, shown in the console, carried by events", async () => {
    const { app, pipeline, smtp } = await start();
    const lead = await storeLead(app);
    const [confirmation] = await smtp.waitFor(1);
    expect(confirmation!.parsed.text).toContain("Stop contacting me");
    expect(rawHeader(confirmation!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const { pageToken, oneClickUrl } = linksOf(confirmation!);
    expect(new URL(oneClickUrl).searchParams.get("token")).toBe(pageToken);

    // Following the link (a GET, as a mail scanner does) changes nothing.
    for (const url of ["/stop-contacting", `/api/stop-contacting?token=${pageToken}`, new URL(oneClickUrl).pathname])
      expect((await app.inject({ method: "GET", url })).statusCode).toBeLessThan(500);
    expect(await optOutRows()).toEqual([]);

    // The button's POST records it, for the address the e-mail went to (not the phone: decision
    // 0040), "by e-mail link".
    const stopped = await h.post("/api/stop-contacting", { token: pageToken });
    expect(stopped.statusCode).toBe(200);
    expect(stopped.json()).toEqual({ stopped: true });
    const rows = await optOutRows();
    expect(rows.map((row) => [row.email, row.phoneDigits, row.via])).toEqual([[PERSON.email, null, "link"]]);
    const logged = await h.store.db.select().from(privacyRequests);
    expect(logged.map((r) => [r.kind, r.actor, r.recordIds])).toEqual([["opt_out", "link", [lead.id]]]);

    // The CRM hears of it.
    const [event] = await pipeline.waitFor(1);
    expect(JSON.parse(event!.body)).toMatchObject({
      type: "lead.do_not_contact",
      leadId: lead.id,
      doNotContact: { via: "link", at: rows[0]!.at.toISOString() },
    });

    // The chat qualifies the lead: its pipeline event carries the mark; no staff alert is asked for here.
    for (const [questionId, value] of QUALIFIED_ANSWERS)
      await h.post("/api/qualification/answers", {
        leadId: lead.id,
        token: lead.qualificationToken,
        questionId,
        value,
      });
    await addAccount(h.store.db, "worker@provider.example");
    const session = await signIn(app, "worker@provider.example");
    for (const payload of [
      { to: "role_verified", method: "phone_call_to_facility", note: "Called the front desk" },
      { to: "gift_card_sent", reference: "CARD-77", note: "" },
    ]) {
      const step = await app.inject({
        method: "POST",
        url: `/api/staff/leads/${lead.id}/steps`,
        headers: session.headers,
        payload,
      });
      expect(step.statusCode, step.body).toBe(201);
    }
    const events = (await pipeline.waitFor(4)).map((r) => JSON.parse(r.body) as Record<string, unknown>);
    const steps = events.filter((e) => e.type === "lead.pipeline_step");
    expect(steps.map((e) => e.to)).toEqual(["qualified", "role_verified", "gift_card_sent"]);
    for (const step of steps) expect(step.doNotContact).toEqual({ at: rows[0]!.at.toISOString(), via: "link" });

    // No further e-mail: not the card's notice, not a second confirmation for a new request.
    await storeLead(app, { facilityName: "Fernbrook West" });
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.received).toHaveLength(1);

    // No voice call for this lead: the voice page's check is refused in words. (Its phone is not on the
    // list: a phone is opted out by staff or on a call; stop-link-mailbox-only.test.ts.)
    const check = await h.post("/api/voice/call-check", { leadId: lead.id, token: lead.qualificationToken });
    expect(check.statusCode).toBe(409);
    expect(check.json()).toEqual({ error: DO_NOT_CONTACT_MESSAGES.noCall });

    // Shown in the console.
    const page = await app.inject({ method: "GET", url: `/api/staff/leads/${lead.id}`, headers: session.headers });
    expect(page.json()).toMatchObject({ doNotContact: { via: "link", at: rows[0]!.at.toISOString() } });

    // Pressing again (or twice at once) records nothing new and sends no second event.
    const again = await Promise.all([1, 2].map(() => h.post("/api/stop-contacting", { token: pageToken })));
    expect(again.map((r) => r.statusCode)).toEqual([200, 200]);
    expect(await optOutRows()).toHaveLength(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(pipeline.received.filter((r) => r.body.includes("lead.do_not_contact"))).toHaveLength(1);
  });

  it("another lead may still be called and e-mailed; the one-click POST of a mail client opts out", async () => {
    const { app, smtp } = await start();
    const other = await storeLead(app, { email: "still.welcome@fernbrook.example", phone: "5551112222" });
    const [mail] = await smtp.waitFor(1);
    const check = await h.post("/api/voice/call-check", { leadId: other.id, token: other.qualificationToken });
    expect(check.json()).toEqual({ allowed: true });
    const headers = { [app.config.VOICE_WEBHOOK_SECRET_HEADER.toLowerCase()]: VOICE_SECRET };
    const call = { message: { type: "assistant-request", call: { id: "call-2", customer: { number: "5551112222" } } } };
    expect((await h.post("/api/voice/events", call, headers)).json()).not.toHaveProperty("error");

    const url = new URL(linksOf(mail!).oneClickUrl);
    // A mail provider's POST, from its own origin, as form data.
    const oneClick = await app.inject({
      method: "POST",
      url: `${url.pathname}${url.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(oneClick.statusCode).toBe(204);
    expect((await optOutRows()).map((row) => [row.email, row.via])).toEqual([
      ["still.welcome@fernbrook.example", "link"],
    ]);
    // The link stops e-mail to its address; the phone is staff's or the caller's to opt out (decision 0040).
    expect((await h.post("/api/voice/events", call, headers)).json()).not.toHaveProperty("error");
  });

  it("a bad or forged token is a 4xx and records nothing", async () => {
    const { app } = await start();
    await storeLead(app);
    const forged = "A".repeat(43);
    for (const [payload, status] of [
      [{}, 400],
      [{ token: "" }, 400],
      [{ token: "short" }, 400],
      [{ token: `${forged}=` }, 400],
      [{ token: forged, extra: 1 }, 400],
      [{ token: 12345 }, 400],
      [{ token: forged }, 404],
    ] as const) {
      const response = await h.post("/api/stop-contacting", payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(status);
      expect(response.json<{ error: string }>().error.length).toBeGreaterThan(10);
    }
    for (const url of ["/api/stop-contacting/one-click", `/api/stop-contacting/one-click?token=${forged}`]) {
      const response = await app.inject({
        method: "POST",
        url,
        payload: "List-Unsubscribe=One-Click",
        headers: { "content-type": "application/x-www-form-urlencoded" },
      });
      expect(response.statusCode).toBeGreaterThanOrEqual(400);
      expect(response.statusCode).toBeLessThan(500);
    }
    // The page's API refuses a cross-site POST (the one-click address alone takes any origin).
    const crossSite = await h.post("/api/stop-contacting", { token: forged }, { origin: "https://evil.example" });
    expect(crossSite.statusCode).toBe(403);
    // A voice check with a token that is not the lead's tells nothing.
    const lead = await storeLead(app, { email: "x@fernbrook.example", phone: "5553334444" });
    const wrong = await h.post("/api/voice/call-check", { leadId: lead.id, token: forged });
    expect(wrong.statusCode).toBe(403);
    expect(await optOutRows()).toEqual([]);
    expect(await h.store.db.$count(privacyRequests, sql`true`)).toBe(0);
  });
});
