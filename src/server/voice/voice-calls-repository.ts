import { eq, sql } from "drizzle-orm";
import { eventLeadOf, type QualificationEventLead } from "../../domain/qualification-event";
import type { QualificationAnswers } from "../../domain/qualification-questions";
import type { QualificationOutcome } from "../../domain/qualification-outcome";
import type { Database } from "../store/database";
import { facilityLeads, voiceCalls } from "../store/schema";
import { insertDeliveries, lockKey, type PendingDelivery } from "../store/submission";

/** The voice calls the provider reports (`POST /api/voice/events`), one row per call id. */

/** The fields of an end-of-call report we keep. */
export interface VoiceReport {
  callId: string;
  leadId: string | null;
  endedReason: string | null;
  startedAt: Date | null;
  endedAt: Date | null;
  durationSeconds: number | null;
  transcript: string | null;
  messages: unknown[] | null;
  summary: string | null;
  structuredData: unknown;
  /** The chat's answers read from the structured data (src/domain/voice-answers.ts). */
  answers: QualificationAnswers;
  structuredOutputs: unknown;
  successEvaluation: string | null;
  outcome: QualificationOutcome;
}

/**
 * Stores a call's end-of-call report once per call id: a repeated report changes nothing and
 * writes no second forwarding. A status update seen before keeps its row (the report fills it).
 */
export async function storeVoiceReport(
  db: Database,
  report: VoiceReport,
  options: { now: Date; concurrent: boolean; deliveries: (id: string) => PendingDelivery[] },
): Promise<{ id: string; duplicate: boolean }> {
  return db.transaction(async (tx) => {
    if (options.concurrent) await lockKey(tx, `voice-call:${report.callId}`);
    const [existing] = await tx.select().from(voiceCalls).where(eq(voiceCalls.callId, report.callId)).limit(1);
    if (existing?.reportedAt) return { id: existing.id, duplicate: true };
    const values = {
      ...report,
      answers: report.answers as Record<string, string>,
      // A link made by an earlier status update stands; a report's own token may add one.
      leadId: existing?.leadId ?? report.leadId,
      reportedAt: options.now,
      updatedAt: options.now,
      status: "ended",
    };
    const id = existing?.id ?? crypto.randomUUID();
    if (existing) await tx.update(voiceCalls).set(values).where(eq(voiceCalls.id, id));
    else await tx.insert(voiceCalls).values({ id, createdAt: options.now, ...values });
    await insertDeliveries(tx, "voice_call", id, options.deliveries(id));
    return { id, duplicate: false };
  });
}

/** Records a call's status update (creating its row if it is the first message about the call). */
export async function storeVoiceStatus(
  db: Database,
  update: { callId: string; leadId: string | null; status: string; endedReason: string | null },
  now: Date,
): Promise<void> {
  await db
    .insert(voiceCalls)
    .values({
      id: crypto.randomUUID(),
      callId: update.callId,
      leadId: update.leadId,
      status: update.status,
      endedReason: update.endedReason,
      createdAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: voiceCalls.callId,
      set: {
        // The end-of-call report's state is final; a late status update does not overwrite it.
        status: sql`case when ${voiceCalls.reportedAt} is null then excluded.status else ${voiceCalls.status} end`,
        endedReason: sql`coalesce(${voiceCalls.endedReason}, excluded.ended_reason)`,
        leadId: sql`coalesce(${voiceCalls.leadId}, excluded.lead_id)`,
        updatedAt: now,
      },
    });
}

/** The lead an earlier message about this call linked it to, if any (that link stands: see storeVoiceReport). */
export async function leadIdOfCall(db: Database, callId: string): Promise<string | null> {
  const [row] = await db
    .select({ leadId: voiceCalls.leadId })
    .from(voiceCalls)
    .where(eq(voiceCalls.callId, callId))
    .limit(1);
  return row?.leadId ?? null;
}

/** A linked call's lead: its facility (which the chat's rule judges with) and who it is (the qualification event's `lead`, as the chat's). */
export async function leadOfVoiceCall(db: Database, leadId: string): Promise<QualificationEventLead | undefined> {
  const [row] = await db.select().from(facilityLeads).where(eq(facilityLeads.id, leadId)).limit(1);
  return row ? eventLeadOf(row) : undefined;
}
