/**
 * npm run mail:catcher
 *
 * A development mailbox (decision 0023): an SMTP server on 127.0.0.1 (MAIL_CATCHER_PORT, default
 * 1025; no auth, no TLS) that keeps the last 200 messages in memory, and an inbox page on
 * http://127.0.0.1:1080 (MAIL_CATCHER_HTTP_PORT). Start the app with the SMTP_URL it prints.
 * It logs no address, name or subject: only where it listens.
 */
import { createServer, type Server } from "node:http";
import type { AddressInfo, Server as NetServer } from "node:net";
import process from "node:process";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { inboxPage, type CaughtMail } from "./mail-catcher-inbox";

const HOST = "127.0.0.1";
/** Messages kept by default; older ones are dropped (memory only, a development tool). */
const KEEP = 200;
/** A message larger than this is refused (552): our e-mails are a few kilobytes. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface MailCatcher {
  smtpUrl: string;
  inboxUrl: string;
  messages: readonly CaughtMail[];
  stop(): Promise<void>;
}

export async function startMailCatcher(options: {
  smtpPort: number;
  httpPort: number;
  keep?: number;
}): Promise<MailCatcher> {
  const keep = options.keep ?? KEEP;
  const messages: CaughtMail[] = [];
  let nextId = 1;
  const smtp = new SMTPServer({
    // No reverse DNS lookup of each client (smtp-server's default): nothing leaves this machine (decision 0043).
    disableReverseLookup: true,
    authOptional: true,
    disabledCommands: ["AUTH", "STARTTLS"],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          if (stream.sizeExceeded)
            return callback(Object.assign(new Error("Message too large"), { responseCode: 552 }));
          messages.push({
            id: nextId++,
            from: parsed.from?.text ?? (session.envelope.mailFrom ? session.envelope.mailFrom.address : ""),
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            subject: parsed.subject ?? "",
            date: parsed.date ?? new Date(),
            html: parsed.html === false ? null : (parsed.html ?? null),
            text: parsed.text ?? null,
          });
          if (messages.length > keep) messages.splice(0, messages.length - keep);
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error("unreadable message")));
    },
  });
  const smtpPort = await listen(smtp.server, () => smtp.listen(options.smtpPort, HOST));
  const smtpUrl = `smtp://${HOST}:${smtpPort}`;

  const http = createServer((request, response) => {
    if (request.method !== "GET" || (request.url !== "/" && request.url !== "/index.html")) {
      response.writeHead(404, { "content-type": "text/plain" }).end("Not found");
      return;
    }
    response.writeHead(200, {
      "content-type": "text/html; charset=utf-8",
      // The caught HTML inherits this policy in its srcdoc frame: nothing loads from elsewhere
      // (no remote image or tracker fires from a developer's machine), inline styles only.
      "content-security-policy": "default-src 'none'; style-src 'unsafe-inline'; img-src data:; frame-src 'self'",
      "cache-control": "no-store",
    });
    response.end(inboxPage(messages, smtpUrl));
  });
  const httpPort = await listen(http, () => http.listen(options.httpPort, HOST));

  return {
    smtpUrl,
    inboxUrl: `http://${HOST}:${httpPort}/`,
    messages,
    stop: async () => {
      await Promise.all([
        new Promise<void>((resolve) => smtp.close(resolve)),
        new Promise<void>((resolve) => http.close(() => resolve())),
      ]);
    },
  };
}

/** Starts listening and answers with the port (the one asked for, or the one given for 0). */
function listen(server: Server | NetServer, start: () => void): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.once("listening", () => resolve((server.address() as AddressInfo).port));
    start();
  });
}

const port = (value: string | undefined, fallback: number) => {
  const parsed = Number(value ?? fallback);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65535) throw new Error(`not a port: ${value}`);
  return parsed;
};

if (import.meta.url === `file://${process.argv[1]}`) {
  startMailCatcher({
    smtpPort: port(process.env.MAIL_CATCHER_PORT, 1025),
    httpPort: port(process.env.MAIL_CATCHER_HTTP_PORT, 1080),
  })
    .then((catcher) => {
      console.log(`Mail catcher: inbox at ${catcher.inboxUrl}; start the app with:\nSMTP_URL=${catcher.smtpUrl}`);
      const stop = () => void catcher.stop().then(() => process.exit(0));
      process.once("SIGINT", stop);
      process.once("SIGTERM", stop);
    })
    .catch((error: unknown) => {
      console.error(error instanceof Error ? error.message : error);
      process.exit(1);
    });
}
