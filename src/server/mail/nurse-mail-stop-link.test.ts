import { eq, isNotNull } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { erasePerson, isOptedOut } from "../privacy";
import { contactLinks, contactOptOuts } from "../store/schema";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { SmtpReceiver, type ReceivedMail } from "../test-support/smtp-receiver";
import { STORE_KINDS } from "../test-support/test-helpers";
import { homepageLead, nurseApplication } from "../test-support/test-fixtures";

/** A header as sent (mailparser turns List-* headers into a structure). */
const rawHeader = (mail: ReceivedMail, key: string) =>
  mail.parsed.headerLines.find((line) => line.key === key)?.line.replace(/^[^:]+:\s*/, "") ?? "";

const NURSE = "ana.rivera@nurse.example";
const OTHER_NURSE = "lee.park@nurse.example";
const LEAD = "dana@maplegrove.example";

/**
 * Decision 0040: the stop link and List-Unsubscribe (RFC 8058 one-click) on every e-mail to a person,
 * the nurse's included: a nurse application has no lead, so its link is keyed to the
 * application, and it opts out that application's address and no other.
 */
describe.each(STORE_KINDS)("the nurse's e-mail carries its own stop link (%s)", (kind) => {
  const h = forwardingHarness(kind);
  let smtp: SmtpReceiver | undefined;
  afterEach(async () => {
    await smtp?.stop();
    smtp = undefined;
  });

  async function start() {
    smtp = await new SmtpReceiver().start();
    const app = await h.start({ MIN_FILL_SECONDS: 0, SMTP_URL: smtp.url, SITE_URL: "https://staffing.example" });
    return { app, smtp };
  }

  it("List-Unsubscribe and its one-click POST, a stop link in the e-mail; using it opts out only that address", async () => {
    const { app, smtp } = await start();
    expect((await h.post("/api/nurse-applications", nurseApplication({ email: NURSE }))).statusCode).toBe(201);
    const other = nurseApplication({ email: OTHER_NURSE, firstName: "Lee", phone: "(555) 777-1234" });
    expect((await h.post("/api/nurse-applications", other)).statusCode).toBe(201);
    expect((await h.post("/api/leads", homepageLead({ email: LEAD }))).statusCode).toBe(201);
    await smtp.waitFor(3);
    const [mail] = smtp.to(NURSE);

    expect(rawHeader(mail!, "list-unsubscribe-post")).toBe("List-Unsubscribe=One-Click");
    const oneClick = new URL(/^<([^>]+)>$/.exec(rawHeader(mail!, "list-unsubscribe"))![1]!);
    expect(oneClick.origin + oneClick.pathname).toBe("https://staffing.example/api/stop-contacting/one-click");
    const pageToken = /\/stop-contacting#token=([A-Za-z0-9_-]{43})"/.exec(mail!.parsed.html || "")?.[1];
    expect(pageToken).toBe(oneClick.searchParams.get("token"));
    expect(mail!.parsed.text).toContain("Stop contacting me");
    // Stored as its hash, tied to the application (no lead behind a nurse).
    const [link] = await h.store.db.select().from(contactLinks).where(isNotNull(contactLinks.applicationId));
    expect(link!.leadId).toBeNull();
    expect(link!.tokenHash).not.toContain(pageToken);

    const stopped = await app.inject({
      method: "POST",
      url: `${oneClick.pathname}${oneClick.search}`,
      headers: { "content-type": "application/x-www-form-urlencoded", origin: "https://mail.provider.example" },
      payload: "List-Unsubscribe=One-Click",
    });
    expect(stopped.statusCode).toBe(204);
    expect(await isOptedOut(h.store.db, { email: NURSE })).toBe(true);
    expect(await isOptedOut(h.store.db, { email: OTHER_NURSE })).toBe(false);
    expect(await isOptedOut(h.store.db, { email: LEAD })).toBe(false);
    const rows = await h.store.db.select().from(contactOptOuts);
    expect(rows.map((row) => [row.email, row.phoneDigits, row.via])).toEqual([[NURSE, null, "link"]]);

    // The page's button (the same link, its token from the fragment) answers alike, recording nothing new.
    const again = await h.post("/api/stop-contacting", { token: pageToken! });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual({ stopped: true });
    expect(await h.store.db.$count(contactOptOuts)).toBe(1);

    // A second application from the opted-out address gets no e-mail and no link.
    expect(
      (await h.post("/api/nurse-applications", nurseApplication({ email: NURSE, zipCode: "60601" }))).statusCode,
    ).toBe(201);
    expect(await h.store.db.$count(contactLinks, isNotNull(contactLinks.applicationId))).toBe(2);
  });

  it("an erased applicant's link still answers (nothing of them is left to put on the list)", async () => {
    const { smtp } = await start();
    expect((await h.post("/api/nurse-applications", nurseApplication({ email: NURSE }))).statusCode).toBe(201);
    const [mail] = await smtp.waitFor(1);
    const pageToken = /\/stop-contacting#token=([A-Za-z0-9_-]{43})"/.exec(mail!.parsed.html || "")![1]!;
    const erased = await erasePerson(h.store.db, { kind: "email", email: NURSE }, { actor: "test", reference: "T-1" });
    expect(erased.status).toBe("erased");
    const stopped = await h.post("/api/stop-contacting", { token: pageToken });
    expect(stopped.statusCode).toBe(200);
    expect(await h.store.db.$count(contactOptOuts, eq(contactOptOuts.email, NURSE))).toBe(0);
  });
});
