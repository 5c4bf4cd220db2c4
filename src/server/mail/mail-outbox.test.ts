import {
  QUALIFIED_ANSWERS,
  chatLead,
  homepageLead,
  nurseApplication,
  qualifyLead,
} from "../test-support/test-fixtures";
import { mailOutboxHarness } from "../test-support/mail-outbox-harness";
import { STORE_KINDS } from "../test-support/test-helpers";
import { describe, expect, it } from "vitest";

/**
 * The product's e-mails (decision 0023) through the outbox to a real SMTP server (smtp-server on
 * 127.0.0.1), each message parsed back with mailparser: which e-mails each event writes, to whom.
 * What can go wrong on the way: mail-outbox-failures.test.ts.
 */
describe.each(STORE_KINDS)("e-mail from the outbox on %s", (kind) => {
  const m = mailOutboxHarness(kind);
  const { h, startWithSmtp, mailRows } = m;

  it("a stored lead gets one confirmation, to its own address, with a text and an HTML part and the link that resumes its chat", async () => {
    await startWithSmtp();
    const created = await h.post("/api/leads", homepageLead());
    expect(created.statusCode).toBe(201);
    const { id, qualificationToken } = created.json<{ id: string; qualificationToken: string }>();
    const [mail] = await m.smtp!.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(m.smtp!.received).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual(["dana@sunrise.example"]);
    expect(mail!.parsed.to).toMatchObject({ value: [{ address: "dana@sunrise.example" }] });
    expect(mail!.parsed.from?.value[0]).toEqual({
      name: "ShiftReady Staffing",
      address: "no-reply@shiftready.example",
    });
    expect(mail!.parsed.text).toBeTruthy();
    expect(mail!.parsed.html).toBeTruthy();
    const resume = `https://staffing.example/qualifying-chat#lead=${id}&token=${qualificationToken}`;
    expect(mail!.parsed.text).toContain(resume);
    expect(mail!.parsed.html).toContain(resume.replace(/&/g, "&amp;"));
    expect(mail!.parsed.messageId).toMatch(/^<[0-9a-f-]{36}@shiftready\.example>$/);
    // The link's token is the lead's own: the chat opens with it.
    const session = await h.post("/api/qualification/session", { leadId: id, token: qualificationToken });
    expect(session.statusCode).toBe(200);
    expect((await mailRows()).map((row) => row.status)).toEqual(["delivered"]);
  });

  it("the qualify page's lead and the chat's contact form are confirmed too; a nurse gets the application's", async () => {
    await startWithSmtp();
    expect((await h.post("/api/leads", qualifyLead())).statusCode).toBe(201);
    expect((await h.post("/api/leads", chatLead())).statusCode).toBe(201);
    expect((await h.post("/api/nurse-applications", nurseApplication())).statusCode).toBe(201);
    await m.smtp!.waitFor(3);
    expect(m.smtp!.to("sam@lakeside.example")).toHaveLength(1);
    expect(m.smtp!.to("pat@maplegrove.example")).toHaveLength(1);
    const [nurse] = m.smtp!.to("ana@nurse.example");
    expect(nurse!.parsed.subject).not.toBe(m.smtp!.to("sam@lakeside.example")[0]!.parsed.subject);
    expect(nurse!.parsed.text).toContain("Ana");
    const kinds = (await mailRows()).map((row) => row.destination).sort();
    expect(kinds).toEqual(["mail:lead_confirmation", "mail:lead_confirmation", "mail:nurse_confirmation"]);
  });

  it("a lead stored as spam, and a repeated submit, get no e-mail", async () => {
    await startWithSmtp();
    expect((await h.post("/api/leads", homepageLead({ companyWebsite: "http://spam.example" }))).statusCode).toBe(201);
    expect((await h.post("/api/nurse-applications", nurseApplication({ companyWebsite: "x" }))).statusCode).toBe(201);
    expect((await h.post("/api/leads", qualifyLead(), { "idempotency-key": "same-key-1" })).statusCode).toBe(201);
    expect((await h.post("/api/leads", qualifyLead(), { "idempotency-key": "same-key-1" })).statusCode).toBe(201);
    await m.smtp!.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(m.smtp!.received.map((mail) => mail.envelopeTo[0])).toEqual(["sam@lakeside.example"]);
    expect(await mailRows()).toHaveLength(1);
  });

  it("a lead qualified in the chat alerts each STAFF_ALERT_EMAILS address once, with the facility, the first name and the console link only", async () => {
    await startWithSmtp({ STAFF_ALERT_EMAILS: ["ops@provider.example", "lead.desk@provider.example"] });
    const created = await h.post("/api/leads", chatLead({ lastName: "Kimberly-Unique" }));
    const lead = created.json<{ id: string; qualificationToken: string }>();
    for (const [questionId, value] of QUALIFIED_ANSWERS) {
      const answered = await h.post("/api/qualification/answers", {
        leadId: lead.id,
        token: lead.qualificationToken,
        questionId,
        value,
      });
      expect(answered.statusCode).toBe(200);
    }
    await m.smtp!.waitFor(3);
    await new Promise((resolve) => setTimeout(resolve, 300));
    for (const address of ["ops@provider.example", "lead.desk@provider.example"]) {
      const alerts = m.smtp!.to(address);
      expect(alerts).toHaveLength(1);
      const text = alerts[0]!.parsed.text!;
      expect(text).toContain("Maple Grove Care");
      expect(text).toContain("Pat");
      expect(text).toContain(`https://staffing.example/staff?lead=${lead.id}`);
      for (const personal of ["Kimberly-Unique", "pat@maplegrove.example", "(555) 222-3333", "5552223333"]) {
        expect(text).not.toContain(personal);
        expect(alerts[0]!.parsed.html).not.toContain(personal);
      }
    }
    expect(m.smtp!.received).toHaveLength(3); // and the lead's own confirmation
  });
});
