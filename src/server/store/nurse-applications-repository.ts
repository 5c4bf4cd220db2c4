import { randomUUID } from "node:crypto";
import { desc } from "drizzle-orm";
import type { NurseApplication } from "../../domain";
import { buildNursePayload } from "../../domain";
import type { Database } from "./database";
import { nurseApplications } from "./schema";
import { storeOnce, type RequestContext, type StoreOptions, type StoreResult } from "./submission";

export type NurseApplicationRow = typeof nurseApplications.$inferSelect;

/** The stored record follows spec 3.1: default message, subject, formatted phone, source. */
function nurseApplicationRow(
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
    idempotencyKey: context.idempotencyKey ?? null,
  };
}

/** Stores an application and its deliveries in one transaction, unless it repeats an earlier one. */
export function storeNurseApplication(
  db: Database,
  application: NurseApplication,
  context: RequestContext,
  options: StoreOptions,
): Promise<StoreResult> {
  const row = { ...nurseApplicationRow(application, context), isSpam: options.spam };
  return storeOnce(
    db,
    {
      id: row.id!,
      table: nurseApplications,
      recordKind: "nurse_application",
      idempotencyKey: row.idempotencyKey ?? null,
      receivedAt: row.receivedAt!,
      email: row.email,
      phone: row.phone,
      sameSubmitKey: `nurse:${row.email.toLowerCase()}:${row.phone}`,
      insert: (tx) => tx.insert(nurseApplications).values(row),
    },
    options,
  );
}

export async function recentNurseApplications(db: Database, limit = 50): Promise<NurseApplicationRow[]> {
  return db.select().from(nurseApplications).orderBy(desc(nurseApplications.receivedAt)).limit(limit);
}
