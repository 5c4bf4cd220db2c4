import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { buildApp } from "../app";
import { testConfig } from "../config";
import { deliveries, deliveryAttempts } from "../store/schema";
import { mailOutboxHarness } from "../test-support/mail-outbox-harness";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { STORE_KINDS, logCapture } from "../test-support/test-helpers";
import { freePort } from "../test-support/test-receiver";
import { homepageLead } from "../test-support/test-fixtures";

/**
 * The outbox's e-mails when things go wrong (decision 0023): the SMTP server down, a recipient refused
 * (550 final, 451 retried), hostile input, the logs, a template that refuses its data.
 */
describe.each(STORE_KINDS)("e-mail from the outbox when things go wrong on %s", (kind) => {
  const m = mailOutboxHarness(kind);
  const { h, startWithSmtp, mailRows } = m;

  it("the SMTP server down while ten leads arrive: all ten arrive once after it is back", async () => {
    const port = await freePort();
    await h.start(
      { SMTP_URL: `smtp://127.0.0.1:${port}`, MIN_FILL_SECONDS: 0 },
      { probeMs: 300, leaseMs: 300, timeoutMs: 2000 },
    );
    for (let n = 0; n < 10; n++) {
      expect(
        (
          await h.post(
            "/api/leads",
            homepageLead({ email: `lead${n}@facility${n}.example`, phone: `555000${String(n).padStart(4, "0")}` }),
          )
        ).statusCode,
      ).toBe(201);
    }
    // Each was tried and refused (no server), and waits.
    const deadline = Date.now() + 10_000;
    while ((await mailRows()).some((row) => !row.lastError)) {
      if (Date.now() > deadline) throw new Error("not every e-mail was tried");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect((await mailRows()).every((row) => row.status === "pending" && row.lastError)).toBe(true);
    m.smtp = await new SmtpReceiver().start(port);
    await m.smtp.waitFor(10, 30_000);
    await h.waitForStatus("delivered", 15_000);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const addresses = m.smtp.received.map((mail) => mail.envelopeTo[0]).sort();
    expect(addresses).toEqual(Array.from({ length: 10 }, (_, n) => `lead${n}@facility${n}.example`).sort());
  }, 60_000);

  it("a 550 for one recipient is final: failed, not retried, counted; a 451 is retried until accepted", async () => {
    m.smtp = await new SmtpReceiver().start();
    m.smtp.refuse.set("gone@facility.example", 550);
    m.smtp.refuse.set("busy@facility.example", 451);
    const app = await startWithSmtp({ METRICS_TOKEN: "a-metrics-token-1234567" });
    await h.post("/api/leads", homepageLead({ email: "gone@facility.example" }));
    await h.post("/api/leads", homepageLead({ email: "busy@facility.example", phone: "5559990000" }));
    // The 451 is tried more than once; then the server takes it.
    const deadline = Date.now() + 10_000;
    while (m.smtp.rcptTries.filter((a) => a === "busy@facility.example").length < 2) {
      if (Date.now() > deadline) throw new Error("the 451 was not retried");
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    m.smtp.refuse.delete("busy@facility.example");
    await m.smtp.waitFor(1, 15_000);
    expect(m.smtp.received[0]!.envelopeTo).toEqual(["busy@facility.example"]);
    await new Promise((resolve) => setTimeout(resolve, 800));
    expect(m.smtp.rcptTries.filter((a) => a === "gone@facility.example")).toHaveLength(1);
    const rows = await mailRows();
    const gone = rows.find((row) => JSON.parse(row.payload).to === "gone@facility.example")!;
    expect(gone).toMatchObject({ status: "failed", attempts: 1, lastError: "SMTP 550 5.1.1" });
    const attempts = await h.store.db.select().from(deliveryAttempts).where(eq(deliveryAttempts.deliveryId, gone.id));
    expect(attempts.map((a) => a.statusCode)).toEqual([550]);
    const metrics = await app.inject({
      method: "GET",
      url: "/metrics",
      headers: { authorization: "Bearer a-metrics-token-1234567" },
    });
    expect(metrics.body).toMatch(/funnel_emails_total\{kind="lead_confirmation",result="failed"\} 1/);
    expect(metrics.body).toMatch(/funnel_emails_total\{kind="lead_confirmation",result="sent"\} 1/);
    expect(metrics.body).toMatch(/funnel_emails_total\{kind="lead_confirmation",result="retry"\} [1-9]/);
    expect(metrics.body).toMatch(/funnel_emails_waiting\{kind="lead_confirmation"\} 0/);
  });

  it("a name holding a line break, a Bcc header and a script adds no recipient and no header, and reads as text", async () => {
    m.smtp = await new SmtpReceiver().start();
    await h.start({ SMTP_URL: m.smtp.url, MIN_FILL_SECONDS: 0, LOG_LEVEL: "info" });
    const hostile = "Dana\r\nBcc: x@y.example\r\n<script>alert(1)</script>";
    // The API refuses control characters in names; the facility, a free-text field, gets the rest.
    const refused = await h.post("/api/leads", homepageLead({ firstName: hostile }));
    expect(refused.statusCode).toBe(400);
    await h.post(
      "/api/leads",
      homepageLead({
        firstName: `Dana "<script>alert(1)</script>"`,
        facilityName: `Sunrise <b>Care</b> Bcc: x@y.example`,
      }),
    );
    const [mail] = await m.smtp.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(m.smtp.received).toHaveLength(1);
    expect(mail!.envelopeTo).toEqual(["dana@sunrise.example"]);
    expect(m.smtp.rcptTries).toEqual(["dana@sunrise.example"]);
    expect(mail!.parsed.headers.has("bcc")).toBe(false);
    expect(mail!.parsed.cc).toBeUndefined();
    expect(mail!.parsed.html).not.toContain("<script>");
    expect(mail!.parsed.html).not.toContain("<b>Care</b>");
    expect(mail!.parsed.html).toContain("&lt;script&gt;");
    expect(mail!.parsed.subject).not.toMatch(/[\r\n]/);
  });

  it("logs no recipient and no name, on success or refusal", async () => {
    const log = logCapture();
    m.smtp = await new SmtpReceiver().start();
    m.smtp.refuse.set("refused.person@facility.example", 550);
    const app = await buildApp(
      testConfig({
        BUILD_DIR: "/nonexistent-build",
        SMTP_URL: m.smtp.url,
        MIN_FILL_SECONDS: 0,
        LOG_LEVEL: "info",
        OUTBOX_RETRY_BASE_MS: 100,
      }),
      {
        store: h.store,
        outbox: { pollMs: 50 },
        logger: { stream: log.stream },
      },
    );
    await app.ready();
    try {
      await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ firstName: "Zebulon", email: "refused.person@facility.example" }),
      });
      await app.inject({
        method: "POST",
        url: "/api/leads",
        payload: homepageLead({ firstName: "Quintessa", email: "quintessa@facility.example", phone: "5554443333" }),
      });
      await m.smtp.waitFor(1);
      const deadline = Date.now() + 5000;
      while (!log.lines.some((line) => line.includes('"outcome":"failed"'))) {
        if (Date.now() > deadline) throw new Error("no failed attempt logged");
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
      const text = log.lines.join("\n");
      expect(text).toContain('"destination":"smtp"');
      for (const personal of ["Zebulon", "Quintessa", "refused.person", "quintessa@", "facility.example"])
        expect(text).not.toContain(personal);
      const rows = await h.store.db.select({ lastError: deliveries.lastError }).from(deliveries);
      for (const row of rows) expect(row.lastError ?? "").not.toContain("@");
    } finally {
      await app.close();
    }
  });

  it("an e-mail its template refuses (a link that is not http) fails at once, never sent or retried", async () => {
    await startWithSmtp();
    const id = randomUUID();
    const message = { kind: "nurse_confirmation", to: "ana@nurse.example", data: { firstName: "Ana" } };
    const broken = {
      kind: "lead_confirmation",
      to: "x@facility.example",
      data: {
        firstName: "X",
        facilityName: "Y",
        resumeUrl: "javascript:alert(1)",
        voiceUrl: "https://staffing.example/voice-agent",
      },
    };
    await h.store.db.insert(deliveries).values([
      {
        id,
        destination: "mail:lead_confirmation",
        recordKind: "facility_lead",
        recordId: randomUUID(),
        url: "smtp:",
        payload: JSON.stringify(broken),
      },
      {
        id: randomUUID(),
        destination: "mail:nurse_confirmation",
        recordKind: "nurse_application",
        recordId: randomUUID(),
        url: "smtp:",
        payload: JSON.stringify(message),
      },
    ]);
    h.app!.outbox!.wake();
    await m.smtp!.waitFor(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const [row] = await h.store.db.select().from(deliveries).where(eq(deliveries.id, id));
    expect(row).toMatchObject({ status: "failed", attempts: 1, lastError: "render failed" });
    expect(m.smtp!.rcptTries).toEqual(["ana@nurse.example"]);
  });
});
