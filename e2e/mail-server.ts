import { qualifyLead } from "../src/server/test-support/test-fixtures";
import { SmtpReceiver } from "../src/server/test-support/smtp-receiver";
import { expect, test as base } from "./fixtures";
import { startServer, type RunningServer } from "./server";

/** A production server of its own for a worker, writing its e-mails to a real SMTP server on 127.0.0.1. */
export interface MailServer {
  server: RunningServer;
  smtp: SmtpReceiver;
}

/** The journeys' `test` with a worker-scoped `mailServer`: SMTP on, spam timing off, plus `env`. */
export function testWithMailServer(env: Record<string, string> = {}) {
  return base.extend<object, { mailServer: MailServer }>({
    mailServer: [
      async ({}, use) => {
        const smtp = await new SmtpReceiver().start();
        const server = await startServer({
          SMTP_URL: smtp.url,
          // Required with SMTP_URL; the journeys follow the e-mails' links on their own server.
          SITE_URL: "http://localhost:3000",
          MIN_FILL_SECONDS: "0",
          ...env,
        });
        await use({ server, smtp });
        await server.stop();
        await smtp.stop();
      },
      // A server of its own starts PGlite and runs the migrations: on a loaded two-core machine
      // that outlasts the test's 30 s, as it does for the other worker-scoped servers.
      { scope: "worker", timeout: 120_000 },
    ],
  });
}

/** A facility lead posted as the /qualify page does, for `email`: its id and qualification token. */
export async function postQualifyLead(
  server: RunningServer,
  email: string,
): Promise<{ id: string; qualificationToken: string }> {
  const created = await fetch(`${server.baseURL}/api/leads`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(qualifyLead({ email })),
  });
  expect(created.status).toBe(201);
  return (await created.json()) as { id: string; qualificationToken: string };
}
