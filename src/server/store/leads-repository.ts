import { randomUUID } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import type { LeadRequest } from "../../domain/facility-lead";
import { CONSENT_TEXT } from "../../domain/consent";
import { SOURCE_LABELS } from "../../domain/enumerations";
import { formatPhone } from "../../domain/phone";
import type { Database } from "./database";
import { contactLinks, facilityLeads } from "./schema";
import { hashToken, issueQualificationToken } from "./qualification-tokens";
import { issueCode } from "./work-email-codes-repository";
import type { PreparedCode } from "./work-email-codes-repository";
import {
  CONSENT_VERSION,
  storeOnce,
  submissionFingerprint,
  type RequestContext,
  type StoreOptions,
  type StoreResult,
} from "./submission";

export type { RequestContext } from "./submission";
export type FacilityLeadRow = typeof facilityLeads.$inferSelect;

/** Maps a validated request to its row; the caller inserts it (in its own transaction). */
export function facilityLeadRow(lead: LeadRequest, context: RequestContext): typeof facilityLeads.$inferInsert {
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
function filledIn(row: typeof facilityLeads.$inferInsert) {
  return Object.fromEntries(FILLED_IN_FIELDS.map((key) => [key, row[key]])) as Pick<
    typeof row,
    (typeof FILLED_IN_FIELDS)[number]
  >;
}

/**
 * Stores a lead and its deliveries in one transaction, unless the same visitor repeats an
 * earlier one; with an earlier lead's e-mail and phone but other details it is a lead of its
 * own, `duplicateOf` that one (storeOnce).
 */
export function storeFacilityLead(
  db: Database,
  lead: LeadRequest,
  context: RequestContext,
  options: StoreOptions & {
    /** Stored with a lead that is not spam, in its transaction (its e-mail carries it). */ qualificationToken?: string;
    /** The lead's first work e-mail code (issue 31), stored likewise when its e-mail carries it. */
    workEmailCode?: PreparedCode | undefined;
    /** Its e-mail's stop-contacting link (issue 33), stored likewise. */
    contactToken?: string;
  },
): Promise<StoreResult> {
  const fields = facilityLeadRow(lead, context);
  const row = { ...fields, isSpam: options.spam, submissionHash: submissionFingerprint(filledIn(fields)) };
  return storeOnce(
    db,
    {
      id: row.id!,
      table: facilityLeads,
      recordKind: "facility_lead",
      idempotencyKey: row.idempotencyKey ?? null,
      submissionHash: row.submissionHash,
      receivedAt: row.receivedAt!,
      email: row.email,
      phone: row.phone,
      sameSubmitAlso: eq(facilityLeads.form, row.form),
      sameSubmitKey: `lead:${row.form}:${row.email.toLowerCase()}:${row.phone}`,
      insert: async (tx, duplicateOf) => {
        await tx.insert(facilityLeads).values({ ...row, duplicateOf: duplicateOf ?? null });
        if (options.qualificationToken && !options.spam)
          await issueQualificationToken(tx, row.id!, row.receivedAt!, options.qualificationToken);
        if (options.workEmailCode && !options.spam)
          await issueCode(tx, row.id!, options.workEmailCode, row.receivedAt!);
        if (options.contactToken && !options.spam)
          await tx
            .insert(contactLinks)
            .values({ tokenHash: hashToken(options.contactToken), leadId: row.id!, createdAt: row.receivedAt! });
      },
    },
    options,
  );
}

export async function recentFacilityLeads(db: Database, limit = 50): Promise<FacilityLeadRow[]> {
  return db.select().from(facilityLeads).orderBy(desc(facilityLeads.receivedAt)).limit(limit);
}
