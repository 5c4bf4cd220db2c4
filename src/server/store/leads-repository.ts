import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import type { LeadRequest } from "../../domain";
import { SOURCE_LABELS, formatPhone } from "../../domain";
import type { Database } from "./database";
import { facilityLeads } from "./schema";

export type FacilityLeadRow = typeof facilityLeads.$inferSelect;

export interface RequestContext {
  clientIp: string;
  userAgent: string | undefined;
  now: Date;
}

/** Maps a validated request to its row; the caller inserts it (in its own transaction). */
export function facilityLeadRow(lead: LeadRequest, context: RequestContext): typeof facilityLeads.$inferInsert {
  const isHomepage = lead.form === "homepage_form";
  return {
    id: randomUUID(),
    form: lead.form,
    receivedAt: context.now,
    facilityName: lead.facilityName,
    facilityType: lead.facilityType,
    location: lead.location,
    rolesNeeded: lead.rolesNeeded,
    urgency: lead.urgency,
    shiftTypes: lead.shiftTypes,
    firstName: lead.firstName,
    lastName: lead.lastName,
    title: lead.title,
    email: lead.email,
    phone: formatPhone(lead.phone),
    consentAgreed: lead.consentAgreed,
    trafficSource: lead.trafficSource,
    timestamp: lead.timestamp ?? context.now.toISOString(),
    source: SOURCE_LABELS[lead.form],
    userAgent: isHomepage ? lead.userAgent || context.userAgent || "" : (context.userAgent ?? null),
    referrer: isHomepage ? lead.referrer : null,
    url: isHomepage ? lead.url : null,
    utm: isHomepage ? lead.utm : {},
    clientIp: context.clientIp,
  };
}

export async function insertFacilityLead(db: Database, lead: LeadRequest, context: RequestContext): Promise<string> {
  const row = facilityLeadRow(lead, context);
  await db.insert(facilityLeads).values(row);
  return row.id!;
}

export async function recentFacilityLeads(db: Database, limit = 50): Promise<FacilityLeadRow[]> {
  return db.select().from(facilityLeads).orderBy(desc(facilityLeads.receivedAt)).limit(limit);
}
