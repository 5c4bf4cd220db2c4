import { afterEach } from "vitest";
import { forwardingHarness } from "./forwarding-harness";
import { SmtpReceiver } from "./smtp-receiver";
import type { StoreKind } from "./test-helpers";

/**
 * The e-mail outbox tests' set-up (mail-outbox.test.ts, mail-outbox-failures.test.ts): the
 * forwarding harness, a real SMTP server (`smtp`, started by `startWithSmtp` or by the test
 * itself, stopped after each test) and the outbox's mail rows.
 */
export function mailOutboxHarness(kind: StoreKind) {
  const h = forwardingHarness(kind);
  const harness = {
    h,
    smtp: undefined as SmtpReceiver | undefined,
    /** The app with e-mail on, sending to this test's SMTP server (started when the test has none). */
    startWithSmtp: async (overrides: Record<string, unknown> = {}, outbox = {}) => {
      harness.smtp ??= await new SmtpReceiver().start();
      return h.start(
        { SMTP_URL: harness.smtp.url, MIN_FILL_SECONDS: 0, SITE_URL: "https://staffing.example", ...overrides },
        outbox,
      );
    },
    mailRows: async () => (await h.rows()).filter((row) => row.destination.startsWith("mail:")),
  };
  afterEach(async () => {
    await harness.smtp?.stop();
    harness.smtp = undefined;
  });
  return harness;
}
