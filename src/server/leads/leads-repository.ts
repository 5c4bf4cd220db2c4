import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import type { LeadRequest } from "../../domain/facility-lead";
import { CONSENT_TEXT } from "../../domain/consent";
import { SOURCE_LABELS } from "../../domain/enumerations";
import { formatPhone } from "../../domain/phone";
import type { Database } from "../store/database";
import { DUPLICATE_WINDOW_MS } from "../../domain/anti-spam";
import { WORK_EMAIL_CODE_RULES, utcDay } from "../../domain/work-email-codes";
import { mailboxLockKey } from "../store/mailbox-sql";
import { facilityLeads } from "../store/schema";
import { QUALIFICATION_TOKEN_TTL_MS, hashToken } from "../store/qualification-tokens";
import type { PreparedCode } from "../store/work-email-codes-repository";
import { writeLead } from "./lead-intake";
import {
  CONSENT_VERSION,
  submissionFingerprint,
  type RequestContext,
  type StoreOptions,
  type StoreResult,
} from "../store/submission";

export type { RequestContext } from "../store/submission";
export type FacilityLeadRow = typeof facilityLeads.$inferSelect;

/**
 * The columns a new lead's row leaves to others: spam and the fingerprint are storeFacilityLead's,
 * a repeat's earlier lead is the intake statement's, the pipeline's columns start at their
 * defaults. Every other column facilityLeadRow must fill: a column added to the schema is a
 * type error there until it is filled or named here.
 */
type LeftToOthers =
  "isSpam" | "submissionHash" | "duplicateOf" | "pipelineStatus" | "staffActedAt" | "roleVerifiedAt" | "erasedAt";
type NewFacilityLeadRow = Required<Omit<typeof facilityLeads.$inferInsert, LeftToOthers>>;

/** Maps a validated request to its row; the caller inserts it (in its own transaction). */
export function facilityLeadRow(lead: LeadRequest, context: RequestContext): NewFacilityLeadRow {
  const isHomepage = lead.form === "homepage_form";
  // The chat asks who and where only; its own questions hold the rest (chat_qualifications).
  const needs = lead.form === "chat" ? { rolesNeeded: [], urgency: "", shiftTypes: [], trafficSource: "" } : lead;
  return {
    id: randomUUID(),
    form: lead.form,
    receivedAt: context.now,
    facilityName: lead.facilityName,
    facilityType: lead.facilityType,
    location: lead.location,
    rolesNeeded: needs.rolesNeeded,
    urgency: needs.urgency,
    shiftTypes: needs.shiftTypes,
    firstName: lead.firstName,
    lastName: lead.lastName,
    title: lead.title,
    email: lead.email,
    phone: formatPhone(lead.phone),
    consentAgreed: lead.consentAgreed,
    trafficSource: needs.trafficSource,
    timestamp: lead.timestamp ?? context.now.toISOString(),
    source: SOURCE_LABELS[lead.form],
    userAgent: isHomepage ? lead.userAgent || context.userAgent || "" : (context.userAgent ?? null),
    referrer: isHomepage ? lead.referrer : null,
    url: isHomepage ? lead.url : null,
    utm: isHomepage ? lead.utm : {},
    consentText: CONSENT_TEXT,
    consentVersion: CONSENT_VERSION,
    clientIp: context.clientIp,
    pageUrl: (isHomepage && lead.url ? lead.url : context.referer)?.slice(0, 2048) ?? null,
    idempotencyKey: context.idempotencyKey ?? null,
  };
}

/** The fields the visitor filled in (a lead's fingerprint): everything but what the server adds, in this order. */
const FILLED_IN_FIELDS = [
  "form",
  "facilityName",
  "facilityType",
  "location",
  "rolesNeeded",
  "urgency",
  "shiftTypes",
  "firstName",
  "lastName",
  "title",
  "email",
  "phone",
  "consentAgreed",
  "trafficSource",
  "referrer",
  "url",
  "utm",
] as const satisfies readonly (keyof typeof facilityLeads.$inferInsert)[];

/** What the visitor filled in of a lead's row (its fingerprint's fields). */
function filledIn(row: NewFacilityLeadRow) {
  return Object.fromEntries(FILLED_IN_FIELDS.map((key) => [key, row[key]])) as Pick<
    typeof row,
    (typeof FILLED_IN_FIELDS)[number]
  >;
}

/**
 * Stores a lead and its deliveries in one statement (lead-intake.ts), unless the same visitor
 * repeats an earlier one: then the earlier id, and nothing written. With an earlier lead's
 * e-mail and phone but other details it is a lead of its own, `duplicateOf` that one (the rules
 * of storeOnce, submission.ts). Spam is stored, marked, and never forwarded.
 */
export async function storeFacilityLead(
  db: Database,
  lead: LeadRequest,
  context: RequestContext,
  options: StoreOptions & {
    /** Stored with the lead (its e-mail carries it; a bot's too, so it cannot tell it was caught). */
    qualificationToken?: string;
    /**
     * The lead's first work e-mail code (decision 0031), stored for every lead but spam, e-mailed
     * or not (decision 0040).
     */
    workEmailCode?: PreparedCode | undefined;
    /** Its e-mail's stop-contacting link (decision 0033), stored likewise. */
    contactToken?: string | undefined;
    /** MAIL_PER_RECIPIENT_DAILY_LIMIT (decision 0040): the lead's e-mail is left out past it (lead-intake.ts). */
    mailPerRecipientDailyLimit?: number | undefined;
  },
): Promise<StoreResult> {
  const fields = facilityLeadRow(lead, context);
  const row = {
    ...fields,
    receivedAt: context.now,
    isSpam: options.spam,
    submissionHash: submissionFingerprint(filledIn(fields)),
  };
  const { workEmailCode: code, qualificationToken: token, contactToken } = options;
  const outcome = await writeLead(db, {
    lead: row,
    since: new Date(context.now.getTime() - DUPLICATE_WINDOW_MS),
    qualificationToken: token
      ? { hash: hashToken(token), expiresAt: new Date(context.now.getTime() + QUALIFICATION_TOKEN_TTL_MS) }
      : undefined,
    workEmailCode: code && {
      codeHash: code.codeHash,
      linkHash: code.linkHash,
      expiresAt: new Date(context.now.getTime() + WORK_EMAIL_CODE_RULES.validMs),
      issueDay: utcDay(context.now),
    },
    contactTokenHash: contactToken ? hashToken(contactToken) : undefined,
    deliveries: options.deliveries(row.id).map((d) => ({
      id: randomUUID(),
      destination: d.destination,
      url: d.url,
      payload: JSON.stringify(d.payload),
    })),
    mailPerRecipientDailyLimit: options.mailPerRecipientDailyLimit,
    lockKeys:
      options.concurrent && !options.spam
        ? [
            ...(row.idempotencyKey ? [`idempotency:${row.idempotencyKey}`] : []),
            sameSubmitKey(row),
            // Last, as every other writer of a capped e-mail takes it (after its own row locks).
            ...(options.mailPerRecipientDailyLimit ? [mailboxLockKey(row.email)] : []),
          ]
        : undefined,
  });
  if (outcome.repeat) return { id: outcome.repeat, duplicate: true, sameKey: outcome.byKey };
  return { id: row.id, duplicate: false, duplicateOf: outcome.duplicateOf };
}

/** "The same submit" of a lead: form, e-mail (any case) and phone. */
const sameSubmitKey = (row: { form: string; email: string; phone: string }) =>
  `lead:${row.form}:${row.email.toLowerCase()}:${row.phone}`;

export async function recentFacilityLeads(db: Database, limit = 50): Promise<FacilityLeadRow[]> {
  return db.select().from(facilityLeads).orderBy(desc(facilityLeads.receivedAt)).limit(limit);
}
