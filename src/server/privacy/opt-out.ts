import { randomUUID } from "node:crypto";
import { and, eq, inArray, or, sql } from "drizzle-orm";
import { phoneDigits } from "../../domain/phone";
import type { OptOutVia } from "../../domain/do-not-contact";
import type { PersonSubject } from "../../domain/privacy-requests";
import type { Database } from "../store/database";
import { contactOptOuts, deliveries, facilityLeads, nurseApplications } from "../store/schema";
import { insertDeliveries } from "../store/submission";
import type { DoNotContactEvent } from "./do-not-contact-state";
import { findPersonRecords } from "./person-records";
import { idsOf, logRequest, type RequestContext } from "./privacy-request-log";

/** The e-mails written to a lead or a nurse (staff alerts are staff's own choice). */
const PERSON_MAIL_DESTINATIONS = [
  "mail:lead_confirmation",
  "mail:nurse_confirmation",
  "mail:reward_ordered",
  "mail:work_email_code",
  "mail:booking_invite",
  "mail:booking_reminder",
  "mail:booking_offer",
];

export interface OptOutOutcome {
  requestId: string;
  /** Addresses and phones now on the list (how many, not which). */
  recorded: number;
  /** Waiting e-mails to them that will not be sent. */
  cancelled: number;
  /** The leads it applied to (their ids). */
  leadIds: string[];
}

/**
 * "Do not contact" (decision 0033): the person's addresses and phones (the subject's own, and those
 * of every record naming them) go on the list with when and how; e-mails to them still waiting
 * are cancelled; the request is logged. Repeating it changes nothing but the log. Through an
 * e-mail's link (`via: "link"`, decision 0040) only that e-mail address goes on the list: whoever
 * holds the link proves the mailbox, not the phone a lead typed beside it; phones are opted
 * out by staff (console, CLI) or by the person on a call.
 */
export async function optOut(
  db: Database,
  subject: PersonSubject,
  via: OptOutVia,
  context: RequestContext & { pipelineWebhookUrl?: string | undefined },
): Promise<OptOutOutcome> {
  const now = context.now ?? new Date();
  return db.transaction(async (tx) => {
    const records = await findPersonRecords(tx, subject);
    const emails = new Set<string>();
    const phones = new Set<string>();
    if (subject.kind === "email") emails.add(subject.email);
    if (subject.kind === "phone") phones.add(subject.digits);
    const people = [
      ...(records.leadIds.length
        ? await tx
            .select({ email: facilityLeads.email, phone: facilityLeads.phone })
            .from(facilityLeads)
            .where(inArray(facilityLeads.id, records.leadIds))
        : []),
      ...(records.applicationIds.length
        ? await tx
            .select({ email: nurseApplications.email, phone: nurseApplications.phone })
            .from(nurseApplications)
            .where(inArray(nurseApplications.id, records.applicationIds))
        : []),
    ];
    const mailboxOnly = via === "link";
    for (const person of people) {
      if (mailboxOnly) continue;
      if (person.email.includes("@")) emails.add(person.email.toLowerCase());
      const digits = phoneDigits(person.phone);
      if (digits.length >= 10) phones.add(digits.slice(-10));
    }
    const leads = idsOf(records).length;
    let recorded = 0;
    for (const email of emails) {
      const inserted = await tx
        .insert(contactOptOuts)
        .values({ id: randomUUID(), email, at: now, via, leads })
        .onConflictDoNothing()
        .returning({ id: contactOptOuts.id });
      recorded += inserted.length;
    }
    for (const digits of phones) {
      if ((await tx.$count(contactOptOuts, eq(contactOptOuts.phoneDigits, digits))) > 0) continue;
      await tx.insert(contactOptOuts).values({ id: randomUUID(), phoneDigits: digits, at: now, via, leads });
      recorded++;
    }
    const toThem = [...emails].map((email) => sql`lower(${deliveries.payload}::jsonb->>'to') = ${email}`);
    const cancelled = toThem.length
      ? await tx
          .update(deliveries)
          .set({ status: "cancelled", lastError: "cancelled: its person asked not to be contacted" })
          .where(
            and(
              eq(deliveries.status, "pending"),
              inArray(deliveries.destination, PERSON_MAIL_DESTINATIONS),
              or(...toThem),
            ),
          )
          .returning({ id: deliveries.id })
      : [];
    // The CRM hears of it: one event per lead of theirs, when something new was recorded.
    if (context.pipelineWebhookUrl && recorded > 0) {
      for (const leadId of records.leadIds) {
        const event: DoNotContactEvent = {
          type: "lead.do_not_contact",
          leadId,
          at: now.toISOString(),
          doNotContact: { at: now.toISOString(), via },
        };
        await insertDeliveries(tx, "facility_lead", leadId, [
          { destination: "pipeline_webhook", url: context.pipelineWebhookUrl, payload: event },
        ]);
      }
    }
    const requestId = await logRequest(tx, {
      kind: "opt_out",
      actor: context.actor,
      reference: context.reference,
      reason: context.reason ?? via,
      subjectKind: subject.kind,
      recordIds: idsOf(records),
      touched: { contact_opt_outs: recorded, "deliveries (cancelled)": cancelled.length },
      at: now,
    });
    return { requestId, recorded, cancelled: cancelled.length, leadIds: records.leadIds };
  });
}
