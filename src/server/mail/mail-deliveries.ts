import type { PendingDelivery } from "../store/submission";
import type { MailKind, MailMessage } from "./mail-kinds";

/**
 * E-mails travel through the outbox like webhooks (decision 0023): one delivery row per e-mail,
 * written in the transaction of what causes it. Its destination names the kind
 * (`mail:lead_confirmation`), so the backlog and the metrics count by kind; its payload is the
 * `MailMessage` (recipient, kind, data), rendered when sent.
 */

/** The `url` of every e-mail row: the one SMTP server. A success hurries the whole e-mail backlog (its recovery drain). */
const MAIL_URL = "smtp:";

const PREFIX = "mail:";

const mailDestination = (kind: MailKind) => `${PREFIX}${kind}`;

export const isMailDestination = (destination: string) => destination.startsWith(PREFIX);

/** The kind of an e-mail row's destination ("other" for anything unknown: a metric label never carries free text). */
export const mailKindOf = (destination: string) => destination.slice(PREFIX.length);

/** One e-mail as a delivery to write with its cause. */
export function mailDelivery(message: MailMessage): PendingDelivery {
  return { destination: mailDestination(message.kind), url: MAIL_URL, payload: message };
}
