import { afterEach, describe, expect, it } from "vitest";
import { facilityLeads } from "../store/schema";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { STORE_KINDS } from "../test-support/test-helpers";
import { QUALIFIED_ANSWERS, chatLead, homepageLead } from "../test-support/test-fixtures";
import { mailSettingsOf } from "./mail-settings";
import { queueOverdueDigest } from "./overdue-digest";
import { testConfig } from "../config";
import { eq } from "drizzle-orm";

/** Staff alerts an account turns on, the lead's card notice and the daily digest of overdue calls (decision 0023). */
describe.each(STORE_KINDS)("staff alerts, card notices and the digest on %s", (kind) => {
  const h = forwardingHarness(kind);
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });
  const start = async (overrides: Record<string, unknown> = {}) => {
    smtp = await new SmtpReceiver().start();
    return h.start({ SMTP_URL: smtp.url, MIN_FILL_SECONDS: 0, SITE_URL: "https://staffing.example", ...overrides });
  };
  const qualifyInChat = async (answers = QUALIFIED_ANSWERS) => {
    const lead = (await h.post("/api/leads", chatLead())).json<{ id: string; qualificationToken: string }>();
    for (const [questionId, value] of answers) {
      const answered = await h.post("/api/qualification/answers", {
        leadId: lead.id,
        token: lead.qualificationToken,
        questionId,
        value,
      });
      expect(answered.statusCode).toBe(200);
    }
    return lead;
  };

  it("an account turns its alerts on (CSRF-checked, bad bodies refused) and then hears of a qualified lead, once with STAFF_ALERT_EMAILS", async () => {
    const app = await start({ STAFF_ALERT_EMAILS: ["OPS@provider.example"] });
    await addAccount(h.store.db, "ops@provider.example");
    await addAccount(h.store.db, "mia@provider.example");
    const session = await signIn(app, "mia@provider.example");
    expect(
      (await app.inject({ method: "GET", url: "/api/staff/mail-alerts", headers: session.headers })).json(),
    ).toEqual({ on: false, mailConfigured: true });
    const put = (payload: unknown, headers = session.headers) =>
      app.inject({ method: "PUT", url: "/api/staff/mail-alerts", headers, payload: payload as object });
    expect((await put({ on: true }, { cookie: session.cookie })).statusCode).toBe(403);
    for (const bad of [{}, { on: "yes" }, { on: 1 }, { on: true, email: "x@y.example" }, []])
      expect((await put(bad)).statusCode).toBe(400);
    expect((await put({ on: true })).json()).toEqual({ on: true, mailConfigured: true });
    // ops@ has an account too but did not turn alerts on: it hears once, through STAFF_ALERT_EMAILS.
    await qualifyInChat();
    await smtp!.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp!.to("mia@provider.example")).toHaveLength(1);
    expect(smtp!.to("ops@provider.example")).toHaveLength(1);
    expect(smtp!.received).toHaveLength(3);
    expect((await put({ on: false })).json()).toEqual({ on: false, mailConfigured: true });
  });

  it("a lead that does not qualify alerts nobody", async () => {
    await start({ STAFF_ALERT_EMAILS: ["ops@provider.example"] });
    await qualifyInChat([["role", "nurse"]]);
    await smtp!.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp!.received.map((mail) => mail.envelopeTo[0])).toEqual(["pat@maplegrove.example"]);
  });

  it("the card sent tells the lead, at its own address, where the card went (its work address, not the chat's gift-card e-mail: decision 0040)", async () => {
    const app = await start();
    await addAccount(h.store.db, "mia@provider.example");
    const answers = QUALIFIED_ANSWERS.map(([id, value]): [string, string] =>
      id === "giftCardEmail" ? [id, "cards@maplegrove.example"] : [id, value],
    );
    const lead = await qualifyInChat(answers);
    const session = await signIn(app, "mia@provider.example");
    const step = (payload: object) =>
      app.inject({ method: "POST", url: `/api/staff/leads/${lead.id}/steps`, headers: session.headers, payload });
    expect(
      (await step({ to: "role_verified", method: "phone_call_to_facility", note: "Front desk confirmed" })).statusCode,
    ).toBe(201);
    expect((await step({ to: "gift_card_sent", reference: "CARD-123" })).statusCode).toBe(201);
    await smtp!.waitFor(2);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const mails = smtp!.to("pat@maplegrove.example");
    expect(mails).toHaveLength(2); // the confirmation, then the card's notice
    const notice = mails.find((mail) => mail.parsed.subject?.includes("on its way"));
    expect(notice).toBeDefined();
    expect(notice!.parsed.text).toContain("pat@maplegrove.example");
    expect(notice!.parsed.text).not.toContain("cards@maplegrove.example");
    expect(smtp!.to("cards@maplegrove.example")).toHaveLength(0);
  });

  it("the digest of overdue calls is queued once a day, after its hour, listing only overdue leads", async () => {
    await start({ STAFF_ALERT_EMAILS: ["ops@provider.example"] });
    const settings = mailSettingsOf(
      testConfig({
        SMTP_URL: smtp!.url,
        STAFF_ALERT_EMAILS: ["ops@provider.example"],
        SITE_URL: "https://staffing.example",
      }),
    )!;
    const old = (await h.post("/api/leads", homepageLead({ facilityName: "Overdue Oaks" }))).json<{ id: string }>();
    await h.post(
      "/api/leads",
      homepageLead({ facilityName: "Fresh Pines", email: "fresh@pines.example", phone: "5553334444" }),
    );
    // Qualified (only a qualified lead is due a call, decision 0035) and past the 24-hour promise;
    // Fresh Pines is neither.
    await h.store.db
      .update(facilityLeads)
      .set({ receivedAt: new Date(Date.now() - 30 * 3_600_000), pipelineStatus: "qualified" })
      .where(eq(facilityLeads.id, old.id));
    // Two days ahead: the app's own digest job claims today's digest once the real clock is past its hour.
    const day = new Date(Date.now() + 2 * 86_400_000);
    const before = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 6));
    const after = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 14));
    expect(await queueOverdueDigest(h.store.db, settings, before)).toBe(0);
    expect(await queueOverdueDigest(h.store.db, settings, after)).toBe(1);
    expect(await queueOverdueDigest(h.store.db, settings, new Date(after.getTime() + 3_600_000))).toBe(0);
    h.app!.outbox!.wake();
    await smtp!.waitFor(3);
    const [digest] = smtp!.to("ops@provider.example");
    expect(digest!.parsed.text).toContain("Overdue Oaks");
    expect(digest!.parsed.text).toContain(`https://staffing.example/staff?lead=${old.id}`);
    expect(digest!.parsed.text).not.toContain("Fresh Pines");
  });
});
