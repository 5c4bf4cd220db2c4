import { createHmac, randomBytes } from "node:crypto";
import { codeFromBytes } from "../../domain/work-email-codes";
import type { PreparedCode } from "../store/work-email-codes-repository";

/**
 * The work e-mail code's secrets (decision 0031). A code is never stored: each issue
 * draws a random nonce, and the six digits and the link's token are HMACs of that nonce under
 * WORK_EMAIL_CODE_KEY. The outbox row keeps the nonce only; the worker derives the code when it
 * renders the e-mail; the table keeps keyed hashes of the code and of the link's token. The
 * database alone (rows, outbox, backups) gives neither the code nor the link.
 */

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text, "utf8").digest();

/** The six digits of an issue. */
export const codeOfNonce = (key: Buffer, nonce: string) => codeFromBytes(hmac(key, `work-email-code-digits:${nonce}`));

/**
 * The link's token of an issue: its 256 bits as 64 letters a-p (each letter four bits). No digit
 * at all, so the link never holds a run of digits a reader could take for a second code.
 */
export const linkTokenOfNonce = (key: Buffer, nonce: string) =>
  [...hmac(key, `work-email-link-token:${nonce}`).toString("hex")]
    .map((nibble) => String.fromCharCode(97 + parseInt(nibble, 16)))
    .join("");

/** What the table keeps of a code typed by a person: never the digits themselves. */
export const codeHashOf = (key: Buffer, code: string) => hmac(key, `work-email-code:${code}`).toString("hex");

/** What the table keeps of a link's token. */
export const linkHashOf = (key: Buffer, token: string) => hmac(key, `work-email-link:${token}`).toString("hex");

export function prepareCode(key: Buffer): PreparedCode {
  const nonce = randomBytes(18).toString("base64url");
  return {
    nonce,
    codeHash: codeHashOf(key, codeOfNonce(key, nonce)),
    linkHash: linkHashOf(key, linkTokenOfNonce(key, nonce)),
  };
}

/** The page the e-mail's link opens: its one button confirms (a GET confirms nothing). */
const CONFIRM_EMAIL_PATH = "/confirm-email";

/**
 * The code and the link of an issue as the e-mail shows them: `${SITE_URL}/confirm-email#token=…`,
 * the token in the fragment (never sent to a server, so no access log or Referer holds it). The
 * token alone finds its lead (its hash is unique), so the link carries no id with digits in it.
 */
export function shownCode(key: Buffer, ref: { leadId: string; nonce: string }, siteUrl: string) {
  return {
    code: codeOfNonce(key, ref.nonce),
    confirmUrl: `${siteUrl}${CONFIRM_EMAIL_PATH}#token=${linkTokenOfNonce(key, ref.nonce)}`,
  };
}
