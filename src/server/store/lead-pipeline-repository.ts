import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import {
  amountOf,
  checkStep,
  isPipelineStatus,
  type PipelineActor,
  type PipelineStatus,
  type PipelineStep,
} from "../../domain/incentive-pipeline";
import type { DoNotContact } from "../../domain/do-not-contact";
import type { Database } from "./database";
import { insertDeliveries, type PendingDelivery } from "./submission";
import { moneyGuardRefusal } from "./money-guards";
import { facilityLeads, leadTransitions } from "./schema";

export type LeadTransitionRow = typeof leadTransitions.$inferSelect;

/** The signed event the provider's CRM receives for every step (PIPELINE_WEBHOOK_URL). */
interface PipelineEvent {
  type: "lead.pipeline_step";
  transitionId: string;
  leadId: string;
  at: string;
  actor: string;
  from: PipelineStatus;
  to: PipelineStatus;
  details: Record<string, string | number>;
  note: string;
  lead: { email: string; facilityName: string; location: string };
  /** False, or when and how the lead's person asked not to be contacted. */
  doNotContact: DoNotContact;
}

export type TransitionResult =
  | { ok: true; transition: LeadTransitionRow; event: PipelineEvent }
  | { ok: false; reason: "not_found" | "refused"; error: string };

/**
 * What a step does beyond the pipeline, in its transaction, through services the caller passes
 * in (the store imports no capability): `stepEffects` in src/server/mail/pipeline-step-effects.ts (mail's door).
 */
export interface StepEffects {
  /** Whether the lead's person asked not to be contacted, for the forwarded event (privacy's). */
  doNotContact: (tx: Database, lead: { email: string; phone: string }) => Promise<DoNotContact>;
  /** When e-mail is on: the step's e-mails (staff alerts, the lead's reward notice) as outbox rows (mail's). */
  mails?:
    | ((
        tx: Database,
        step: { to: string; via?: string | undefined; amountUsd?: number | undefined },
        lead: { id: string; email: string; firstName: string; facilityName: string },
      ) => Promise<PendingDelivery[]>)
    | undefined;
}

/** A step with no effect beyond the pipeline: no e-mail, and the event says no one asked not to be contacted (tests of the pipeline alone). */
const NO_STEP_EFFECTS: StepEffects = { doNotContact: async () => false };

export interface TransitionOptions {
  /** PIPELINE_WEBHOOK_URL: when set, the step is forwarded through the outbox. */
  webhookUrl?: string | undefined;
  effects: StepEffects;
  now?: Date;
}

/** What a step records besides its status: the method, the reason, the reference, the amount. */
function detailsOf(step: PipelineStep): Record<string, string | number> {
  const amount = amountOf(step);
  switch (step.to) {
    case "qualified":
      return { via: step.via };
    case "role_verified":
      return { method: step.method };
    case "gift_card_sent":
    case "bonus_sent":
      return { reference: step.reference.trim(), amountUsd: amount! };
    case "rejected":
      return { reason: step.reason };
    default:
      return {};
  }
}

/**
 * Takes one pipeline step for a lead: checks it against the domain's rules on the lead's current
 * status (row locked), appends the transition, moves the lead, and queues the signed event, all
 * in one transaction. The qualification code calls this with actor "system:chat" / "system:voice"
 * and step { to: "qualified", via: "chat" | "voice" }.
 */
export async function recordTransition(
  db: Database,
  input: { leadId: string; actor: PipelineActor; step: PipelineStep; details?: Record<string, string> },
  options: TransitionOptions = { effects: NO_STEP_EFFECTS },
): Promise<TransitionResult> {
  const now = options.now ?? new Date();
  return db
    .transaction(async (tx): Promise<TransitionResult> => {
      const [lead] = await tx
        .select({
          status: facilityLeads.pipelineStatus,
          email: facilityLeads.email,
          firstName: facilityLeads.firstName,
          facilityName: facilityLeads.facilityName,
          location: facilityLeads.location,
          phone: facilityLeads.phone,
        })
        .from(facilityLeads)
        .where(and(eq(facilityLeads.id, input.leadId), eq(facilityLeads.isSpam, false)))
        .for("update");
      if (!lead) return { ok: false, reason: "not_found", error: "No lead with this id." } as const;
      const from = isPipelineStatus(lead.status) ? lead.status : "new";
      const check = checkStep(from, input.step, input.actor);
      if (!check.ok) return { ok: false, reason: "refused", error: check.error } as const;
      const transition = {
        id: randomUUID(),
        leadId: input.leadId,
        at: now,
        actor: input.actor,
        fromStatus: from,
        toStatus: input.step.to,
        details: { ...detailsOf(input.step), ...input.details },
        note: (input.step.note ?? "").trim(),
      };
      await tx.insert(leadTransitions).values(transition);
      await tx
        .update(facilityLeads)
        .set({
          pipelineStatus: input.step.to,
          ...(input.actor.startsWith("staff:") ? { staffActedAt: now } : {}),
          ...(input.step.to === "role_verified" ? { roleVerifiedAt: now } : {}),
        })
        .where(eq(facilityLeads.id, input.leadId));
      const event: PipelineEvent = {
        type: "lead.pipeline_step",
        transitionId: transition.id,
        leadId: input.leadId,
        at: now.toISOString(),
        actor: input.actor,
        from,
        to: input.step.to,
        details: transition.details,
        note: transition.note,
        lead: { email: lead.email, facilityName: lead.facilityName, location: lead.location },
        doNotContact: await options.effects.doNotContact(tx, lead),
      };
      if (options.webhookUrl) {
        await insertDeliveries(tx, "facility_lead", input.leadId, [
          { destination: "pipeline_webhook", url: options.webhookUrl, payload: event },
        ]);
      }
      const { mails } = options.effects;
      if (mails) {
        const step = {
          to: input.step.to,
          via: "via" in input.step ? input.step.via : undefined,
          amountUsd: amountOf(input.step),
        };
        await insertDeliveries(tx, "facility_lead", input.leadId, await mails(tx, step, { id: input.leadId, ...lead }));
      }
      return { ok: true, transition: { ...transition, details: transition.details }, event } as const;
    })
    .catch((error: unknown) => moneyGuardRefusal(error, input.step.to));
}

export async function transitionsOf(db: Database, leadId: string): Promise<LeadTransitionRow[]> {
  return db
    .select()
    .from(leadTransitions)
    .where(eq(leadTransitions.leadId, leadId))
    .orderBy(asc(leadTransitions.at), asc(leadTransitions.id));
}

/**
 * The qualification's hand-over to the pipeline (decisions 0011, 0013): a lead the chat or the voice agent judged
 * "qualified" enters the pipeline as qualified, by "system:chat" / "system:voice". Only from
 * "new": a lead staff have already moved on (or rejected) is left as it is. True when recorded.
 */
export async function recordQualifiedBy(
  db: Database,
  leadId: string,
  via: "chat" | "voice",
  options: TransitionOptions = { effects: NO_STEP_EFFECTS },
): Promise<boolean> {
  const result = await recordTransition(
    db,
    { leadId, actor: via === "chat" ? "system:chat" : "system:voice", step: { to: "qualified", via } },
    options,
  );
  return result.ok;
}
