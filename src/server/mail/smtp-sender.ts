import nodemailer, { type Transporter } from "nodemailer";
import type { Config } from "../config";
import type { DeliveryRow } from "../store/deliveries-repository";
import type { MailMessage } from "./mail-kinds";
import type { MailSettings } from "./mail-settings";
import { linkUrl } from "./mail-text";
import type { renderMail } from "./render-mail";

/** What one try to hand an e-mail to the SMTP server came to. */
export interface MailAnswer {
  /** The SMTP reply code (250 accepted, 451 try later, 550 refused…), null when none came (refused connection, timeout). */
  statusCode: number | null;
  /** A short error without personal data: the code and the enhanced status, never the server's free text (it quotes the address). */
  error: string | null;
  /** A 5xx is final for that recipient; a 4xx, a dropped connection or a timeout is tried again. */
  retryable: boolean;
}

/** The fixed Message-ID of an outbox e-mail: a repeat after a crash carries the same one, so it is recognisable. */
const messageIdOf = (deliveryId: string, domain: string) => `<${deliveryId}@${domain}>`;

/** "SMTP 550 5.1.1", "ECONNECTION": what is kept of a failure (in the log and the row's last error). */
function shortMailError(error: unknown): { statusCode: number | null; error: string } {
  const err = error as { responseCode?: number; code?: string; response?: string };
  const statusCode = typeof err.responseCode === "number" ? err.responseCode : null;
  if (statusCode !== null) {
    const enhanced = /\b([245]\.\d{1,3}\.\d{1,3})\b/.exec(err.response ?? "")?.[1];
    return { statusCode, error: `SMTP ${statusCode}${enhanced ? ` ${enhanced}` : ""}` };
  }
  return {
    statusCode: null,
    error: typeof err.code === "string" && /^[A-Z_]{2,30}$/.test(err.code) ? err.code : "send failed",
  };
}

/**
 * RFC 8058 one-click: a mail client's "Unsubscribe" POSTs to the address (decision 0033). Only for
 * e-mails to a lead that carry one, and only an http(s) address.
 */
function oneClickHeaders(message: MailMessage): Record<string, string> {
  const url = "oneClickUrl" in message.data ? message.data.oneClickUrl : undefined;
  if (!url) return {};
  try {
    return { "List-Unsubscribe": `<${linkUrl(url)}>`, "List-Unsubscribe-Post": "List-Unsubscribe=One-Click" };
  } catch {
    return {};
  }
}

/**
 * Hands outbox e-mails to the SMTP server of SMTP_URL (nodemailer: STARTTLS when the server
 * offers it, TLS from the start for smtps://, pooled connections, optional DKIM). Each e-mail is
 * rendered from its stored kind and data at send time; its envelope holds exactly the one
 * stored recipient, whatever the data holds.
 */
export class SmtpSender {
  private readonly transport: Transporter;

  constructor(
    config: Pick<
      Config,
      "SMTP_URL" | "DKIM_DOMAIN" | "DKIM_SELECTOR" | "DKIM_PRIVATE_KEY" | "MAIL_TEST_CRASH_AFTER_SEND"
    >,
    private readonly settings: MailSettings,
    private readonly options: { timeoutMs?: number } = {},
  ) {
    const url = new URL(config.SMTP_URL!);
    const secure = url.protocol === "smtps:";
    const timeoutMs = options.timeoutMs ?? 20_000;
    this.transport = nodemailer.createTransport({
      pool: true,
      maxConnections: 3,
      host: url.hostname.replace(/^\[|\]$/g, ""),
      port: url.port ? Number(url.port) : secure ? 465 : 587,
      secure,
      ...(url.username
        ? { auth: { user: decodeURIComponent(url.username), pass: decodeURIComponent(url.password) } }
        : {}),
      connectionTimeout: timeoutMs,
      greetingTimeout: timeoutMs,
      socketTimeout: timeoutMs,
      logger: false,
      ...(config.DKIM_DOMAIN && config.DKIM_SELECTOR && config.DKIM_PRIVATE_KEY
        ? {
            dkim: {
              domainName: config.DKIM_DOMAIN,
              keySelector: config.DKIM_SELECTOR,
              privateKey: config.DKIM_PRIVATE_KEY,
            },
          }
        : {}),
    });
    this.crashAfterSend = config.MAIL_TEST_CRASH_AFTER_SEND;
  }

  private readonly crashAfterSend: boolean;

  async send(row: DeliveryRow): Promise<MailAnswer> {
    let message: MailMessage;
    try {
      message = JSON.parse(row.payload) as MailMessage;
    } catch {
      return { statusCode: null, error: "unreadable payload", retryable: false };
    }
    let rendered: Awaited<ReturnType<typeof renderMail>>;
    try {
      // Loaded at the first e-mail sent, not at the server's start (React and the templates are ~40 MB resident).
      const { renderMail } = await import("./render-mail");
      rendered = await renderMail(message, this.settings.brand, { workEmailCode: this.settings.workEmailCodeKey });
    } catch {
      // A template refusing its data (a link that is not http(s), an amount that is not one) is final: a retry renders the same.
      return { statusCode: null, error: "render failed", retryable: false };
    }
    try {
      const info = await this.transport.sendMail({
        from: this.settings.from,
        to: { name: "", address: message.to },
        // Answers reach a person (the card e-mail says "e-mail us"), never the no-reply sender.
        replyTo: this.settings.brand.contactEmail,
        envelope: { from: this.settings.from.address, to: [message.to] },
        subject: rendered.subject,
        text: rendered.text,
        html: rendered.html,
        messageId: messageIdOf(row.id, this.settings.messageIdDomain),
        headers: { "Auto-Submitted": "auto-generated", ...oneClickHeaders(message) },
        // A booked call's invite (decision 0036): an alternative part text/calendar; method=REQUEST (or CANCEL).
        ...(rendered.calendar
          ? { icalEvent: { method: rendered.calendar.method, content: rendered.calendar.content } }
          : {}),
      });
      if (this.crashAfterSend) process.kill(process.pid, "SIGKILL");
      const statusCode = Number(/^(\d{3})/.exec(String(info.response ?? "250"))?.[1] ?? 250);
      return { statusCode, error: null, retryable: false };
    } catch (error) {
      const failure = shortMailError(error);
      return { ...failure, retryable: failure.statusCode === null || failure.statusCode < 500 };
    }
  }

  close(): void {
    this.transport.close();
  }
}
