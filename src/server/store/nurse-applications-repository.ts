import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import type { NurseApplication } from "../../domain";
import { buildNursePayload } from "../../domain";
import type { Database } from "./database";
import type { RequestContext } from "./leads-repository";
import { nurseApplications } from "./schema";

export type NurseApplicationRow = typeof nurseApplications.$inferSelect;

/** The stored record follows spec 3.1: default message, subject, formatted phone, source. */
export function nurseApplicationRow(
  application: NurseApplication,
  context: RequestContext,
): typeof nurseApplications.$inferInsert {
  const payload = buildNursePayload(application, context.now);
  return {
    id: randomUUID(),
    receivedAt: context.now,
    firstName: payload.firstName,
    lastName: payload.lastName,
    email: payload.email,
    phone: payload.phone,
    zipCode: payload.zipCode,
    classification: payload.classification,
    desiredLocation: payload.desiredLocation,
    message: payload.message,
    subject: payload._subject,
    source: payload.source,
    timestamp: payload.timestamp,
    userAgent: context.userAgent ?? null,
    clientIp: context.clientIp,
  };
}

export async function insertNurseApplication(
  db: Database,
  application: NurseApplication,
  context: RequestContext,
): Promise<string> {
  const row = nurseApplicationRow(application, context);
  await db.insert(nurseApplications).values(row);
  return row.id!;
}

export async function recentNurseApplications(db: Database, limit = 50): Promise<NurseApplicationRow[]> {
  return db.select().from(nurseApplications).orderBy(desc(nurseApplications.receivedAt)).limit(limit);
}
