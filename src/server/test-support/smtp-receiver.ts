import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer, type SMTPServerAddress } from "smtp-server";

/** One message as the SMTP server received it: the envelope (who it really goes to) and the parsed message. */
export interface ReceivedMail {
  envelopeTo: string[];
  envelopeFrom: string;
  parsed: ParsedMail;
  /** When the server accepted it (performance.now() of this process). */
  at: number;
}

/**
 * A real SMTP server on 127.0.0.1 (smtp-server) that parses what it accepts (mailparser): the
 * e-mail tests' receiving end. `refuse` answers RCPT TO for an address with a code (550, 451);
 * `failNextData` answers the next DATA with one. No STARTTLS (nodemailer then sends in plain,
 * as it does with a server that offers none).
 */
export class SmtpReceiver {
  readonly received: ReceivedMail[] = [];
  /** Lower-case address -> the SMTP code RCPT TO answers it with. */
  readonly refuse = new Map<string, number>();
  /** Every RCPT TO tried (accepted or not), lower-case. */
  readonly rcptTries: string[] = [];
  private server: SMTPServer | undefined;
  port = 0;

  get url(): string {
    return `smtp://127.0.0.1:${this.port}`;
  }

  async start(port = 0): Promise<this> {
    this.server = new SMTPServer({
      // No reverse DNS lookup of each client (smtp-server's default): nothing leaves this machine (decision 0043).
      disableReverseLookup: true,
      secure: false,
      authOptional: true,
      allowInsecureAuth: true,
      disabledCommands: ["STARTTLS"],
      logger: false,
      size: 1024 * 1024,
      closeTimeout: 200,
      onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
      onRcptTo: (address: SMTPServerAddress, _session, callback) => {
        const lower = address.address.toLowerCase();
        this.rcptTries.push(lower);
        const code = this.refuse.get(lower);
        if (code)
          return callback(
            Object.assign(new Error(`${code === 550 ? "5.1.1 No such user" : "4.2.0 Try again later"}`), {
              responseCode: code,
            }),
          );
        return callback();
      },
      onData: (stream, session, callback) => {
        simpleParser(stream).then(
          (parsed) => {
            this.received.push({
              envelopeTo: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
              envelopeFrom: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
              parsed,
              at: performance.now(),
            });
            callback();
          },
          (error: Error) => callback(error),
        );
      },
    });
    await new Promise<void>((resolve, reject) => {
      this.server!.once("error", reject);
      this.server!.listen(port, "127.0.0.1", () => resolve());
    });
    this.port = (this.server.server.address() as { port: number }).port;
    return this;
  }

  /** Waits until `count` messages arrived (or throws after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<ReceivedMail[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} e-mails, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    return this.received;
  }

  /** The messages sent to one address. */
  to(address: string): ReceivedMail[] {
    return this.received.filter((mail) => mail.envelopeTo.includes(address.toLowerCase()));
  }

  async stop(): Promise<void> {
    const server = this.server;
    this.server = undefined;
    if (server) await new Promise<void>((resolve) => server.close(() => resolve()));
  }
}
