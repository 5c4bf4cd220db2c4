import { desc, inArray } from "drizzle-orm";
import { describeAnswers, type QualificationAnswers } from "../../domain/qualification-questions";
import type { QualificationOutcome } from "../../domain/qualification-outcome";
import type { Database } from "../store/database";
import { answersOfCall, chatOf, type ChatQualification, type VoiceCallRow } from "./qualifications-repository";
import { chatQualifications, voiceCalls } from "../store/schema";

/** Many leads' qualifications at once, in one word and as CSV columns (lists, the CSV export). */

/** A lead's qualification status in one word: its outcome, else "in_progress" (chat started or call not reported), else "none". */
type QualificationStatus = QualificationOutcome | "in_progress" | "none";

export interface QualificationSummary {
  status: QualificationStatus;
  /** chat | voice: where the status comes from. */
  channel: "chat" | "voice" | null;
  completedAt: Date | null;
  /** The answers (question id → value) of the channel the status comes from: the chat's, or the reported call's. */
  answers: QualificationAnswers;
  /** The latest reported call's summary. */
  voiceSummary: string | null;
}

const NO_QUALIFICATION: QualificationSummary = {
  status: "none",
  channel: null,
  completedAt: null,
  answers: {},
  voiceSummary: null,
};

/**
 * The qualification status of many leads at once (lists, CSV export): a completed chat wins,
 * then the latest reported voice call, then whatever is in progress.
 */
export async function qualificationSummaries(
  db: Database,
  leadIds: string[],
): Promise<Map<string, QualificationSummary>> {
  const summaries = new Map<string, QualificationSummary>();
  if (leadIds.length === 0) return summaries;
  const chats = new Map<string, ChatQualification>();
  const calls = new Map<string, VoiceCallRow>();
  for (let i = 0; i < leadIds.length; i += 1000) {
    const ids = leadIds.slice(i, i + 1000);
    for (const row of await db.select().from(chatQualifications).where(inArray(chatQualifications.leadId, ids)))
      chats.set(row.leadId, chatOf(row));
    const callRows = await db
      .select()
      .from(voiceCalls)
      .where(inArray(voiceCalls.leadId, ids))
      .orderBy(desc(voiceCalls.createdAt));
    for (const row of callRows)
      if (row.leadId && (!calls.has(row.leadId) || (row.outcome && !calls.get(row.leadId)!.outcome)))
        calls.set(row.leadId, row);
  }
  for (const leadId of leadIds) {
    const chat = chats.get(leadId);
    const call = calls.get(leadId);
    const voiceSummary = call?.summary ?? null;
    if (chat?.outcome)
      summaries.set(leadId, {
        status: chat.outcome,
        channel: "chat",
        completedAt: chat.completedAt,
        answers: chat.answers,
        voiceSummary,
      });
    else if (call?.outcome)
      summaries.set(leadId, {
        status: call.outcome as QualificationOutcome,
        channel: "voice",
        completedAt: call.endedAt ?? call.reportedAt,
        answers: answersOfCall(call),
        voiceSummary,
      });
    else if (chat || call)
      summaries.set(leadId, {
        ...NO_QUALIFICATION,
        status: "in_progress",
        channel: chat ? "chat" : "voice",
        answers: chat?.answers ?? {},
        voiceSummary,
      });
    else summaries.set(leadId, NO_QUALIFICATION);
  }
  return summaries;
}

/** The qualification columns added to each lead in operators' lists and the CSV export. */
export interface QualificationColumns {
  qualificationStatus: QualificationStatus;
  qualificationChannel: "chat" | "voice" | null;
  qualificationCompletedAt: Date | null;
  /** The answers (the chat's, or the reported call's) as one readable line. */
  qualificationAnswers: string;
  voiceSummary: string | null;
}

export const QUALIFICATION_COLUMN_NAMES = [
  "qualificationStatus",
  "qualificationChannel",
  "qualificationCompletedAt",
  "qualificationAnswers",
  "voiceSummary",
] as const;

/** Leads with their qualification columns, in the same order. */
export async function withQualification<L extends { id: string }>(
  db: Database,
  leads: L[],
): Promise<Array<L & QualificationColumns>> {
  const summaries = await qualificationSummaries(
    db,
    leads.map((lead) => lead.id),
  );
  return leads.map((lead) => {
    const summary = summaries.get(lead.id) ?? NO_QUALIFICATION;
    return {
      ...lead,
      qualificationStatus: summary.status,
      qualificationChannel: summary.channel,
      qualificationCompletedAt: summary.completedAt,
      qualificationAnswers: describeAnswers(summary.answers),
      voiceSummary: summary.voiceSummary,
    };
  });
}

/** Each batch of leads with its qualification columns (the streamed CSV export reads page by page). */
export async function* withQualificationInBatches<L extends { id: string }>(
  db: Database,
  batches: AsyncIterable<L[]>,
): AsyncGenerator<Array<L & QualificationColumns>> {
  for await (const batch of batches) yield withQualification(db, batch);
}
