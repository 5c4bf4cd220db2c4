/** The development mailbox's one page (scripts/mail-catcher.ts): the messages caught, newest first. */

export interface CaughtMail {
  id: number;
  from: string;
  /** The envelope's recipients: every address the message went to, Bcc included. */
  to: string[];
  subject: string;
  date: Date;
  html: string | null;
  text: string | null;
}

const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/**
 * Each message's HTML is shown in an iframe with `sandbox=""`: no script, no form, no top
 * navigation, an opaque origin; its srcdoc escaped so it can never close the attribute.
 */
function messageSection(mail: CaughtMail): string {
  const subject = escapeHtml(mail.subject || "(no subject)");
  const html = mail.html
    ? `<iframe sandbox="" title="HTML part of ${subject}" srcdoc="${escapeHtml(mail.html)}" style="width:100%;height:600px;border:1px solid #999"></iframe>`
    : "<p>No HTML part.</p>";
  const text =
    mail.text === null
      ? "<p>No text part.</p>"
      : `<details><summary>Text part</summary><pre style="white-space:pre-wrap">${escapeHtml(mail.text)}</pre></details>`;
  return `<article id="message-${mail.id}"><h2>${subject}</h2><dl><dt>From</dt><dd>${escapeHtml(mail.from)}</dd><dt>To</dt><dd>${escapeHtml(mail.to.join(", "))}</dd><dt>Date</dt><dd>${escapeHtml(mail.date.toISOString())}</dd></dl>${html}${text}</article><hr>`;
}

export function inboxPage(mails: readonly CaughtMail[], smtpUrl: string): string {
  const list = mails.length === 0 ? "<p>No message yet.</p>" : [...mails].reverse().map(messageSection).join("");
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mail catcher (${mails.length})</title></head><body style="font-family:sans-serif;max-width:60rem;margin:1rem auto;padding:0 1rem"><h1>Mail catcher: ${mails.length} ${mails.length === 1 ? "message" : "messages"}</h1><p>Send to <code>SMTP_URL=${escapeHtml(smtpUrl)}</code>. Kept in memory only; reload for new ones.</p>${list}</body></html>`;
}
