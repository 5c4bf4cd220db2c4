import type { FastifyBaseLogger } from "fastify";
import type { Metrics } from "../metrics";
import type { Database } from "../store/database";
import {
  claimDueDeliveries,
  hurryPendingDeliveries,
  probeWaitingDestinations,
  recordAttempt,
  type AttemptOutcome,
  type DeliveryRow,
} from "../store/deliveries-repository";
import { isMailDestination, mailKindOf, type MailAnswer } from "../mail";
import { isRetryableStatus, retryAfterMs, retryDelayMs } from "./backoff";
import { webhookSignatureHeaders } from "./signing";

export interface OutboxOptions {
  db: Database;
  log: FastifyBaseLogger;
  /** The first retry's wait (OUTBOX_RETRY_BASE_MS). */
  retryBaseMs: number;
  signingSecret?: string | undefined;
  /** Where attempts are counted (GET /metrics). */
  metrics?: Metrics;
  /** Per-request timeout. */
  timeoutMs?: number;
  /** How long a claimed row stays invisible to other senders; longer than a request can take. */
  leaseMs?: number;
  /** How often the worker looks for due rows when nothing woke it. */
  pollMs?: number;
  /** Rows sent at once (the bound on requests in flight per process, which paces a drain). */
  batchSize?: number;
  /**
   * A destination whose every pending row waits longer than this gets one row tried now (a
   * probe), so its recovery is noticed within it; at least the lease. Default 30 s.
   */
  probeMs?: number;
  /** Sends the e-mail rows (decision 0023); without it they are left waiting (SMTP_URL unset). */
  mailer?: { send(row: DeliveryRow): Promise<MailAnswer> } | undefined;
}

/** What one attempt came to, for a webhook or an e-mail. */
interface Answer {
  statusCode: number | null;
  error: string | null;
  retryable: boolean;
  waitHint?: number | undefined;
}

/** After a success, the same destination's backlog is hurried at most this often. */
const DRAIN_EVERY_MS = 5_000;

function shortError(error: unknown, timeoutMs: number): string {
  const err = error as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (err.name === "TimeoutError" || err.name === "AbortError") return `timeout after ${timeoutMs} ms`;
  const text = err.cause?.code ?? err.cause?.message ?? err.message ?? String(error);
  return text.slice(0, 200);
}

/**
 * Sends due deliveries of the outbox. Runs inside the server process: claims rows (SKIP LOCKED,
 * so several processes share the work), POSTs each payload, records every attempt, and
 * reschedules with backoff until the retry window closes.
 */
export class OutboxWorker {
  private readonly timeoutMs: number;
  private readonly leaseMs: number;
  private readonly pollMs: number;
  private readonly batchSize: number;
  private readonly probeMs: number;
  private lastProbe = 0;
  private readonly lastDrain = new Map<string, number>();
  private running = false;
  private loop: Promise<void> | undefined;
  private wakeUp: (() => void) | undefined;
  private woken = false;

  constructor(private readonly options: OutboxOptions) {
    this.timeoutMs = options.timeoutMs ?? 10_000;
    this.leaseMs = options.leaseMs ?? this.timeoutMs + 20_000;
    this.pollMs = options.pollMs ?? 1000;
    this.batchSize = options.batchSize ?? 10;
    this.probeMs = Math.max(options.probeMs ?? 30_000, this.leaseMs);
  }

  start(): void {
    if (this.running) return;
    this.running = true;
    this.loop = this.run();
  }

  /** Look for due rows now (called after a lead is stored). */
  wake(): void {
    this.woken = true;
    this.wakeUp?.();
  }

  /** Stops claiming and waits for the attempts in flight to be recorded. */
  async stop(): Promise<void> {
    this.running = false;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    while (this.running) {
      let claimed = 0;
      try {
        claimed = await this.runOnce();
      } catch (error) {
        this.options.log.error({ err: error }, "outbox: claiming due deliveries failed");
      }
      if (!this.running) break;
      if (claimed === 0 && !this.woken) {
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, this.pollMs);
          this.wakeUp = () => {
            clearTimeout(timer);
            resolve();
          };
        });
        this.wakeUp = undefined;
      }
      this.woken = false;
    }
  }

  /** Claims one batch of due rows and sends them; answers how many were claimed. */
  async runOnce(): Promise<number> {
    if (Date.now() - this.lastProbe >= this.probeMs) {
      this.lastProbe = Date.now();
      await probeWaitingDestinations(this.options.db, this.probeMs);
    }
    const rows = await claimDueDeliveries(this.options.db, this.batchSize, this.leaseMs, {
      mail: this.options.mailer !== undefined,
    });
    await Promise.all(rows.map((row) => this.deliver(row)));
    return rows.length;
  }

  private async deliver(row: DeliveryRow): Promise<void> {
    const mail = isMailDestination(row.destination);
    const attemptedAt = new Date();
    const started = performance.now();
    const answer = mail ? await this.options.mailer!.send(row) : await this.post(row);
    const durationMs = Math.round(performance.now() - started);
    const outcome = this.outcomeOf(row, { ...answer, durationMs, attemptedAt });

    const result = outcome.status === "pending" ? "retry" : outcome.status;
    if (mail) this.options.metrics?.mailAttempt(mailKindOf(row.destination), result);
    else this.options.metrics?.deliveryAttempt(row.destination, answer.statusCode, result);
    // Where it went, never to whom: an e-mail row logs its kind and "smtp", not its recipient.
    const host = mail ? "smtp" : URL.canParse(row.url) ? new URL(row.url).host : "invalid-url";
    this.options.log.info(
      {
        delivery: row.id,
        destination: host,
        ...(mail ? { kind: mailKindOf(row.destination) } : {}),
        status: answer.statusCode ?? answer.error,
        durationMs,
        attempt: row.attempts,
        outcome: outcome.status,
      },
      "delivery attempt",
    );
    try {
      await recordAttempt(this.options.db, row.id, outcome);
      if (outcome.status === "delivered") await this.drain(row.url, host);
    } catch (recordError) {
      // The lease makes the row due again; a receiver must accept the same Idempotency-Key twice.
      this.options.log.error({ err: recordError, delivery: row.id }, "outbox: recording an attempt failed");
    }
  }

  /** A webhook: the stored JSON POSTed with its Idempotency-Key (and signature); 408, 429 and 5xx are tried again. */
  private async post(row: DeliveryRow): Promise<Answer> {
    const body = row.payload;
    const headers: Record<string, string> = {
      "content-type": "application/json",
      "idempotency-key": row.id,
      "user-agent": "staffing-funnel-outbox/1",
    };
    if (this.options.signingSecret)
      Object.assign(headers, webhookSignatureHeaders(this.options.signingSecret, row.id, body));
    try {
      const response = await fetch(row.url, {
        method: "POST",
        headers,
        body,
        redirect: "manual",
        signal: AbortSignal.timeout(this.timeoutMs),
      });
      const statusCode = response.status;
      const waitHint = retryAfterMs(response.headers.get("retry-after"));
      await response.body?.cancel().catch(() => {});
      const ok = statusCode >= 200 && statusCode < 300;
      return {
        statusCode,
        error: ok ? null : `HTTP ${statusCode}`,
        retryable: !ok && isRetryableStatus(statusCode),
        waitHint,
      };
    } catch (caught) {
      return { statusCode: null, error: shortError(caught, this.timeoutMs), retryable: true };
    }
  }

  /**
   * Recovery drain: the destination answered, so its backlog becomes due now instead of after
   * each row's own backoff (up to 6 hours). The loop then sends it a batch at a time.
   */
  private async drain(url: string, host: string): Promise<void> {
    const now = Date.now();
    if (now - (this.lastDrain.get(url) ?? 0) < DRAIN_EVERY_MS) return;
    this.lastDrain.set(url, now);
    const hurried = await hurryPendingDeliveries(this.options.db, url, this.leaseMs);
    if (hurried > 0) {
      this.options.log.info(
        { destination: host, deliveries: hurried },
        "destination is back: its waiting deliveries are due now",
      );
      this.wake();
    }
  }

  private outcomeOf(row: DeliveryRow, attempt: Answer & { durationMs: number; attemptedAt: Date }): AttemptOutcome {
    const base = {
      statusCode: attempt.statusCode,
      durationMs: attempt.durationMs,
      error: attempt.error,
      attemptedAt: attempt.attemptedAt,
    };
    if (attempt.error === null && attempt.statusCode !== null && attempt.statusCode >= 200 && attempt.statusCode < 300)
      return { ...base, status: "delivered" };
    if (!attempt.retryable) return { ...base, status: "failed" };
    // Retried until the window closes (at least 3 days): the last attempt is the first one after it.
    if (Date.now() >= row.retryUntil.getTime()) return { ...base, status: "failed" };
    const wait = Math.max(retryDelayMs(row.attempts, this.options.retryBaseMs), attempt.waitHint ?? 0);
    return { ...base, status: "pending", nextAttemptAt: new Date(Date.now() + wait) };
  }
}
