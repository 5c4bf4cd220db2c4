import { desc, eq, inArray } from "drizzle-orm";
import {
  StoredAnswersSchema,
  describeAnswers,
  applicableAnswers,
  nextQuestionId,
  type QualificationAnswers,
  type QuestionId,
} from "../../domain/qualification-questions";
import { outcomeOfAnswers, type QualificationOutcome } from "../../domain/qualification-outcome";
import type { Database } from "./database";
import { chatQualifications, facilityLeads, voiceCalls } from "./schema";
import { insertDeliveries, lockKey, type PendingDelivery } from "./submission";

/**
 * Qualifications (issue 14): the chat's answers and outcome, and what a lead's qualification is (chat and voice calls, whose storage is in
 * `voice-calls-repository.ts`). The staff console and the operators' lists read a lead's
 * qualification through `getQualificationForLead`. The token that links a browser to its lead
 * is in `qualification-tokens.ts`.
 */

/** A lead's chat qualification as stored. */
export interface ChatQualification {
  answers: QualificationAnswers;
  outcome: QualificationOutcome | null;
  startedAt: Date;
  completedAt: Date | null;
  /** Every gift-card e-mail given, in order (more than one: it was changed; staff see the earlier ones). */
  giftCardEmails: GiftCardEmail[];
}

interface GiftCardEmail {
  value: string;
  /** When it was given (ISO). */
  at: string;
}

/** The gift-card e-mails with this answer added when it differs from the last one given. */
function withGiftCardEmail(given: GiftCardEmail[], value: string, now: Date): GiftCardEmail[] {
  if (value === "" || given.at(-1)?.value === value) return given;
  return [...given, { value, at: now.toISOString() }];
}

type ChatRow = typeof chatQualifications.$inferSelect;

const chatOf = (row: ChatRow): ChatQualification => ({
  answers: StoredAnswersSchema.parse(row.answers),
  outcome: (row.outcome as QualificationOutcome | null) ?? null,
  startedAt: row.startedAt,
  completedAt: row.completedAt,
  giftCardEmails: row.giftCardEmails ?? [],
});

export async function getChatQualification(db: Database, leadId: string): Promise<ChatQualification | undefined> {
  const [row] = await db.select().from(chatQualifications).where(eq(chatQualifications.leadId, leadId)).limit(1);
  return row ? chatOf(row) : undefined;
}

export type SaveAnswerResult =
  | { kind: "saved"; qualification: ChatQualification; completedNow: boolean }
  /** The chat was already complete and this answer differs from the stored one: nothing written. */
  | { kind: "already_complete"; qualification: ChatQualification };

export interface SaveAnswerInput {
  leadId: string;
  questionId: QuestionId;
  value: string;
  now: Date;
  concurrent: boolean;
  /** The forwardings of the completed qualification (one per configured destination), written with it. */
  deliveriesOnCompletion: (
    qualification: ChatQualification,
    lead: typeof facilityLeads.$inferSelect,
  ) => PendingDelivery[];
}

/**
 * Stores one answer (a new one, or a change of an earlier one) in one transaction; when no
 * question is left, completes the chat with its outcome and its forwardings. Completion
 * happens once: after it, the same answer again returns the completed chat (a resend),
 * another answer changes nothing.
 */
export async function saveChatAnswer(db: Database, input: SaveAnswerInput): Promise<SaveAnswerResult> {
  return db.transaction(async (tx) => {
    if (input.concurrent) await lockKey(tx, `chat-qualification:${input.leadId}`);
    const [lead] = await tx.select().from(facilityLeads).where(eq(facilityLeads.id, input.leadId)).limit(1);
    if (!lead) throw new Error("lead of a valid token not found");
    const [existing] = await tx
      .select()
      .from(chatQualifications)
      .where(eq(chatQualifications.leadId, input.leadId))
      .limit(1);
    const current = existing ? chatOf(existing) : undefined;
    if (current?.completedAt) {
      const same = current.answers[input.questionId] === input.value;
      return same
        ? { kind: "saved", qualification: current, completedNow: false }
        : { kind: "already_complete", qualification: current };
    }
    const answers = applicableAnswers({ ...current?.answers, [input.questionId]: input.value });
    const complete = nextQuestionId(answers) === undefined;
    // A changed gift-card e-mail keeps the earlier one, for staff to see (it may not be the lead's own doing).
    const giftCardEmails =
      input.questionId === "giftCardEmail"
        ? withGiftCardEmail(current?.giftCardEmails ?? [], input.value, input.now)
        : (current?.giftCardEmails ?? []);
    const qualification: ChatQualification = {
      answers,
      outcome: outcomeOfAnswers(answers, lead),
      startedAt: current?.startedAt ?? input.now,
      completedAt: complete ? input.now : null,
      giftCardEmails,
    };
    const values = {
      answers: answers as Record<string, string>,
      outcome: qualification.outcome,
      updatedAt: input.now,
      completedAt: qualification.completedAt,
      giftCardEmails,
    };
    if (existing) await tx.update(chatQualifications).set(values).where(eq(chatQualifications.leadId, input.leadId));
    else await tx.insert(chatQualifications).values({ leadId: input.leadId, startedAt: input.now, ...values });
    if (complete && !lead.isSpam)
      await insertDeliveries(tx, "chat_qualification", input.leadId, input.deliveriesOnCompletion(qualification, lead));
    return { kind: "saved", qualification, completedNow: complete };
  });
}

type VoiceCallRow = typeof voiceCalls.$inferSelect;

/** A reported call's answers, read back as the chat's are (anything not a checked answer is dropped). */
export const answersOfCall = (row: VoiceCallRow): QualificationAnswers => StoredAnswersSchema.parse(row.answers ?? {});

/** A lead's whole qualification: the chat (if started) and every voice call linked to it, newest first. */
export interface LeadQualification {
  chat: ChatQualification | undefined;
  voiceCalls: VoiceCallRow[];
}

/** Everything qualification knows of one lead (for the staff console and operators). */
export async function getQualificationForLead(db: Database, leadId: string): Promise<LeadQualification> {
  const [chat, calls] = await Promise.all([
    getChatQualification(db, leadId),
    db.select().from(voiceCalls).where(eq(voiceCalls.leadId, leadId)).orderBy(desc(voiceCalls.createdAt)),
  ]);
  return { chat, voiceCalls: calls };
}

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
