import type { Enrolment } from "../../domain/staff-console-api";
import { createHash, randomBytes } from "node:crypto";
import { Secret, TOTP } from "otpauth";
import { hash } from "@node-rs/argon2";
import { safeEqual } from "../constant-time";
import { argon2 } from "./passwords";

/**
 * The time-based second factor (RFC 6238: 6 digits, 30 s, SHA-1, what every authenticator app
 * reads) from otpauth, and its QR code as SVG from qrcode, drawn on the server: nothing leaves
 * for a third party. docs/decisions/0015.
 */

const ISSUER = "Staff console";

const totpOf = (secret: string, email = "") =>
  new TOTP({
    issuer: ISSUER,
    label: email,
    algorithm: "SHA1",
    digits: 6,
    period: 30,
    secret: Secret.fromBase32(secret),
  });

/** A new key: 160 random bits (RFC 4226's recommended length), base32 as apps take it. */
export const newTotpSecret = (): string => new Secret({ size: 20 }).base32;

export async function enrolmentOf(secret: string, email: string): Promise<Enrolment> {
  const uri = totpOf(secret, email).toString();
  const { default: QRCode } = await import("qrcode"); // at a setup, not at the server's start
  const qrSvg = await QRCode.toString(uri, { type: "svg", errorCorrectionLevel: "M", margin: 2 });
  return { secret: secret.match(/.{1,4}/g)!.join(" "), uri, qrSvg };
}

/** The code of a key now (tests, and the bench). */
export const currentCode = (secret: string, now = Date.now()) => totpOf(secret).generate({ timestamp: now });

/**
 * The 30-second step a code belongs to (the one before and after are accepted too, for clocks a
 * little off), or undefined. The caller accepts a step only once (totp_last_step).
 */
export function stepOfCode(secret: string, code: string, now = Date.now()): number | undefined {
  const token = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(token)) return undefined;
  const delta = totpOf(secret).validate({ token, timestamp: now, window: 1 });
  return delta === null ? undefined : Math.floor(now / 30_000) + delta;
}

// ---------------------------------------------------------------- recovery codes

/** Ten single-use codes of 50 random bits each ("abcde-fghij", base32 without look-alikes). */
const ALPHABET = "abcdefghjkmnpqrstuvwxyz23456789";
export function newRecoveryCodes(count = 10): string[] {
  return Array.from({ length: count }, () => {
    const bytes = randomBytes(10);
    const chars = [...bytes].map((b) => ALPHABET[b % ALPHABET.length]).join("");
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

const normaliseRecoveryCode = (code: string) =>
  code
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, "");

/**
 * What is stored of a recovery code (decision 0026): its first two characters, which only choose the
 * hash to check (about one in 900), and an argon2id hash of the whole code, salted and slow, so a
 * copy of the database does not give the codes. Before decision 0026 codes were stored as unsalted
 * SHA-256: those still match (legacyRecoveryCodeHash) until the factor is set up again.
 */
export async function recoveryCodeHash(code: string): Promise<string> {
  const normalised = normaliseRecoveryCode(code);
  return `${recoveryCodeSelector(code)}:${await hash(normalised)}`;
}
export const recoveryCodeSelector = (code: string) => normaliseRecoveryCode(code).slice(0, 2);
export const legacyRecoveryCodeHash = (code: string) =>
  createHash("sha256").update(normaliseRecoveryCode(code), "utf8").digest("hex");

/** Whether a code matches a stored hash, in either form. */
export async function recoveryCodeMatches(code: string, stored: string): Promise<boolean> {
  if (/^[0-9a-f]{64}$/.test(stored)) return safeEqual(legacyRecoveryCodeHash(code), stored);
  const separator = stored.indexOf(":");
  return separator > 0 && argon2.verify(stored.slice(separator + 1), normaliseRecoveryCode(code));
}
export const looksLikeRecoveryCode = (code: string) => /^[a-z0-9]{10}$/.test(normaliseRecoveryCode(code));
