import { homepageLead } from "./test-fixtures";

/** One acknowledged lead: its id (the 201's) and the address its confirmation goes to. */
export interface Acknowledged {
  id: string;
  email: string;
}

/**
 * A steady stream of homepage leads through the proxy: `workers` loops, each posting one lead,
 * waiting for its answer, pausing `pauseMs`, and again, until stopped. Every answer is kept: a
 * `201` as acknowledged, anything else (another status, a connection error) as an error.
 */
export class LeadStream {
  readonly acknowledged: Acknowledged[] = [];
  readonly errors: string[] = [];
  private running = false;
  private loops: Promise<void>[] = [];
  private sent = 0;
  private began = 0;
  private ended = 0;

  constructor(
    private readonly url: string,
    private readonly tag: string,
    private readonly options: { workers: number; pauseMs: number; headers?: Record<string, string> },
  ) {}

  start(): this {
    this.running = true;
    this.began = Date.now();
    this.loops = Array.from({ length: this.options.workers }, () => this.loop());
    return this;
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.loops);
    this.ended = Date.now();
  }

  /** Leads acknowledged per second while the stream ran. */
  get perSecond(): number {
    return this.acknowledged.length / Math.max(0.001, ((this.ended || Date.now()) - this.began) / 1000);
  }

  private async loop(): Promise<void> {
    while (this.running) {
      const n = this.sent++;
      const email = `${this.tag}-${n}@sunrise.example`;
      const phone = `555${String(1_000_000 + n).slice(-7)}`;
      try {
        const response = await fetch(`${this.url}/api/leads`, {
          method: "POST",
          headers: { "content-type": "application/json", ...this.options.headers },
          body: JSON.stringify(homepageLead({ email, phone })),
          signal: AbortSignal.timeout(30_000),
        });
        const text = await response.text();
        if (response.status === 201) this.acknowledged.push({ id: (JSON.parse(text) as { id: string }).id, email });
        else this.errors.push(`${response.status} ${text.slice(0, 200)}`);
      } catch (error) {
        // fetch's own message is "fetch failed"; its cause says which (a reset, a closed socket).
        const cause = (error as Error & { cause?: { code?: string; message?: string } }).cause;
        const why = cause ? ` (${[cause.code, cause.message].filter(Boolean).join(" ")})` : "";
        this.errors.push(`no answer: ${(error as Error).message}${why}`);
      }
      if (this.options.pauseMs > 0) await new Promise((resolve) => setTimeout(resolve, this.options.pauseMs));
    }
  }
}
