/**
 * The server's settings for the work e-mail code tests: codes on with `key` (a test reads a code
 * back from its nonce with the same key), e-mail to a port nothing listens on (the outbox is off
 * in these tests: the rows are read, nothing is sent), spam timing off.
 */
export const workEmailConfig = (key: Buffer<ArrayBuffer>) => ({
  MIN_FILL_SECONDS: 0,
  SMTP_URL: "smtp://127.0.0.1:2",
  SITE_URL: "https://staffing.example",
  WORK_EMAIL_CODE_KEY: key,
});
