import { and, eq, inArray, isNull, or, sql, type SQL } from "drizzle-orm";
import type { PersonSubject } from "../../domain/privacy-requests";
import type { Database } from "../store/database";
import { chatQualifications, facilityLeads, nurseApplications, rewards } from "../store/schema";

/** The records that name one person: their leads (as the lead, or as a card's recipient) and nurse applications. */
export interface PersonRecords {
  leadIds: string[];
  applicationIds: string[];
}

const digitsOf = (column: SQL | typeof facilityLeads.phone) => sql`regexp_replace(${column}, '\\D', '', 'g')`;

/** Every lead and application that names the person; erased ones are left out (nothing of them is left to find). */
export async function findPersonRecords(db: Database, subject: PersonSubject): Promise<PersonRecords> {
  let leadWhere: SQL;
  let applicationWhere: SQL | undefined;
  if (subject.kind === "lead_id") {
    leadWhere = eq(facilityLeads.id, subject.id);
  } else if (subject.kind === "email") {
    const email = subject.email.toLowerCase();
    // Their own leads, and leads whose gift card they were to receive (the chat's answer or an order's recipient).
    leadWhere = or(
      sql`lower(${facilityLeads.email}) = ${email}`,
      sql`exists (select 1 from ${chatQualifications} where ${chatQualifications.leadId} = ${facilityLeads.id} and lower(${chatQualifications.answers}->>'giftCardEmail') = ${email})`,
      sql`exists (select 1 from ${rewards} where ${rewards.leadId} = ${facilityLeads.id} and lower(${rewards.recipientEmail}) = ${email})`,
    )!;
    applicationWhere = sql`lower(${nurseApplications.email}) = ${email}`;
  } else {
    leadWhere = sql`${digitsOf(facilityLeads.phone)} in (${subject.digits}, ${`1${subject.digits}`})`;
    applicationWhere = sql`${digitsOf(sql`${nurseApplications.phone}`)} in (${subject.digits}, ${`1${subject.digits}`})`;
  }
  const leads = await db
    .select({ id: facilityLeads.id })
    .from(facilityLeads)
    .where(and(leadWhere, isNull(facilityLeads.erasedAt)));
  const applications = applicationWhere
    ? await db
        .select({ id: nurseApplications.id })
        .from(nurseApplications)
        .where(and(applicationWhere, isNull(nurseApplications.erasedAt)))
    : [];
  return { leadIds: leads.map((row) => row.id), applicationIds: applications.map((row) => row.id) };
}

/** The rewards of these leads still on their way (ordering, ordered, awaiting approval): erasure waits for them. */
export async function rewardsInFlight(db: Database, leadIds: string[]): Promise<number> {
  if (leadIds.length === 0) return 0;
  return db.$count(
    rewards,
    and(inArray(rewards.leadId, leadIds), inArray(rewards.status, ["ordering", "ordered", "pending_approval"])),
  );
}
