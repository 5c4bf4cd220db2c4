import { and, eq, gt, isNull, lt, sql } from "drizzle-orm";
import {
  WORK_EMAIL_CODE_RULES as RULES,
  answerRefusal,
  intakeCodeState,
  issueRefusal,
  utcDay,
  type AnswerRefusal,
  type IssueRefusal,
  type WorkEmailCodeState,
} from "../../domain/work-email-codes";
import type { Database } from "./database";
import { workEmailCodes } from "./schema";

/**
 * A lead's work e-mail code (decision 0031): issued, answered, read. Each change is one statement
 * whose WHERE holds the rules (src/domain/work-email-codes.ts), so concurrent requests cannot
 * pass them together: PostgreSQL re-checks the WHERE on the row's latest version after a
 * concurrent update. When a statement changes nothing, the row is read to say which rule refused.
 */

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;

/** The lead's current code as stored, or undefined when it has none. */
export async function codeStateOf(db: Database, leadId: string): Promise<WorkEmailCodeState | undefined> {
  const [row] = await db.select().from(workEmailCodes).where(eq(workEmailCodes.leadId, leadId)).limit(1);
  return row;
}

export type IssueResult = { ok: true } | { ok: false; refusal: IssueRefusal };

/** A new issue, as work-email/work-email-code-keys.ts prepares it: its nonce (for the e-mail) and the two hashes (for the table). */
export interface PreparedCode {
  nonce: string;
  codeHash: string;
  linkHash: string;
}

/**
 * Makes `prepared` the lead's current code, valid 10 minutes, unless the rules refuse: one a
 * minute, five a UTC day, none once confirmed. A new code resets the wrong tries.
 */
export async function issueCode(db: Database, leadId: string, prepared: PreparedCode, now: Date): Promise<IssueResult> {
  const t = workEmailCodes;
  const day = utcDay(now);
  const rows = await db
    .insert(t)
    .values({
      leadId,
      codeHash: prepared.codeHash,
      linkHash: prepared.linkHash,
      issuedAt: now,
      expiresAt: new Date(now.getTime() + RULES.validMs),
      wrongTries: 0,
      issueDay: day,
      issuesToday: 1,
    })
    .onConflictDoUpdate({
      target: t.leadId,
      set: {
        codeHash: sql`excluded.code_hash`,
        linkHash: sql`excluded.link_hash`,
        issuedAt: sql`excluded.issued_at`,
        expiresAt: sql`excluded.expires_at`,
        wrongTries: 0,
        usedAt: null,
        issueDay: sql`excluded.issue_day`,
        issuesToday: sql`case when ${t.issueDay} = excluded.issue_day then ${t.issuesToday} + 1 else 1 end`,
      },
      setWhere: and(
        isNull(t.confirmedAt),
        sql`${t.issuedAt} <= ${at(new Date(now.getTime() - RULES.resendAfterMs))}`,
        sql`(${t.issueDay} <> excluded.issue_day or ${t.issuesToday} < ${RULES.maxIssuesPerDay})`,
      ),
    })
    .returning({ leadId: t.leadId });
  if (rows.length > 0) return { ok: true };
  return { ok: false, refusal: issueRefusal(await codeStateOf(db, leadId), now) ?? "too_soon" };
}

/**
 * The first code a lead would have had from its intake, issued at `issuedAt`, when it has none
 * (a spam lead gets none at intake): "new code" then answers it exactly as a real
 * lead's, "too soon" within the minute included. Nothing when a code exists.
 */
export async function seedIntakeCode(
  db: Database,
  leadId: string,
  prepared: PreparedCode,
  issuedAt: Date,
): Promise<void> {
  await db
    .insert(workEmailCodes)
    .values({ leadId, codeHash: prepared.codeHash, linkHash: prepared.linkHash, ...intakeCodeState(issuedAt) })
    .onConflictDoNothing();
}

export type ConfirmResult =
  | { ok: true; confirmedAt: Date }
  | { ok: false; refusal: AnswerRefusal }
  | { ok: false; refusal: "wrong"; wrongTries: number };

/** The rules an answer must meet before it is compared: a current code, unused, unexpired, under 5 wrong tries. */
const answerable = (leadId: string, now: Date) =>
  and(
    eq(workEmailCodes.leadId, leadId),
    isNull(workEmailCodes.usedAt),
    isNull(workEmailCodes.confirmedAt),
    lt(workEmailCodes.wrongTries, RULES.maxWrongTries),
    gt(workEmailCodes.expiresAt, at(now)),
  );

/**
 * A typed code (its keyed hash): right, it uses the code and confirms the address; wrong, it
 * counts one try. One statement: two right answers at once confirm once (the second finds the
 * code used), and wrong answers at once never count past five.
 */
export async function confirmCode(db: Database, leadId: string, codeHash: string, now: Date): Promise<ConfirmResult> {
  const t = workEmailCodes;
  const right = sql`${t.codeHash} = ${codeHash}`;
  const [row] = await db
    .update(t)
    .set({
      usedAt: sql`case when ${right} then ${at(now)} else null end`,
      confirmedAt: sql`case when ${right} then ${at(now)} else null end`,
      wrongTries: sql`case when ${right} then ${t.wrongTries} else ${t.wrongTries} + 1 end`,
    })
    .where(answerable(leadId, now))
    .returning({ confirmedAt: t.confirmedAt, wrongTries: t.wrongTries });
  if (row?.confirmedAt) return { ok: true, confirmedAt: row.confirmedAt };
  if (row) return { ok: false, refusal: "wrong", wrongTries: row.wrongTries };
  return { ok: false, refusal: answerRefusal(await codeStateOf(db, leadId), now) ?? "used" };
}

/**
 * The e-mail's link (its token's keyed hash, which finds the lead): the current code's link
 * confirms once. A link that matches nothing is refused without counting a try: the link's
 * route has no other credential, so a stranger must not be able to use up a lead's tries.
 */
export async function confirmLink(
  db: Database,
  linkHash: string,
  now: Date,
): Promise<{ leadId: string; result: ConfirmResult } | undefined> {
  const t = workEmailCodes;
  const [lead] = await db.select({ leadId: t.leadId }).from(t).where(eq(t.linkHash, linkHash)).limit(1);
  if (!lead) return undefined;
  const [row] = await db
    .update(t)
    .set({ usedAt: at(now), confirmedAt: at(now) })
    .where(and(answerable(lead.leadId, now), eq(t.linkHash, linkHash)))
    .returning({ confirmedAt: t.confirmedAt });
  if (row?.confirmedAt) return { leadId: lead.leadId, result: { ok: true, confirmedAt: row.confirmedAt } };
  const refusal = answerRefusal(await codeStateOf(db, lead.leadId), now) ?? "used";
  return { leadId: lead.leadId, result: { ok: false, refusal } };
}

/** When the lead's work address was confirmed, or null (verification's `workAddressConfirmedAt`). */
export async function workAddressConfirmedAt(db: Database, leadId: string): Promise<Date | null> {
  const [row] = await db
    .select({ confirmedAt: workEmailCodes.confirmedAt })
    .from(workEmailCodes)
    .where(eq(workEmailCodes.leadId, leadId))
    .limit(1);
  return row?.confirmedAt ?? null;
}
