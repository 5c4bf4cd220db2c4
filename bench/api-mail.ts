/**
 * E-mail from the outbox (decision 0023), against a real SMTP server on 127.0.0.1 (smtp-server, each
 * message parsed with mailparser, as in the tests):
 * - throughput: `count` confirmations queued while the SMTP server was away, then the server
 *   starts: e-mails accepted per second until the last (rendered, sent over 3 pooled connections);
 * - latency: leads posted one at a time (POST /api/leads, 20 a second), from the 201 to the
 *   SMTP server accepting that lead's confirmation: p50 and p95.
 */
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { testConfig } from "../src/server/config";
import { mailSettingsOf } from "../src/server/mail/mail-settings";
import { leadConfirmation } from "../src/server/mail/mail-triggers";
import { deliveries } from "../src/server/store/schema";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { createTestStore, type StoreKind } from "../src/server/test-support/test-helpers";
import { homepageLead } from "../src/server/test-support/test-fixtures";

export interface MailFigure {
  database: string;
  emails: number;
  sentPerSecond: number;
  latencyLeads: number;
  latencyP50Ms: number;
  latencyP95Ms: number;
  eachOnce: boolean;
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))]!;

export async function measureMail(kind: StoreKind, count: number, latencyLeads: number): Promise<MailFigure> {
  const store = await createTestStore(kind);
  const smtp = await new SmtpReceiver().start();
  const config = testConfig({
    BUILD_DIR: "/nonexistent-build",
    SMTP_URL: smtp.url,
    RATE_LIMIT_PER_MINUTE: 0,
    RATE_LIMIT_PER_DAY: 0,
    MIN_FILL_SECONDS: 0,
  });
  const settings = mailSettingsOf(config)!;
  try {
    for (let from = 0; from < count; from += 500) {
      const rows = Array.from({ length: Math.min(500, count - from) }, (_, n) => {
        const mail = leadConfirmation(
          settings,
          {
            id: randomUUID(),
            email: `bench-${from + n}@facility.example`,
            firstName: "Dana",
            facilityName: "Sunrise Care Center",
          },
          "t".repeat(43),
          "c".repeat(43),
        );
        return {
          id: randomUUID(),
          destination: mail.destination,
          recordKind: "facility_lead" as const,
          recordId: randomUUID(),
          url: mail.url,
          payload: JSON.stringify(mail.payload),
        };
      });
      await store.db.insert(deliveries).values(rows);
    }
    console.log(`e-mail (${kind}): ${count} confirmations queued…`);
    const app = await buildApp(config, { store });
    const started = performance.now();
    await app.ready();
    while ((await store.db.$count(deliveries, eq(deliveries.status, "pending"))) > 0)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const seconds = (performance.now() - started) / 1000;
    const ids = new Set(smtp.received.map((mail) => mail.parsed.messageId));
    const eachOnce = ids.size === count && smtp.received.length === count;

    console.log(`e-mail (${kind}): ${latencyLeads} leads, lead stored -> confirmation accepted…`);
    await app.listen({ port: 0, host: "127.0.0.1" });
    const address = app.server.address();
    const port = typeof address === "object" && address ? address.port : 0;
    const latencies: number[] = [];
    for (let n = 0; n < latencyLeads; n++) {
      const email = `latency-${n}@facility${n}.example`;
      const response = await fetch(`http://127.0.0.1:${port}/api/leads`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(homepageLead({ email, phone: `555${String(n).padStart(7, "0")}` })),
      });
      const stored = performance.now();
      if (response.status !== 201) throw new Error(`lead answered ${response.status}`);
      const deadline = Date.now() + 30_000;
      let arrived: number | undefined;
      while ((arrived = smtp.to(email)[0]?.at) === undefined) {
        if (Date.now() > deadline) throw new Error("a confirmation did not arrive");
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
      latencies.push(arrived - stored);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await app.close();
    latencies.sort((a, b) => a - b);
    return {
      database: kind === "pglite" ? "PGlite (in memory)" : "PostgreSQL",
      emails: count,
      sentPerSecond: Math.round(count / seconds),
      latencyLeads,
      latencyP50Ms: Math.round(percentile(latencies, 50)),
      latencyP95Ms: Math.round(percentile(latencies, 95)),
      eachOnce,
    };
  } finally {
    await smtp.stop();
    await store.destroy();
  }
}
