import type { FastifyInstance } from "fastify";
import type { QualificationOutcome } from "../../domain/qualification-outcome";
import { recordQualifiedBy } from "../store/lead-pipeline-repository";
import { stepEffects } from "../mail";
import type { PendingDelivery } from "../store/submission";

/** How a qualification was completed: the chat (its last answer) or a voice call (its end-of-call report). */
export type QualificationChannel = "chat" | "voice";

/** The qualification event's forwarding to write with the record: one when QUALIFICATION_WEBHOOK_URL is set, else none. */
export type EventDeliveries = (event: () => object) => PendingDelivery[];

/** What a channel's store step reports back. */
export interface StoredQualification<T> {
  /** The route's own answer (passed through). */
  result: T;
  /** Whether this request completed the qualification (not a partial answer, not a repeated report). */
  completedNow: boolean;
  /** The lead it belongs to (a voice call without a valid token has none). */
  leadId: string | null;
  outcome: QualificationOutcome | null;
}

/**
 * Completes a qualification the same way for both channels: the channel stores it (with the
 * qualification event's forwarding, in the same transaction), a qualified lead enters the
 * incentive pipeline (`recordQualifiedBy`, once), the outbox is woken for what was queued, and
 * a qualified lead is handed to the verification runner (after the answer, never in its way).
 */
export async function completeQualification<T>(
  app: FastifyInstance,
  channel: QualificationChannel,
  store: (eventDeliveries: EventDeliveries) => Promise<StoredQualification<T>>,
): Promise<T> {
  const url = app.destinations.qualification_webhook;
  const stored = await store((event) => (url ? [{ destination: "qualification_webhook", url, payload: event() }] : []));
  const pipelineUrl = app.destinations.pipeline_webhook;
  const enteredPipeline =
    stored.completedNow &&
    stored.outcome === "qualified" &&
    stored.leadId !== null &&
    (await recordQualifiedBy(app.store.db, stored.leadId, channel, {
      webhookUrl: pipelineUrl,
      effects: stepEffects(app.mail && { settings: app.mail }),
    }));
  if (stored.completedNow && stored.outcome) app.metrics.qualificationCompleted(channel, stored.outcome);
  if (enteredPipeline) app.metrics.pipelineStep("qualified");
  if ((stored.completedNow && url) || (enteredPipeline && (pipelineUrl || app.mail))) app.outbox?.wake();
  // Verified from the registries after this request has answered (decision 0029): a slow registry never slows the lead.
  const leadId = stored.leadId;
  if (stored.completedNow && stored.outcome === "qualified" && leadId && app.verification)
    setImmediate(() => void app.verification?.nudge(leadId));
  return stored.result;
}
