import { asc, eq, or, type SQL } from "drizzle-orm";
import { OPT_OUT_VIA, type DoNotContact, type OptOutVia } from "../../domain/do-not-contact";
import { phoneDigits } from "../../domain/phone";
import type { Database } from "../store/database";
import { contactOptOuts, facilityLeads } from "../store/schema";

/**
 * What the console and the forwarded events say of a person: `false`, or when and
 * how they first asked not to be contacted, by their e-mail address or their phone.
 */
export async function doNotContactOf(
  db: Database,
  who: { email?: string | undefined; phone?: string | undefined },
): Promise<DoNotContact> {
  const conditions: SQL[] = [];
  if (who.email?.includes("@")) conditions.push(eq(contactOptOuts.email, who.email.toLowerCase()));
  const digits = phoneDigits(who.phone ?? "");
  if (digits.length >= 10) conditions.push(eq(contactOptOuts.phoneDigits, digits.slice(-10)));
  if (conditions.length === 0) return false;
  const [first] = await db
    .select({ at: contactOptOuts.at, via: contactOptOuts.via })
    .from(contactOptOuts)
    .where(or(...conditions))
    .orderBy(asc(contactOptOuts.at))
    .limit(1);
  if (!first) return false;
  const via: OptOutVia = (OPT_OUT_VIA as readonly string[]).includes(first.via) ? (first.via as OptOutVia) : "cli";
  return { at: first.at.toISOString(), via };
}

/** The same for a lead, by its own e-mail address and phone. */
async function doNotContactOfLead(db: Database, leadId: string): Promise<DoNotContact> {
  const [lead] = await db
    .select({ email: facilityLeads.email, phone: facilityLeads.phone })
    .from(facilityLeads)
    .where(eq(facilityLeads.id, leadId))
    .limit(1);
  return lead ? doNotContactOf(db, lead) : false;
}

/** The event the pipeline webhook receives when a lead's person asks not to be contacted. */
export interface DoNotContactEvent {
  type: "lead.do_not_contact";
  leadId: string;
  at: string;
  doNotContact: Exclude<DoNotContact, false>;
}

/**
 * Whether a voice call must not start: the lead's person, or the phone called, asked
 * not to be contacted.
 */
export async function voiceCallRefused(
  db: Database,
  who: { leadId?: string | null | undefined; phone?: string | undefined },
): Promise<boolean> {
  if (who.leadId && (await doNotContactOfLead(db, who.leadId)) !== false) return true;
  return (await doNotContactOf(db, { phone: who.phone })) !== false;
}
