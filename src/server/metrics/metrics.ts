import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";
import { MAIL_KINDS, isMailDestination, mailKindOf } from "../mail";
import type { PendingDeliveries } from "../store/deliveries-repository";

/**
 * What operators watch (GET /metrics, Prometheus text format, metrics-routes.ts): one registry
 * per app instance, so tests building several apps do not share counts. Other code calls the
 * small named methods below, one line each. Labels hold only bounded, non-personal values
 * (form, destination, channel, status, route pattern): never a name, e-mail, phone, IP or raw URL.
 */

type DeliveryResult = "delivered" | "retry" | "failed";

/** 2xx/3xx/4xx/5xx from an answer's status code, or "network" when none came (refused, timeout). */
export function statusClass(statusCode: number | null): string {
  if (statusCode === null) return "network";
  return statusCode >= 100 && statusCode < 600 ? `${Math.floor(statusCode / 100)}xx` : "other";
}

/** A value from a known set, else "other": a label never carries free text. */
const bounded = (value: string, known: readonly string[]) => (known.includes(value) ? value : "other");

export class Metrics {
  readonly registry = new Registry();
  private readonly leads: Counter<"form">;
  private readonly deliveryAttempts: Counter<"destination" | "status_class" | "result">;
  private readonly mailAttempts: Counter<"kind" | "result">;
  private readonly retention: Counter<"what">;
  private readonly qualifications: Counter<"channel" | "outcome">;
  private readonly pipelineSteps: Counter<"status">;
  private readonly verifications: Counter<"decision">;
  private readonly automaticRewards: Counter<"result">;
  private readonly signInFailures: Counter;
  private readonly signInThrottles: Counter<"by">;
  private readonly csvRows: Counter<"export">;
  private readonly rateLimited: Counter<"route" | "limit">;
  private readonly httpDuration: Histogram<"method" | "route" | "status_code">;

  /**
   * `destinations`: the configured ones (their series exist at 0 from the start);
   * `pending`: the backlog query, run at each scrape.
   */
  constructor(options: {
    destinations: readonly string[];
    pending: () => Promise<PendingDeliveries[]>;
    defaultMetrics?: boolean;
    mail?: boolean;
  }) {
    const registers = [this.registry];
    this.leads = new Counter({
      name: "funnel_leads_stored_total",
      help: "Leads and nurse applications stored, by form (spam and duplicates left out).",
      labelNames: ["form"],
      registers,
    });
    this.deliveryAttempts = new Counter({
      name: "funnel_delivery_attempts_total",
      help: "Webhook delivery attempts by destination, answer class (2xx/3xx/4xx/5xx/network) and result (delivered, retry: rescheduled, failed: given up).",
      labelNames: ["destination", "status_class", "result"],
      registers,
    });
    this.mailAttempts = new Counter({
      name: "funnel_emails_total",
      help: "E-mails handed to the SMTP server, by kind and result (sent; retry: a 4xx or no answer, tried again; failed: a 5xx for the recipient, or given up).",
      labelNames: ["kind", "result"],
      registers,
    });
    this.retention = new Counter({
      name: "funnel_retention_applied_total",
      help: "Rows the retention job deleted or emptied, by what (spam, delivered_payloads, unqualified_leads, deferred_erasures, request_log).",
      labelNames: ["what"],
      registers,
    });
    this.qualifications = new Counter({
      name: "funnel_qualifications_completed_total",
      help: "Qualifications completed, by channel (chat, voice) and outcome.",
      labelNames: ["channel", "outcome"],
      registers,
    });
    this.pipelineSteps = new Counter({
      name: "funnel_pipeline_steps_total",
      help: "Incentive pipeline steps recorded, by the status they lead to.",
      labelNames: ["status"],
      registers,
    });
    this.verifications = new Counter({
      name: "funnel_verifications_total",
      help: "Leads verified from public registries (decision 0024), by decision (verified, needs_review, not_checked_yet).",
      labelNames: ["decision"],
      registers,
    });
    this.automaticRewards = new Counter({
      name: "funnel_automatic_rewards_total",
      help: "$50 cards the automatic verification asked for (VERIFICATION_AUTO_PAY), by result (ordered, refused, failed).",
      labelNames: ["result"],
      registers,
    });
    this.signInFailures = new Counter({
      name: "funnel_staff_sign_in_failures_total",
      help: "Staff sign-ins refused for a wrong e-mail or password.",
      registers,
    });
    this.signInThrottles = new Counter({
      name: "funnel_staff_sign_in_throttled_total",
      help: "Staff sign-in tries refused by the back-off, by what they were counted against (address, account, device).",
      labelNames: ["by"],
      registers,
    });
    this.csvRows = new Counter({
      name: "funnel_csv_rows_exported_total",
      help: "Rows written to CSV exports, by export (its route pattern).",
      labelNames: ["export"],
      registers,
    });
    this.rateLimited = new Counter({
      name: "funnel_rate_limited_total",
      help: "Requests refused by the rate limiter (429), by route pattern and limit.",
      labelNames: ["route", "limit"],
      registers,
    });
    this.httpDuration = new Histogram({
      name: "http_request_duration_seconds",
      help: "HTTP request duration by method, route pattern and status code.",
      labelNames: ["method", "route", "status_code"],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    });
    // Read at scrape time by one grouped query on the (status, next_attempt_at) index, shared by
    // the two gauges (the registry collects them at once).
    let backlog: Promise<PendingDeliveries[]> | undefined;
    const collectBacklog = () =>
      (backlog ??= options.pending().finally(() => setTimeout(() => (backlog = undefined), 0)));
    const destinations = [...options.destinations];
    const backlogGauge = (
      name: string,
      help: string,
      label: "destination" | "kind",
      value: (row: PendingDeliveries) => number,
    ) =>
      new Gauge({
        name,
        help,
        labelNames: [label],
        registers,
        async collect() {
          this.reset();
          const mail = label === "kind";
          for (const key of mail ? (options.mail ? MAIL_KINDS : []) : destinations) this.set({ [label]: key }, 0);
          for (const row of await collectBacklog()) {
            if (isMailDestination(row.destination) !== mail) continue;
            this.set(
              { [label]: mail ? bounded(mailKindOf(row.destination), MAIL_KINDS) : row.destination },
              value(row),
            );
          }
        },
      });
    const age = (row: PendingDeliveries) => Math.max(0, (Date.now() - row.oldestCreatedAt.getTime()) / 1000);
    backlogGauge(
      "funnel_deliveries_pending",
      "Webhook deliveries waiting to be sent (or retried), by destination.",
      "destination",
      (row) => row.count,
    );
    backlogGauge(
      "funnel_deliveries_pending_oldest_age_seconds",
      "Age of the oldest pending webhook delivery, by destination (0 when none).",
      "destination",
      age,
    );
    backlogGauge(
      "funnel_emails_waiting",
      "E-mails waiting to be sent (or retried), by kind.",
      "kind",
      (row) => row.count,
    );
    backlogGauge(
      "funnel_emails_waiting_oldest_age_seconds",
      "Age of the oldest e-mail waiting, by kind (0 when none).",
      "kind",
      age,
    );
    if (options.defaultMetrics !== false) collectDefaultMetrics({ register: this.registry });
  }

  leadStored(form: string): void {
    this.leads.inc({ form });
  }

  deliveryAttempt(destination: string, statusCode: number | null, result: DeliveryResult): void {
    this.deliveryAttempts.inc({ destination, status_class: statusClass(statusCode), result });
  }

  /** `result`: sent (accepted by the SMTP server), retry or failed. */
  mailAttempt(kind: string, result: DeliveryResult): void {
    this.mailAttempts.inc({ kind: bounded(kind, MAIL_KINDS), result: result === "delivered" ? "sent" : result });
  }

  retentionApplied(what: string, rows: number): void {
    this.retention.inc({ what }, rows);
  }

  qualificationCompleted(channel: "chat" | "voice", outcome: string): void {
    this.qualifications.inc({
      channel,
      outcome: bounded(outcome, ["qualified", "not_decision_maker", "nurse", "needs_review"]),
    });
  }

  pipelineStep(status: string): void {
    this.pipelineSteps.inc({ status });
  }

  verificationDecided(decision: string): void {
    this.verifications.inc({ decision: bounded(decision, ["verified", "needs_review", "not_checked_yet"]) });
  }

  /** `result`: ordered (accepted, or found already ordered), refused (the provider or the monthly cap), failed (no answer: retried). */
  automaticReward(result: "ordered" | "refused" | "failed"): void {
    this.automaticRewards.inc({ result });
  }

  signInFailed(): void {
    this.signInFailures.inc();
  }

  /** `by`: what the try was counted against (sign-in-throttle's subjects: address, account, device). */
  signInThrottled(by: string): void {
    this.signInThrottles.inc({ by });
  }

  csvRowsExported(exportName: string, rows: number): void {
    this.csvRows.inc({ export: exportName }, rows);
  }

  requestRateLimited(route: string, limit: string): void {
    this.rateLimited.inc({ route, limit });
  }

  /** `route`: the matched route's pattern (`/api/staff/leads/:id`), never the requested URL. */
  httpRequest(method: string, route: string | undefined, statusCode: number, seconds: number): void {
    this.httpDuration.observe({ method, route: route ?? "unmatched", status_code: String(statusCode) }, seconds);
  }
}
