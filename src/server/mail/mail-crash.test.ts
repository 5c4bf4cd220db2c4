import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { homepageLead } from "../test-support/test-fixtures";
import { killServer, startServerProcess, type ServerProcess } from "../test-support/test-server-process";

describe("an e-mail accepted by the SMTP server just before the server is killed", () => {
  const dataDir = mkdtempSync(join(tmpdir(), "staffing-mail-crash-"));
  const servers: ServerProcess[] = [];
  let smtp: SmtpReceiver | undefined;
  afterAll(async () => {
    await Promise.all(servers.map((server) => killServer(server)));
    await smtp?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("is sent again at most once after the restart, with the same Message-ID, and then recorded as sent", async () => {
    smtp = await new SmtpReceiver().start();
    const env = {
      DATA_DIR: dataDir,
      SMTP_URL: smtp.url,
      SITE_URL: "http://localhost:3000",
      OUTBOX_RETRY_BASE_MS: "200",
      MIN_FILL_SECONDS: "0",
      ADMIN_TOKEN: "a-test-admin-token-123",
    };
    // The first server kills itself (SIGKILL) right after the SMTP server accepts, before recording it.
    const first = await startServerProcess({ ...env, MAIL_TEST_CRASH_AFTER_SEND: "true" });
    servers.push(first);
    const created = await fetch(`${first.baseUrl}/api/leads`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(homepageLead()),
    });
    expect(created.status).toBe(201);
    await smtp.waitFor(1);
    const exited = Date.now() + 10_000;
    while (first.child.exitCode === null && first.child.signalCode === null) {
      if (Date.now() > exited) throw new Error("the server did not kill itself");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }

    const second = await startServerProcess(env);
    servers.push(second);
    // The claim's lease (30 s) runs out, then the row is due again.
    await smtp.waitFor(2, 60_000);
    const deadline = Date.now() + 15_000;
    for (;;) {
      const response = await fetch(`${second.baseUrl}/api/admin/deliveries?status=delivered`, {
        headers: { authorization: "Bearer a-test-admin-token-123" },
      });
      const { deliveries } = (await response.json()) as { deliveries: { destination: string }[] };
      if (deliveries.some((d) => d.destination === "mail:lead_confirmation")) break;
      if (Date.now() > deadline) throw new Error("the e-mail was not recorded as sent");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(smtp.received).toHaveLength(2);
    const [once, again] = smtp.received;
    expect(again!.parsed.messageId).toBe(once!.parsed.messageId);
    expect(again!.envelopeTo).toEqual(once!.envelopeTo);
  }, 150_000);
});
