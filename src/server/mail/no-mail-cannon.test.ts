import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { HONEYPOT_FIELD } from "../../domain/honeypot";
import { contactOptOuts, deliveries, workEmailCodes } from "../store/schema";
import { STORE_KINDS, useTestApps, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { SAMPLE_BRAND } from "../test-support/mail-samples";
import type { MailMessage } from "./mail-kinds";
import { renderMail } from "./render-mail";

const VICTIM = "victim@fernbrook.example";
const PHISH = "URGENT: your account is locked, verify at https://evil.example/login now or www.evil-bank.example";

/** No e-mail cannon (decision 0040): twelve leads naming one victim, links in facility names, codes for spam, answers that tell addresses apart. */
describe.each(STORE_KINDS)("no e-mail cannon (%s)", (kind) => {
  let store: TestStore;
  const build = useTestApps(kind, (made) => (store = made));
  const start = () =>
    build({
      MIN_FILL_SECONDS: 0,
      RATE_LIMIT_PER_MINUTE: 0,
      RATE_LIMIT_PER_DAY: 0,
      SMTP_URL: "smtp://127.0.0.1:2",
      SITE_URL: "https://staffing.example",
      WORK_EMAIL_CODE_KEY: Buffer.alloc(32, 5),
    });
  const post = (app: FastifyInstance, url: string, payload: object) =>
    app.inject({ method: "POST", url, payload, remoteAddress: "2001:db8:9:9::1" });
  const mailsTo = async (email: string) =>
    (await store.db.select().from(deliveries))
      .filter((row) => row.destination.startsWith("mail:"))
      .map((row) => JSON.parse(row.payload) as MailMessage)
      .filter((mail) => mail.to === email);

  it("twelve leads naming one address that confirmed nothing: at most MAIL_PER_RECIPIENT_DAILY_LIMIT (3) e-mails to it", async () => {
    const app = await start();
    for (let i = 0; i < 12; i++) {
      const posted = await post(
        app,
        "/api/leads",
        homepageLead({ email: VICTIM, phone: `55512300${String(i).padStart(2, "0")}`, facilityName: `${PHISH} ${i}` }),
      );
      expect(posted.statusCode).toBe(201);
    }
    expect(await mailsTo(VICTIM)).toHaveLength(3);
  });

  it("a link typed as a facility name is no link in the e-mail (neither in its HTML nor its text)", async () => {
    const app = await start();
    await post(app, "/api/leads", homepageLead({ email: "dana@maplegrove.example", facilityName: PHISH }));
    const [mail] = await mailsTo("dana@maplegrove.example");
    const { subject, html, text } = await renderMail(mail!, SAMPLE_BRAND);
    for (const part of [subject, html, text]) {
      expect(part).not.toContain("://evil");
      expect(part).not.toMatch(/www\.evil/);
      expect(part).not.toMatch(/evil(-bank)?\.example/);
    }
    expect(html).not.toMatch(/href="[^"]*evil/);
    expect(text).toContain("verify at https: //evil\u2024example/login now");
  });

  it("a lead caught by the honeypot gets no code, and its 'new code' writes none either", async () => {
    const app = await start();
    const caught = await post(app, "/api/leads", homepageLead({ email: "bot@spam.example", [HONEYPOT_FIELD]: "x" }));
    expect(caught.statusCode).toBe(201);
    const lead = caught.json<{ id: string; qualificationToken: string }>();
    const again = await post(app, "/api/work-email/new-code", { leadId: lead.id, token: lead.qualificationToken });
    // The answer a real lead gets within the minute ("too soon"), never a tell.
    expect(again.statusCode).toBe(429);
    expect(await mailsTo("bot@spam.example")).toEqual([]);
    // The code it would have had from its intake is counted, never e-mailed: nothing went to the address.
    expect(await store.db.select().from(workEmailCodes).where(eq(workEmailCodes.leadId, lead.id))).toHaveLength(1);
  });

  it("'new code' answers the same for every address, an opted-out one included", async () => {
    const app = await start();
    const answersFor = async (email: string) => {
      const lead = (await post(app, "/api/leads", homepageLead({ email }))).json<{
        id: string;
        qualificationToken: string;
      }>();
      const ask = () => post(app, "/api/work-email/new-code", { leadId: lead.id, token: lead.qualificationToken });
      const [first, second] = [await ask(), await ask()];
      return [first.statusCode, first.body, second.statusCode, second.body];
    };
    await store.db.insert(contactOptOuts).values({
      id: crypto.randomUUID(),
      email: "gone@fernbrook.example",
      at: new Date(),
      via: "console",
      leads: 0,
    });
    expect(await answersFor("gone@fernbrook.example")).toEqual(await answersFor("here@fernbrook.example"));
    expect(await mailsTo("gone@fernbrook.example")).toEqual([]);
  });
});
