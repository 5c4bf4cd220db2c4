import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";

export interface Received {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

/** What the receiver answers (after `delayMs`, when given); the default is 200. */
export type Answer = { status: number; headers?: Record<string, string>; delayMs?: number } | "hang";

/**
 * A real HTTP receiver on 127.0.0.1 (port 0 unless one is given), recording every request.
 * `answer` decides each reply, so a test can be down (5xx), refuse (4xx) or come back up.
 */
export class TestReceiver {
  readonly received: Received[] = [];
  answer: (request: Received) => Answer = () => ({ status: 200 });
  private server: Server | undefined;
  port = 0;
  /** Requests being answered now, and the most there were at once. */
  inFlight = 0;
  mostInFlight = 0;

  async start(port = 0): Promise<this> {
    this.server = createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const request = {
          method: req.method ?? "",
          path: req.url ?? "",
          headers: req.headers,
          body: Buffer.concat(chunks).toString("utf8"),
          at: Date.now(),
        };
        this.received.push(request);
        const answer = this.answer(request);
        if (answer === "hang") return;
        this.inFlight++;
        this.mostInFlight = Math.max(this.mostInFlight, this.inFlight);
        setTimeout(() => {
          this.inFlight--;
          res.writeHead(answer.status, { "content-type": "application/json", ...answer.headers });
          res.end("{}");
        }, answer.delayMs ?? 0);
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(port, "127.0.0.1", resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this;
  }

  url(path = "/hook"): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Resolves when `count` requests have arrived (or rejects after `timeoutMs`). */
  async waitFor(count: number, timeoutMs = 15_000): Promise<Received[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.received.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} requests, got ${this.received.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return this.received;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
    this.server = undefined;
  }
}

/** A port nothing listens on (it was free a moment ago): connections to it are refused. */
export async function freePort(): Promise<number> {
  const probe = await new TestReceiver().start();
  const port = probe.port;
  await probe.stop();
  return port;
}
