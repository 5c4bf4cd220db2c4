import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";

/** A secret at rest, sealed with STAFF_SECRET_KEY: the second factor's TOTP keys (staff/) and the CalDAV passwords (bookings/). */

/**
 * With STAFF_SECRET_KEY (32 bytes, base64 or hex) the TOTP key is stored encrypted
 * (AES-256-GCM, "v1:iv:tag:data"), so a copy of the database alone does not give the codes;
 * without it the key is stored as it is (docs/decisions/0015 says why that is allowed).
 */
export function sealSecret(secret: string, key: Buffer | undefined): string {
  if (!key) return secret;
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const data = Buffer.concat([cipher.update(secret, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), data.toString("base64url")].join(
    ":",
  );
}

export function openSecret(stored: string, key: Buffer | undefined): string {
  if (!stored.startsWith("v1:")) return stored;
  if (!key) throw new Error("A second-factor key is encrypted but STAFF_SECRET_KEY is not set.");
  const [, iv, tag, data] = stored.split(":");
  const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv!, "base64url"));
  decipher.setAuthTag(Buffer.from(tag!, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(data!, "base64url")), decipher.final()]).toString("utf8");
}
