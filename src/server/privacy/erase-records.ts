import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { ERASED } from "../../domain/privacy-requests";
import type { Database } from "../store/database";
import {
  chatQualifications,
  deliveries,
  facilityLeads,
  leadTransitions,
  leadVerifications,
  nurseApplications,
  qualificationTokens,
  rewardApprovals,
  rewardChanges,
  rewards,
  voiceCalls,
  workEmailCodes,
} from "../store/schema";
import type { PersonRecords } from "./person-records";

/** An erased delivery's payload: the row stays (it is counted), its copy of the person does not. */
const ERASED_PAYLOAD = JSON.stringify({ erased: true });

/**
 * Erases every personal field of these records in the caller's transaction (issue 33). What is
 * not personal stays, so the books add up: ids, dates, form, facility type, state, traffic source,
 * the ad's utm_source, utm_medium and utm_campaign, statuses, the money's amounts, steps and provider references. Deliveries not yet sent are cancelled; the
 * pipeline's notes go through the history's one allowed change (a note set to "[erased]").
 * Answers, per table, how many rows it touched.
 */
export async function eraseRecords(tx: Database, records: PersonRecords, now: Date): Promise<Record<string, number>> {
  const { leadIds, applicationIds } = records;
  const touched: Record<string, number> = {};
  const count = (table: string, rows: unknown[]) => {
    if (rows.length > 0) touched[table] = (touched[table] ?? 0) + rows.length;
  };
  if (leadIds.length > 0) {
    count(
      "facility_leads",
      await tx
        .update(facilityLeads)
        .set({
          facilityName: ERASED,
          firstName: ERASED,
          lastName: ERASED,
          title: "",
          email: ERASED,
          phone: "",
          userAgent: null,
          referrer: null,
          url: null,
          // The ad's own parameters stay (they describe the campaign, not the person: the funnel report counts them, issue 39); utm_term and utm_content may carry anything.
          utm: sql`jsonb_strip_nulls(jsonb_build_object('utm_source', ${facilityLeads.utm}->'utm_source', 'utm_medium', ${facilityLeads.utm}->'utm_medium', 'utm_campaign', ${facilityLeads.utm}->'utm_campaign'))`,
          clientIp: null,
          pageUrl: null,
          idempotencyKey: null,
          submissionHash: null,
          erasedAt: now,
        })
        .where(inArray(facilityLeads.id, leadIds))
        .returning({ id: facilityLeads.id }),
    );
    count(
      "chat_qualifications",
      await tx
        .update(chatQualifications)
        .set({ answers: {}, giftCardEmails: [] })
        .where(inArray(chatQualifications.leadId, leadIds))
        .returning({ id: chatQualifications.leadId }),
    );
    count(
      "voice_calls",
      await tx
        .update(voiceCalls)
        .set({
          transcript: null,
          messages: null,
          summary: null,
          structuredData: null,
          answers: null,
          structuredOutputs: null,
          successEvaluation: null,
        })
        .where(inArray(voiceCalls.leadId, leadIds))
        .returning({ id: voiceCalls.id }),
    );
    const erasedRewards = await tx
      .update(rewards)
      .set({ recipientName: ERASED, recipientEmail: ERASED, note: "", lastError: null })
      .where(inArray(rewards.leadId, leadIds))
      .returning({ id: rewards.id });
    count("rewards", erasedRewards);
    if (erasedRewards.length > 0) {
      // A provider's refusal message can quote the address: the change keeps its kind and status, not the words.
      count(
        "reward_changes",
        await tx
          .update(rewardChanges)
          .set({ details: sql`${rewardChanges.details} - 'message' - 'email'` })
          .where(
            and(
              inArray(
                rewardChanges.rewardId,
                erasedRewards.map((r) => r.id),
              ),
              sql`${rewardChanges.details} ?| array['message', 'email']`,
            ),
          )
          .returning({ id: rewardChanges.id }),
      );
    }
    count(
      "reward_approvals",
      await tx
        .update(rewardApprovals)
        .set({
          recipientEmail: ERASED,
          previousRecipientEmail: sql`case when ${rewardApprovals.previousRecipientEmail} is null then null else ${ERASED} end`,
          note: "",
          decisionNote: null,
        })
        .where(inArray(rewardApprovals.leadId, leadIds))
        .returning({ id: rewardApprovals.id }),
    );
    // The history's one allowed change: a note, and a card's recipient in the details, become "[erased]".
    count(
      "lead_transitions",
      await tx
        .update(leadTransitions)
        .set({
          note: sql`case when ${leadTransitions.note} = '' then '' else ${ERASED} end`,
          details: sql`case when ${leadTransitions.details} ? 'recipient' then jsonb_set(${leadTransitions.details}, '{recipient}', to_jsonb(${ERASED}::text)) else ${leadTransitions.details} end`,
        })
        .where(
          and(
            inArray(leadTransitions.leadId, leadIds),
            or(ne(leadTransitions.note, ""), sql`${leadTransitions.details} ? 'recipient'`),
          ),
        )
        .returning({ id: leadTransitions.id }),
    );
    // The registry facility, its NPI/CCN and the e-mail's domain are the facility's, not the person's: they stay for the card-per-facility rule.
    count(
      "lead_verifications",
      await tx
        .update(leadVerifications)
        .set({ evidence: { erased: true }, clientIp: null })
        .where(inArray(leadVerifications.leadId, leadIds))
        .returning({ id: leadVerifications.id }),
    );
    count(
      "qualification_tokens",
      await tx
        .delete(qualificationTokens)
        .where(inArray(qualificationTokens.leadId, leadIds))
        .returning({ id: qualificationTokens.leadId }),
    );
    // The work e-mail code (issue 31): no code can be confirmed for an erased person, and no trace of one stays.
    count(
      "work_email_codes",
      await tx
        .delete(workEmailCodes)
        .where(inArray(workEmailCodes.leadId, leadIds))
        .returning({ id: workEmailCodes.leadId }),
    );
  }
  if (applicationIds.length > 0) {
    count(
      "nurse_applications",
      await tx
        .update(nurseApplications)
        .set({
          firstName: ERASED,
          lastName: ERASED,
          email: ERASED,
          phone: "",
          zipCode: "",
          message: "",
          userAgent: null,
          clientIp: null,
          idempotencyKey: null,
          submissionHash: null,
          erasedAt: now,
        })
        .where(inArray(nurseApplications.id, applicationIds))
        .returning({ id: nurseApplications.id }),
    );
  }
  const ids = [...leadIds, ...applicationIds];
  if (ids.length > 0) {
    // Its own records' deliveries, and any other that names one of them (a staff digest lists leads by id).
    const named = or(
      inArray(deliveries.recordId, ids),
      ...ids.map((id) => sql`${deliveries.payload} like ${`%${id}%`}`),
    )!;
    count(
      "deliveries (cancelled)",
      await tx
        .update(deliveries)
        .set({ status: "cancelled", lastError: "cancelled: its person was erased" })
        .where(and(named, eq(deliveries.status, "pending")))
        .returning({ id: deliveries.id }),
    );
    count(
      "deliveries",
      await tx
        .update(deliveries)
        .set({ payload: ERASED_PAYLOAD })
        .where(and(named, ne(deliveries.payload, ERASED_PAYLOAD)))
        .returning({ id: deliveries.id }),
    );
  }
  return touched;
}
