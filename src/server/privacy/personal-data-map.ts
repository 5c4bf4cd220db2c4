import { and, inArray, ne, or, sql } from "drizzle-orm";
import {
  bookingChanges,
  bookings,
  chatQualifications,
  contactOptOuts,
  deliveries,
  facilityLeads,
  leadTransitions,
  leadVerifications,
  nurseApplications,
  qualificationTokens,
  rewardApprovals,
  rewardChanges,
  rewards,
  verificationCallbacks,
  voiceCalls,
  workEmailCodes,
} from "../store/schema";
import { NO_PERSON_TABLES } from "./no-person-tables";
import {
  KEPT,
  MARKED,
  STAFF,
  byApplication,
  byLead,
  entry,
  erasedBy,
  erasedTo,
  jsonKeysErased,
  keptBecause,
  markedUnlessEmpty,
  rowDeleted,
  type AnyTableEntry,
  type PersonKeys,
} from "./personal-data-rules";

/** An erased delivery's payload: the row stays (it is counted), its copy of the person does not. */
export const ERASED_PAYLOAD = JSON.stringify({ erased: true });

/** The deliveries erasure touches: its own records', and any other that names one of them (a staff digest lists leads by id). */
export function deliveriesNaming({ leadIds, applicationIds }: PersonKeys) {
  const ids = [...leadIds, ...applicationIds];
  if (ids.length === 0) return undefined;
  return or(inArray(deliveries.recordId, ids), ...ids.map((id) => sql`${deliveries.payload} like ${`%${id}%`}`));
}

/** The keys of a history's details that can name a person: a card's recipients, a provider's words, a staff note. */
const REWARD_CHANGE_PERSONAL_KEYS = ["recipient", "previousRecipient", "message", "email", "note"] as const;

/**
 * Where a person's data lives: every table that can hold a lead or a nurse applicant,
 * each column's rule, and how their rows are found. Erasure (erase-records.ts) and export
 * (export-person.ts) are driven by it; a test holds it to the schema (every column classified)
 * and to the README's table. The tables that never hold such a person are in no-person-tables.ts.
 * Adding a table: docs/personal-data-map.md.
 */
export const PERSON_TABLES = {
  facilityLeads: entry(facilityLeads, {
    rowsOf: byLead(facilityLeads.id),
    erasure: "update",
    alsoSet: (now) => ({ erasedAt: now }),
    source:
      "A request for staff you sent from our website (landing page, qualification page or chat), with the consent you gave and where you came from.",
    columns: {
      ...{ id: KEPT, form: KEPT, receivedAt: KEPT, facilityType: KEPT, location: KEPT, rolesNeeded: KEPT },
      ...{ urgency: KEPT, shiftTypes: KEPT, consentAgreed: KEPT, trafficSource: KEPT, timestamp: KEPT, source: KEPT },
      // The consent text names no one: it stays as the TCPA's proof.
      ...{ consentText: KEPT, consentVersion: KEPT, isSpam: KEPT, duplicateOf: KEPT, pipelineStatus: KEPT },
      ...{ staffActedAt: KEPT, roleVerifiedAt: KEPT, erasedAt: KEPT },
      ...{ facilityName: MARKED, firstName: MARKED, lastName: MARKED, title: erasedTo(""), email: MARKED },
      ...{ phone: erasedTo(""), userAgent: erasedTo(null), referrer: erasedTo(null), url: erasedTo(null) },
      // The ad's own parameters stay (they describe the campaign, not the person: the funnel report
      // counts them, decision 0039); utm_term and utm_content may carry anything, so they go.
      utm: erasedBy(
        (utm) =>
          sql`jsonb_strip_nulls(jsonb_build_object('utm_source', ${utm}->'utm_source', 'utm_medium', ${utm}->'utm_medium', 'utm_campaign', ${utm}->'utm_campaign'))`,
      ),
      ...{ clientIp: erasedTo(null), pageUrl: erasedTo(null) },
      ...{ idempotencyKey: erasedTo(null), submissionHash: erasedTo(null) },
    },
  }),
  nurseApplications: entry(nurseApplications, {
    rowsOf: byApplication(nurseApplications.id),
    erasure: "update",
    alsoSet: (now) => ({ erasedAt: now }),
    source: "Your application to our nurse talent network.",
    columns: {
      ...{ id: KEPT, receivedAt: KEPT, classification: KEPT, desiredLocation: KEPT, subject: KEPT, source: KEPT },
      ...{ timestamp: KEPT, isSpam: KEPT, erasedAt: KEPT },
      ...{ firstName: MARKED, lastName: MARKED, email: MARKED, phone: erasedTo(""), zipCode: erasedTo("") },
      ...{ message: erasedTo(""), userAgent: erasedTo(null), clientIp: erasedTo(null) },
      ...{ idempotencyKey: erasedTo(null), submissionHash: erasedTo(null) },
    },
  }),
  chatQualifications: entry(chatQualifications, {
    rowsOf: byLead(chatQualifications.leadId),
    erasure: "update",
    source: "Your answers in our text qualification chat.",
    columns: {
      ...{ leadId: KEPT, outcome: KEPT, startedAt: KEPT, updatedAt: KEPT, completedAt: KEPT },
      ...{ answers: erasedTo({}), giftCardEmails: erasedTo([]) },
    },
  }),
  voiceCalls: entry(voiceCalls, {
    rowsOf: byLead(voiceCalls.leadId),
    erasure: "update",
    source: "Your qualification call with our voice assistant: what was said and the answers taken from it.",
    columns: {
      ...{ id: KEPT, callId: KEPT, leadId: KEPT, status: KEPT, endedReason: KEPT, startedAt: KEPT, endedAt: KEPT },
      ...{ durationSeconds: KEPT, outcome: KEPT, reportedAt: KEPT, createdAt: KEPT, updatedAt: KEPT },
      ...{ transcript: erasedTo(null), messages: erasedTo(null), summary: erasedTo(null) },
      ...{ structuredData: erasedTo(null), answers: erasedTo(null), structuredOutputs: erasedTo(null) },
      ...{ successEvaluation: erasedTo(null) },
    },
  }),
  rewards: entry(rewards, {
    rowsOf: byLead(rewards.leadId),
    erasure: "update",
    source: "Gift cards and bonuses we ordered for you from our rewards provider, and their recipient.",
    columns: {
      // The money's amounts, steps and the provider's references stay: the books must add up.
      ...{ id: KEPT, leadId: KEPT, step: KEPT, externalId: KEPT, provider: KEPT, amountUsd: KEPT, status: KEPT },
      ...{ providerOrderId: KEPT, providerRewardId: KEPT, requestedAt: KEPT, leaseOwner: KEPT, leaseUntil: KEPT },
      ...{ fraudStatus: KEPT, fraudReasons: KEPT, fraudFlaggedAt: KEPT, fraudReviewedAt: KEPT },
      ...{ createdAt: KEPT, updatedAt: KEPT, orderedBy: STAFF, fraudReviewedBy: STAFF },
      // A provider's refusal can quote the address.
      ...{ recipientName: MARKED, recipientEmail: MARKED, note: erasedTo(""), lastError: erasedTo(null) },
    },
  }),
  rewardChanges: entry(rewardChanges, {
    rowsOf: byLead(rewardChanges.leadId),
    erasure: "update",
    onlyWhere: (t) =>
      sql`${t.details} ?| array[${sql.join(
        REWARD_CHANGE_PERSONAL_KEYS.map((key) => sql`${key}`),
        sql`, `,
      )}]`,
    source: "What happened to each of those rewards (ordered, delivered, re-sent), and to whom.",
    columns: {
      ...{ id: KEPT, rewardId: KEPT, leadId: KEPT, at: KEPT, kind: KEPT, status: KEPT, actor: STAFF },
      // Its recipients (a re-send or an approval changes them), a provider's words, a staff note: the rest stays.
      details: jsonKeysErased(REWARD_CHANGE_PERSONAL_KEYS),
    },
  }),
  rewardApprovals: entry(rewardApprovals, {
    rowsOf: byLead(rewardApprovals.leadId),
    erasure: "update",
    source: "Second approvals our staff asked for before sending a reward to an address other than yours.",
    columns: {
      ...{ id: KEPT, leadId: KEPT, step: KEPT, action: KEPT, rewardId: KEPT, reason: KEPT, status: KEPT },
      ...{ decidedAt: KEPT, createdAt: KEPT, requestedById: STAFF, requestedBy: STAFF, conflictedActor: STAFF },
      ...{ decidedBy: STAFF, recipientEmail: MARKED, note: erasedTo(""), decisionNote: erasedTo(null) },
      previousRecipientEmail: erasedBy((column) => sql`case when ${column} is null then null else '[erased]' end`),
    },
  }),
  leadTransitions: entry(leadTransitions, {
    rowsOf: byLead(leadTransitions.leadId),
    erasure: "update",
    // The history's one allowed change (decision 0025): a note, and a card's recipient in the details, become "[erased]".
    onlyWhere: (t) => or(ne(t.note, ""), sql`${t.details} ? 'recipient'`)!,
    source: "The steps our staff took on your request (called, role verified, card sent), with their notes.",
    columns: {
      ...{ id: KEPT, leadId: KEPT, at: KEPT, fromStatus: KEPT, toStatus: KEPT, actor: STAFF },
      ...{ note: markedUnlessEmpty, details: jsonKeysErased(["recipient"]) },
    },
  }),
  // Booked calls (decision 0036): times and statuses name no one; erasure cancels the calls still booked,
  // so no one calls an erased person (their invites and reminder are called off with their deliveries).
  bookings: entry(bookings, {
    rowsOf: byLead(bookings.leadId),
    erasure: "update",
    onlyWhere: (table) => sql`${table.status} = 'booked'`,
    alsoSet: (now) => ({ status: "cancelled", updatedAt: now }),
    source:
      "The calls you booked with our team: when, in which time zone, and whether they were held, moved or cancelled.",
    // The call as the person reads it: when, in their zone, what became of it (not which row of staff's it sits in).
    exportRow: (row) => ({
      id: row.id,
      leadId: row.leadId,
      start: (row.startAt as Date).toISOString(),
      end: (row.endAt as Date).toISOString(),
      status: row.status,
      timeZone: row.leadTimeZone,
      createdAt: (row.createdAt as Date).toISOString(),
    }),
    columns: {
      ...{ id: KEPT, leadId: KEPT, staffId: KEPT, startAt: KEPT, endAt: KEPT, status: KEPT, sequence: KEPT },
      ...{ leadTimeZone: KEPT, calendarHref: KEPT, calendarStaffId: KEPT, createdAt: KEPT, updatedAt: KEPT },
      // Whether staff's calendar still lacks the call, and why in our fixed words (decision 0043): no one's data.
      ...{ calendarPending: KEPT, calendarProblem: KEPT },
    },
  }),
  // What happened to each call (the lead's timeline): kinds, times and the staff member's first name; no one of the lead's.
  bookingChanges: entry(bookingChanges, {
    rowsOf: byLead(bookingChanges.leadId),
    erasure: "none",
    source: "What happened to each call you booked (booked, moved, cancelled, held or missed) and when.",
    columns: {
      ...{ id: KEPT, bookingId: KEPT, leadId: KEPT, at: KEPT, kind: KEPT, startAt: KEPT, withName: KEPT },
      actor: STAFF,
    },
  }),
  leadVerifications: entry(leadVerifications, {
    rowsOf: byLead(leadVerifications.leadId),
    erasure: "update",
    source:
      "How we checked your role: the public registry record of your facility and whether your work address belongs to it.",
    columns: {
      // The registry facility, its NPI/CCN and the e-mail's domain are the facility's: they stay for the card-per-facility rule.
      ...{ id: KEPT, leadId: KEPT, checkedAt: KEPT, decision: KEPT, reasons: KEPT, npi: KEPT, ccn: KEPT },
      ...{ emailDomain: KEPT, evidence: erasedTo({ erased: true }), clientIp: erasedTo(null) },
      // Hashes of the facility's keys (NPI, CCN, phone, address, official with ZIP): they name no one and stay 365 days, so a later lead cannot slip past one facility, one card.
      facilityKeys: KEPT,
    },
  }),
  // The callbacks to the facility's number of record (decision 0042): the number called, who answered and what was said are personal.
  verificationCallbacks: entry(verificationCallbacks, {
    rowsOf: byLead(verificationCallbacks.leadId),
    erasure: "update",
    source:
      "Our automated call to your facility's registered phone number to confirm you work there: when, the number, the outcome, who answered and what was said.",
    columns: {
      ...{ id: KEPT, leadId: KEPT, attempt: KEPT, facilityKey: KEPT, status: KEPT, dueAt: KEPT, placedAt: KEPT },
      ...{ endedAt: KEPT, endedReason: KEPT, outcome: KEPT, createdAt: KEPT, providerCallId: KEPT, placedBy: STAFF },
      ...{ phone: erasedTo(""), answeredBy: erasedTo(null), transcript: erasedTo(null) },
    },
  }),
  qualificationTokens: entry(qualificationTokens, {
    rowsOf: byLead(qualificationTokens.leadId),
    erasure: "delete",
    // Only a hash of a random token: nothing of the person, and no use to them once erased.
    columns: { tokenHash: KEPT, leadId: KEPT, createdAt: KEPT, expiresAt: KEPT },
  }),
  workEmailCodes: entry(workEmailCodes, {
    rowsOf: byLead(workEmailCodes.leadId),
    // No code can be confirmed for an erased person, and no trace of one stays.
    erasure: "delete",
    source:
      "The codes we e-mailed you to confirm your work address: when sent, wrong tries, and when you confirmed (never the code itself).",
    columns: {
      ...{ leadId: rowDeleted(), issuedAt: rowDeleted(), expiresAt: rowDeleted(), wrongTries: rowDeleted() },
      ...{ usedAt: rowDeleted(), confirmedAt: rowDeleted(), issueDay: rowDeleted(), issuesToday: rowDeleted() },
      // The hashes only check a code: no fact about the person, left out of the export.
      ...{ codeHash: rowDeleted(false), linkHash: rowDeleted(false) },
    },
  }),
  deliveries: entry(deliveries, {
    rowsOf: ({ leadIds, applicationIds }) => {
      const ids = [...leadIds, ...applicationIds];
      return ids.length > 0 ? inArray(deliveries.recordId, ids) : undefined;
    },
    erasedRowsOf: deliveriesNaming,
    erasure: "update",
    onlyWhere: (t) => ne(t.payload, ERASED_PAYLOAD),
    source:
      "Copies of your request and its steps we sent to our own systems (CRM, forms) and the e-mails we wrote to you.",
    exportRow: (row) => ({ ...row, payload: JSON.parse(row.payload as string) as unknown }),
    columns: {
      ...{ id: KEPT, destination: KEPT, recordKind: KEPT, recordId: KEPT, url: KEPT, status: KEPT, attempts: KEPT },
      ...{ nextAttemptAt: KEPT, retryUntil: KEPT, lastError: KEPT, createdAt: KEPT, deliveredAt: KEPT },
      payload: erasedTo(ERASED_PAYLOAD),
    },
  }),
  contactOptOuts: entry(contactOptOuts, {
    rowsOf: ({ emails }) => (emails.length > 0 ? and(inArray(contactOptOuts.email, emails)) : undefined),
    erasure: "keep",
    source: "Your request not to be contacted.",
    columns: {
      ...{ id: KEPT, at: KEPT, via: KEPT, leads: KEPT },
      email: keptBecause("a request not to be contacted is honoured for good, erasure included"),
      phoneDigits: keptBecause("a request not to be contacted is honoured for good, erasure included"),
    },
  }),
} satisfies Record<string, AnyTableEntry>;

/** Every table of the schema, by its name there: the person's tables, then those that never hold one. */
export const PERSONAL_DATA_MAP: Record<string, AnyTableEntry> = { ...PERSON_TABLES, ...NO_PERSON_TABLES };
