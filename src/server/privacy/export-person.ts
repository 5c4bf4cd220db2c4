import { inArray, or, sql } from "drizzle-orm";
import type { PersonSubject } from "../../domain/privacy-requests";
import { bookingsOfLeads } from "../bookings";
import type { Database } from "../store/database";
import {
  chatQualifications,
  contactOptOuts,
  deliveries,
  facilityLeads,
  leadTransitions,
  leadVerifications,
  nurseApplications,
  rewardApprovals,
  rewardChanges,
  rewards,
  voiceCalls,
  workEmailCodes,
} from "../store/schema";
import { findPersonRecords } from "./person-records";
import { idsOf, logRequest, type RequestContext } from "./privacy-requests";

/** Where each part of the document came from, in words a person reads. */
const SOURCES = {
  facilityLeads:
    "A request for staff you sent from our website (landing page, qualification page or chat), with the consent you gave and where you came from.",
  nurseApplications: "Your application to our nurse talent network.",
  chatQualifications: "Your answers in our text qualification chat.",
  voiceCalls: "Your qualification call with our voice assistant: what was said and the answers taken from it.",
  rewards: "Gift cards and bonuses we ordered for you from our rewards provider, and their recipient.",
  rewardChanges: "What happened to each of those rewards (ordered, delivered, re-sent).",
  rewardApprovals: "Second approvals our staff asked for before sending a reward to an address other than yours.",
  leadTransitions: "The steps our staff took on your request (called, role verified, card sent), with their notes.",
  deliveries:
    "Copies of your request and its steps we sent to our own systems (CRM, forms) and the e-mails we wrote to you.",
  contactOptOuts: "Your request not to be contacted.",
  leadVerifications:
    "How we checked your role: the public registry record of your facility and whether your work address belongs to it.",
  bookings:
    "The calls you booked with our team: when, in which time zone, and whether they were held, moved or cancelled.",
  workEmailCodes:
    "The codes we e-mailed you to confirm your work address: when sent, wrong tries, and when you confirmed (never the code itself).",
} as const;

/**
 * One JSON document of everything kept about a person (issue 33), each part with where it came
 * from; the export itself is logged (kind and what it covered, not its contents).
 */
export async function exportPerson(db: Database, subject: PersonSubject, context: RequestContext) {
  const records = await findPersonRecords(db, subject);
  const { leadIds, applicationIds } = records;
  const ids = idsOf(records);
  const leads = leadIds.length ? await db.select().from(facilityLeads).where(inArray(facilityLeads.id, leadIds)) : [];
  const emails = [
    ...new Set([
      ...(subject.kind === "email" ? [subject.email] : []),
      ...leads.map((lead) => lead.email.toLowerCase()),
    ]),
  ];
  const rewardRows = leadIds.length ? await db.select().from(rewards).where(inArray(rewards.leadId, leadIds)) : [];
  const parts = {
    facilityLeads: leads,
    nurseApplications: applicationIds.length
      ? await db.select().from(nurseApplications).where(inArray(nurseApplications.id, applicationIds))
      : [],
    chatQualifications: leadIds.length
      ? await db.select().from(chatQualifications).where(inArray(chatQualifications.leadId, leadIds))
      : [],
    voiceCalls: leadIds.length ? await db.select().from(voiceCalls).where(inArray(voiceCalls.leadId, leadIds)) : [],
    rewards: rewardRows,
    rewardChanges: rewardRows.length
      ? await db
          .select()
          .from(rewardChanges)
          .where(
            inArray(
              rewardChanges.rewardId,
              rewardRows.map((r) => r.id),
            ),
          )
      : [],
    rewardApprovals: leadIds.length
      ? await db.select().from(rewardApprovals).where(inArray(rewardApprovals.leadId, leadIds))
      : [],
    leadTransitions: leadIds.length
      ? await db.select().from(leadTransitions).where(inArray(leadTransitions.leadId, leadIds))
      : [],
    leadVerifications: leadIds.length
      ? await db.select().from(leadVerifications).where(inArray(leadVerifications.leadId, leadIds))
      : [],
    bookings: await bookingsOfLeads(db, leadIds),
    // The hashes are left out: they are no fact about the person, only what checks a code.
    workEmailCodes: leadIds.length
      ? await db
          .select({
            leadId: workEmailCodes.leadId,
            issuedAt: workEmailCodes.issuedAt,
            expiresAt: workEmailCodes.expiresAt,
            wrongTries: workEmailCodes.wrongTries,
            usedAt: workEmailCodes.usedAt,
            confirmedAt: workEmailCodes.confirmedAt,
            issuesToday: workEmailCodes.issuesToday,
          })
          .from(workEmailCodes)
          .where(inArray(workEmailCodes.leadId, leadIds))
      : [],
    deliveries: ids.length
      ? (await db.select().from(deliveries).where(inArray(deliveries.recordId, ids))).map((row) => ({
          ...row,
          payload: JSON.parse(row.payload) as unknown,
        }))
      : [],
    contactOptOuts: emails.length
      ? await db
          .select()
          .from(contactOptOuts)
          .where(or(inArray(contactOptOuts.email, emails), sql`false`))
      : [],
  };
  const now = context.now ?? new Date();
  const requestId = await logRequest(db, {
    kind: "export",
    actor: context.actor,
    reference: context.reference,
    reason: context.reason ?? "",
    subjectKind: subject.kind,
    recordIds: ids,
    touched: Object.fromEntries(Object.entries(parts).map(([name, rows]) => [name, rows.length])),
    at: now,
  });
  return {
    exportedAt: now.toISOString(),
    requestId,
    about:
      "Everything this website's database keeps that names you, table by table. Each part says where it came from.",
    parts: Object.fromEntries(
      Object.entries(parts).map(([name, rows]) => [
        name,
        { source: SOURCES[name as keyof typeof SOURCES], records: rows },
      ]),
    ),
  };
}
