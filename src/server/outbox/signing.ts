import { createHmac } from "node:crypto";

/** The key bytes of a Standard Webhooks secret: `whsec_` + base64, or else the text itself. */
function signingKey(secret: string): Buffer {
  return secret.startsWith("whsec_") ? Buffer.from(secret.slice(6), "base64") : Buffer.from(secret, "utf8");
}

/**
 * Standard Webhooks headers (https://www.standardwebhooks.com/): the receiver recomputes
 * HMAC-SHA256 over `${id}.${timestamp}.${body}` and compares.
 */
export function webhookSignatureHeaders(secret: string, id: string, body: string, now: Date = new Date()) {
  const timestamp = Math.floor(now.getTime() / 1000).toString();
  const signature = createHmac("sha256", signingKey(secret)).update(`${id}.${timestamp}.${body}`).digest("base64");
  return { "webhook-id": id, "webhook-timestamp": timestamp, "webhook-signature": `v1,${signature}` };
}
