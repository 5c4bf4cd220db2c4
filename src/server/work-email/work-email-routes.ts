import type { FastifyInstance, FastifyPluginAsync, FastifyReply } from "fastify";
import { eq } from "drizzle-orm";
import { WORK_EMAIL_CODE_MESSAGES as M } from "../../domain/work-email-messages";
import {
  ConfirmWorkEmailLinkRequestSchema,
  ConfirmWorkEmailRequestSchema,
  NewWorkEmailCodeRequestSchema,
  REFUSAL_MESSAGES,
  WORK_EMAIL_CODE_RULES,
  WorkEmailWaitingRequestSchema,
  intakeCodeState,
  isCodeWaiting,
  wrongCodeMessage,
} from "../../domain/work-email-codes";
import { issueContactLink, isOptedOut } from "../privacy";
import { leadOfToken } from "../store/qualification-tokens";
import { facilityLeads } from "../store/schema";
import { insertDeliveries, type PendingDelivery } from "../store/submission";
import {
  codeStateOf,
  confirmCode,
  confirmLink,
  issueCode,
  seedIntakeCode,
  type ConfirmResult,
  type IssueResult,
} from "../store/work-email-codes-repository";
import { codeHashOf, linkHashOf, prepareCode } from "./work-email-code-keys";
import { parseBody } from "../validation";
import type { Database } from "../store/database";

/** The HTTP status of each refusal: every one a 4xx with its words (REFUSAL_MESSAGES). */
const STATUS = {
  wrong: 400,
  link_invalid: 400,
  no_code: 404,
  expired: 410,
  used: 409,
  already_confirmed: 409,
  too_many_tries: 403,
  too_soon: 429,
  daily_limit: 429,
} as const;

/** What a confirmation answers: 200 `{ confirmed: true, confirmedAt }`, or a 4xx `{ error }` in words. */
function answerConfirm(app: FastifyInstance, reply: FastifyReply, leadId: string, result: ConfirmResult) {
  if (result.ok) {
    try {
      app.onWorkAddressConfirmed(leadId); // verification may run at once; its failure is not the lead's
    } catch (error) {
      app.log.warn({ err: error, leadId }, "work address confirmed: the hook failed");
    }
    return reply.send({ confirmed: true, confirmedAt: result.confirmedAt.toISOString(), message: M.confirmed });
  }
  if (result.refusal === "wrong") {
    const message = wrongCodeMessage(result.wrongTries);
    return reply.code(STATUS.wrong).send({ error: message, fields: { code: message } });
  }
  return reply.code(STATUS[result.refusal]).send({ error: REFUSAL_MESSAGES[result.refusal] });
}

/** What asking for a new code answers: 202 `{ message }`, or a 4xx `{ error }`; never whether the address exists. */
function answerIssue(reply: FastifyReply, result: IssueResult) {
  if (result.ok) return reply.code(202).send({ message: M.sent });
  if (result.refusal === "too_soon")
    reply.header("retry-after", String(Math.ceil(WORK_EMAIL_CODE_RULES.resendAfterMs / 1000)));
  return reply.code(STATUS[result.refusal]).send({ error: REFUSAL_MESSAGES[result.refusal] });
}

/**
 * What the code's API asks of mail, passed in by app.ts from mail's door: mail renders the code
 * through this capability's door, so this one imports no mail (no circle between the two).
 */
export interface WorkEmailMailer {
  workEmailCodeMail: (
    lead: { id: string; email: string; firstName: string },
    nonce: string,
    contact?: { siteUrl: string; token: string },
  ) => PendingDelivery;
  mayMailAddress: (db: Database, email: string, limit: number, now?: Date) => Promise<boolean>;
}

/**
 * The work e-mail code's API (decision 0031). The code and "send a new code" take the
 * lead's id and qualification token (as the chat does); the e-mail's link takes the lead's id and
 * the link's token, and confirms only on POST (the page's one button), so a mail scanner that
 * opens links confirms nothing. Each route is rate-limited per client address (abuse-protection.ts).
 */
export const workEmailPublicRoutes: FastifyPluginAsync<{ mailer: WorkEmailMailer }> = async (app, { mailer }) => {
  const { workEmailCodeMail, mayMailAddress } = mailer;
  const key = app.mail?.workEmailCodeKey;
  const db = app.store.db;

  /** The lead of a valid token issued for this lead id; else 401 and undefined. */
  const authorize = async (body: { leadId: string; token: string }, reply: FastifyReply, now: Date) => {
    const lead = await leadOfToken(db, body.token, now);
    if (lead && lead.leadId === body.leadId) return lead;
    void reply.code(401).send({ error: M.sessionExpired });
    return undefined;
  };
  const unavailable = (reply: FastifyReply) => reply.code(404).send({ error: M.unavailable });

  /** GET /api/work-email/status: whether codes are sent at all, so the pages show the code form only then (decision 0040). */
  app.get("/api/work-email/status", async (_request, reply) =>
    reply.header("cache-control", "public, max-age=300").send({ codes: Boolean(key) }),
  );

  /**
   * POST /api/work-email/waiting `{ leadId, token }`: `{ waiting }`, whether this lead's code
   * waits for an answer now, so /call (opened from an e-mail, hours later perhaps) shows the code
   * form before the times only then. A lead caught as spam is answered as if it had
   * its intake code (so it cannot tell); an erased lead has none. A read: nothing changes.
   */
  app.post("/api/work-email/waiting", async (request, reply) => {
    const body = parseBody(WorkEmailWaitingRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!key) return reply.send({ waiting: false });
    const now = new Date();
    const lead = await authorize(body, reply, now);
    if (!lead) return reply;
    const [row] = await db
      .select({ erasedAt: facilityLeads.erasedAt, isSpam: facilityLeads.isSpam, receivedAt: facilityLeads.receivedAt })
      .from(facilityLeads)
      .where(eq(facilityLeads.id, lead.leadId))
      .limit(1);
    if (!row || row.erasedAt) return reply.send({ waiting: false });
    const state = (await codeStateOf(db, lead.leadId)) ?? (row.isSpam ? intakeCodeState(row.receivedAt) : undefined);
    return reply.send({ waiting: isCodeWaiting(state, now) });
  });

  /** POST /api/work-email/confirm `{ leadId, token, code }`. */
  app.post("/api/work-email/confirm", async (request, reply) => {
    const body = parseBody(ConfirmWorkEmailRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!key) return unavailable(reply);
    const now = new Date();
    const lead = await authorize(body, reply, now);
    if (!lead) return reply;
    return answerConfirm(app, reply, lead.leadId, await confirmCode(db, lead.leadId, codeHashOf(key, body.code), now));
  });

  /** POST /api/work-email/confirm-link `{ token }`: the e-mail link's token, from the page's one Confirm button. */
  app.post("/api/work-email/confirm-link", async (request, reply) => {
    const body = parseBody(ConfirmWorkEmailLinkRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!key) return unavailable(reply);
    const found = await confirmLink(db, linkHashOf(key, body.token), new Date());
    if (!found) return reply.code(STATUS.link_invalid).send({ error: M.linkInvalid });
    return answerConfirm(app, reply, found.leadId, found.result);
  });

  /** POST /api/work-email/new-code `{ leadId, token }`: a new code by e-mail (one a minute, five a day). */
  app.post("/api/work-email/new-code", async (request, reply) => {
    const body = parseBody(NewWorkEmailCodeRequestSchema, request.body, reply);
    if (!body) return reply;
    if (!key || !app.mail) return unavailable(reply);
    const now = new Date();
    const lead = await authorize(body, reply, now);
    if (!lead) return reply;
    const [row] = await db
      .select({
        email: facilityLeads.email,
        erasedAt: facilityLeads.erasedAt,
        isSpam: facilityLeads.isSpam,
        receivedAt: facilityLeads.receivedAt,
      })
      .from(facilityLeads)
      .where(eq(facilityLeads.id, lead.leadId))
      .limit(1);
    // Erased: the same answer as a sent code, and nothing is written.
    if (!row || row.erasedAt) return reply.code(202).send({ message: M.sent });
    // Spam, opted out, or past the day's e-mails to an address that confirmed nothing (decision 0040):
    // the code is counted as issued (the same answers, "too soon" included, for every address), but no e-mail is written.
    const mailable = !row.isSpam && !(await isOptedOut(db, { email: row.email }));
    // One answer whatever the lead is: a spam lead had no code at intake, so it gets the one it would have had.
    if (row.isSpam) await seedIntakeCode(db, lead.leadId, prepareCode(key), row.receivedAt);
    const prepared = prepareCode(key);
    let mailed = false;
    const result = await db.transaction(async (tx) => {
      const issued = await issueCode(tx, lead.leadId, prepared, now);
      // Counted in the transaction that writes the e-mail, under the mailbox's lock.
      mailed =
        issued.ok && mailable && (await mayMailAddress(tx, row.email, app.config.MAIL_PER_RECIPIENT_DAILY_LIMIT, now));
      if (mailed) {
        const token = await issueContactLink(tx, lead.leadId, now);
        await insertDeliveries(tx, "facility_lead", lead.leadId, [
          workEmailCodeMail({ id: lead.leadId, email: row.email, firstName: lead.firstName }, prepared.nonce, {
            siteUrl: app.mail!.brand.siteUrl,
            token,
          }),
        ]);
      }
      return issued;
    });
    if (result.ok && mailed) app.outbox?.wake();
    return answerIssue(reply, result);
  });
};
