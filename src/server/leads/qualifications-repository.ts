import { desc, eq } from "drizzle-orm";
import {
  StoredAnswersSchema,
  applicableAnswers,
  nextQuestionId,
  type QualificationAnswers,
  type QuestionId,
} from "../../domain/qualification-questions";
import { outcomeOfAnswers, type QualificationOutcome } from "../../domain/qualification-outcome";
import type { Database } from "../store/database";
import { chatQualifications, facilityLeads, voiceCalls } from "../store/schema";
import { insertDeliveries, lockKey, type PendingDelivery } from "../store/submission";

/**
 * Qualifications (decision 0011): the chat's answers and outcome, and what a lead's qualification is (chat and voice calls, whose storage is in
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

export const chatOf = (row: ChatRow): ChatQualification => ({
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

export type VoiceCallRow = typeof voiceCalls.$inferSelect;

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
