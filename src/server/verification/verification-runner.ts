import { randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import {
  AUTOMATIC_VERIFICATION_ACTOR,
  automaticSteps,
  automaticVerificationStep,
} from "../../domain/automatic-verification";
import type { DomainTieCheck } from "../../domain/verification-policy";
import { type MailSettings, stepEffects } from "../mail";
import type { Metrics } from "../metrics";
import type { RewardOrders } from "../rewards";
import type { Database } from "../store/database";
import { recordTransition } from "../store/lead-pipeline-repository";
import {
  awaitingConfirmation,
  pipelineStateOf,
  qualifiedNeverChecked,
  releaseLease,
  takeLease,
  verifiedNotActedOn,
} from "./runner-repository";
import { latestVerification, leadsNotCheckedYet, type StoredVerification } from "./verification-repository";
import { verifyLead, type VerificationDeps, type VerificationEvidence } from "./verify-lead";
import type { Callbacks } from "./callbacks";

export interface VerificationRunnerOptions {
  db: Database;
  deps: VerificationDeps;
  log: FastifyBaseLogger;
  metrics?: Metrics | undefined;
  /** The exactly-once order path (decision 0017), when a rewards provider is set. */
  rewards: RewardOrders | undefined;
  /** VERIFICATION_AUTO_PAY */
  autoPay: boolean;
  /** VERIFICATION_SWEEP_MS */
  intervalMs: number;
  /** VERIFICATION_CONCURRENCY */
  concurrency: number;
  /** How long one process holds a lead while it verifies it (a dead process's lease runs out). */
  leaseMs?: number;
  /** PIPELINE_WEBHOOK_URL and e-mail: the "role verified" step is forwarded like staff's. */
  webhookUrl?: string | undefined;
  mail?: MailSettings | undefined;
  /** Called after events were queued (the outbox sends them). */
  onQueued?: () => void;
  /** VERIFICATION_CALLBACK: the callbacks to facilities' numbers of record (decision 0042). */
  callbacks?: Callbacks | undefined;
}

/** What one run for a lead did (the tests and the benchmark read it; nothing personal in it). */
export interface RunOutcome {
  leadId: string;
  decision?: StoredVerification["decision"];
  /** A callback to the facility's number of record was scheduled. */
  callback?: "scheduled";
  roleVerified?: boolean;
  order?: "ordered" | "refused" | "failed";
  skipped?: "busy" | "not_found" | "past_verification";
  error?: true;
}

const DAY_MS = 86_400_000;

/**
 * Verifies leads away from their requests (decision 0029): when a qualification completes and when
 * a code is confirmed (`nudge`), and every `intervalMs` a sweep for leads left "not checked yet"
 * (registries down), confirmed since their decision, qualified but never checked, or verified
 * but not acted on. A lead verified automatically moves to "role verified" by
 * `system:verification`; with auto-pay and a provider its $50 card is ordered through
 * `RewardOrders.order`, whose fixed external id orders once whatever runs twice. At most
 * `concurrency` runs at once in a process; across processes a lease row per lead.
 */
export class VerificationRunner {
  readonly owner = randomUUID();
  private readonly running = new Map<string, Promise<RunOutcome>>();
  private readonly again = new Set<string>();
  private active = 0;
  private readonly queue: (() => void)[] = [];
  private timer: NodeJS.Timeout | undefined;
  private sweeping: Promise<unknown> | undefined;
  private stopped = false;

  constructor(readonly options: VerificationRunnerOptions) {}

  /** Verifies the lead soon; never throws. A nudge while its run is under way runs it once more afterwards. */
  nudge(leadId: string): Promise<RunOutcome> {
    const current = this.running.get(leadId);
    if (current) {
      this.again.add(leadId);
      return current;
    }
    const run = this.withSlot(leadId).finally(() => {
      this.running.delete(leadId);
      if (this.again.delete(leadId) && !this.stopped) void this.nudge(leadId);
    });
    this.running.set(leadId, run);
    return run;
  }

  /** Resolves when no run is under way or waiting in this process. */
  async idle(): Promise<void> {
    while (this.running.size > 0 || this.sweeping) await Promise.all([...this.running.values(), this.sweeping]);
  }

  /** One sweep (the timer's; tests call it): leads due a recheck, callbacks due, and the leads waiting on a step. */
  async sweep(): Promise<RunOutcome[]> {
    const { db, deps, autoPay, rewards } = this.options;
    const now = deps.now?.() ?? new Date();
    // Every lead that is due, each on its own back-off: one whose registry never answers holds no other back.
    const due = await leadsNotCheckedYet(db, 50, now, this.options.intervalMs);
    const outcomes: RunOutcome[] = await Promise.all(due.map((id) => this.nudge(id)));
    await this.options.callbacks?.placeDue(now);
    const confirmed: string[] = [];
    if (deps.workAddressConfirmedAt) {
      for (const { leadId, checkedAt } of await awaitingConfirmation(db, new Date(now.getTime() - 7 * DAY_MS), 200)) {
        const at = await deps.workAddressConfirmedAt(leadId);
        if (at && at > checkedAt) confirmed.push(leadId);
      }
    }
    const others = new Set([
      ...(await qualifiedNeverChecked(db, new Date(now.getTime() - 2 * DAY_MS), 50)),
      ...confirmed,
      ...(await verifiedNotActedOn(db, autoPay && rewards !== undefined, 50)),
    ]);
    outcomes.push(...(await Promise.all([...others].map((id) => this.nudge(id)))));
    return outcomes;
  }

  start(): void {
    const tick = () => {
      if (this.sweeping || this.stopped) return;
      this.sweeping = this.sweep()
        .catch((error: unknown) => this.options.log.warn({ err: error }, "verification: sweep failed"))
        .finally(() => (this.sweeping = undefined));
    };
    tick();
    this.timer = setInterval(tick, this.options.intervalMs);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    this.queue.splice(0).forEach((go) => go());
    await this.idle();
  }

  private async withSlot(leadId: string): Promise<RunOutcome> {
    if (this.active >= this.options.concurrency) await new Promise<void>((go) => this.queue.push(go));
    this.active++;
    try {
      if (this.stopped) return { leadId, skipped: "busy" };
      return await this.run(leadId);
    } catch (error) {
      this.options.log.warn({ leadId, err: error }, "verification: run failed; the sweep tries again");
      return { leadId, error: true };
    } finally {
      this.active--;
      this.queue.shift()?.();
    }
  }

  private async run(leadId: string): Promise<RunOutcome> {
    const { db, deps, leaseMs = 120_000 } = this.options;
    const now = new Date();
    if (!(await takeLease(db, leadId, this.owner, new Date(now.getTime() + leaseMs), now)))
      return { leadId, skipped: "busy" };
    try {
      const state = await pipelineStateOf(db, leadId);
      if (!state) return { leadId, skipped: "not_found" };
      let verification: StoredVerification | undefined;
      if (state.status === "new" || state.status === "qualified") {
        verification = await verifyLead(db, leadId, deps);
        if (verification) this.options.metrics?.verificationDecided(verification.decision);
      } else if (state.status === "role_verified" && state.verifiedBySystem) {
        verification = await latestVerification(db, leadId);
      } else return { leadId, skipped: "past_verification" };
      if (!verification) return { leadId, skipped: "not_found" };
      const steps = automaticSteps(verification.decision, state.status, {
        autoPay: this.options.autoPay,
        rewardsProvider: this.options.rewards !== undefined,
        verifiedBySystem: state.verifiedBySystem,
      });
      const outcome: RunOutcome = { leadId, decision: verification.decision };
      const callback = (verification.evidence as Partial<VerificationEvidence>).callback;
      if (verification.decision === "needs_review" && callback?.due && this.options.callbacks) {
        const now = deps.now?.() ?? new Date();
        if (await this.options.callbacks.schedule(leadId, callback, now)) outcome.callback = "scheduled";
        await this.options.callbacks.placeDue(now);
      }
      if (steps.verify) {
        outcome.roleVerified = await this.verifyRole(verification);
        if (!outcome.roleVerified) return outcome;
      }
      if (steps.pay) outcome.order = await this.pay(leadId);
      return outcome;
    } finally {
      await releaseLease(db, leadId, this.owner);
    }
  }

  /** "role verified" by system:verification, with the evidence; false when the lead moved meanwhile (staff were quicker). */
  private async verifyRole(verification: StoredVerification): Promise<boolean> {
    const tie = (verification.evidence as { tie?: { checks?: DomainTieCheck[] } | null }).tie;
    const { step, details } = automaticVerificationStep({
      npi: verification.npi,
      ccn: verification.ccn,
      tieChecks: tie?.checks ?? [],
    });
    const { webhookUrl, mail } = this.options;
    const result = await recordTransition(
      this.options.db,
      { leadId: verification.leadId, actor: AUTOMATIC_VERIFICATION_ACTOR, step, details },
      { webhookUrl, effects: stepEffects(mail && { settings: mail }) },
    );
    if (!result.ok) return false;
    this.options.metrics?.pipelineStep("role_verified");
    if (webhookUrl || mail) this.options.onQueued?.();
    return true;
  }

  /** The $50 card to the lead's work address (never the chat's gift-card e-mail: store/reward-recipients.ts), through the one exactly-once path. */
  private async pay(leadId: string): Promise<RunOutcome["order"]> {
    const outcome = await this.options.rewards!.order({
      leadId,
      step: "gift_card_sent",
      actor: AUTOMATIC_VERIFICATION_ACTOR,
    });
    const result = outcome.ok ? "ordered" : outcome.status === 422 ? "refused" : "failed";
    this.options.metrics?.automaticReward(result);
    if (outcome.ok) this.options.metrics?.pipelineStep("gift_card_sent");
    return result;
  }
}
