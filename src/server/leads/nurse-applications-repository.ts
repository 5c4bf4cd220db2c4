import { randomUUID } from "node:crypto";
import { and, desc, eq, or, sql } from "drizzle-orm";
import type { NurseApplication } from "../../domain/nurse-application";
import { buildNursePayload } from "../../domain/payloads";
import type { Database } from "../store/database";
import { pageOf, type Cursor } from "../store/keyset-cursor";
import { nurseApplications } from "../store/schema";
import {
  storeOnce,
  submissionFingerprint,
  type RequestContext,
  type StoreOptions,
  type StoreResult,
} from "../store/submission";

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

/**
 * Stores an application and its deliveries in one transaction, unless it repeats an earlier one.
 * `alsoInsert`: what else is written with it, unless it is spam (its e-mail's stop link, decision 0040).
 */
export function storeNurseApplication(
  db: Database,
  application: NurseApplication,
  context: RequestContext,
  options: StoreOptions & { alsoInsert?: ((tx: Database, id: string) => Promise<unknown>) | undefined },
): Promise<StoreResult> {
  const fields = nurseApplicationRow(application, context);
  const { firstName, lastName, email, phone, zipCode, classification, desiredLocation, message } = fields;
  const row = {
    ...fields,
    isSpam: options.spam,
    submissionHash: submissionFingerprint({
      firstName,
      lastName,
      email,
      phone,
      zipCode,
      classification,
      desiredLocation,
      message,
    }),
  };
  return storeOnce(
    db,
    {
      id: row.id!,
      table: nurseApplications,
      recordKind: "nurse_application",
      idempotencyKey: row.idempotencyKey ?? null,
      submissionHash: row.submissionHash,
      receivedAt: row.receivedAt!,
      email: row.email,
      phone: row.phone,
      sameSubmitKey: `nurse:${row.email.toLowerCase()}:${row.phone}`,
      insert: async (tx) => {
        await tx.insert(nurseApplications).values(row);
        if (options.alsoInsert && !options.spam) await options.alsoInsert(tx, row.id!);
      },
    },
    options,
  );
}

export async function recentNurseApplications(db: Database, limit = 50): Promise<NurseApplicationRow[]> {
  return db.select().from(nurseApplications).orderBy(desc(nurseApplications.receivedAt)).limit(limit);
}

/** The columns of an application's row in the console's list, and the first of its own page. */
const SUMMARY_COLUMNS = {
  id: nurseApplications.id,
  receivedAt: nurseApplications.receivedAt,
  firstName: nurseApplications.firstName,
  lastName: nurseApplications.lastName,
  email: nurseApplications.email,
  phone: nurseApplications.phone,
  classification: nurseApplications.classification,
  desiredLocation: nurseApplications.desiredLocation,
};

/** The console's list: newest first, searched by name or e-mail (what starts with the term), a keyset page at a time. */
export async function searchNurseApplications(
  db: Database,
  query: { q?: string | undefined; before?: Cursor | undefined },
  pageSize = 50,
) {
  const conditions = [eq(nurseApplications.isSpam, false)];
  if (query.q) {
    const term = `${query.q
      .trim()
      .toLowerCase()
      .replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    conditions.push(
      or(
        sql`lower(${nurseApplications.email}) like ${term}`,
        sql`lower(${nurseApplications.firstName} || ' ' || ${nurseApplications.lastName}) like ${term}`,
      )!,
    );
  }
  if (query.before) {
    conditions.push(
      sql`(${nurseApplications.receivedAt}, ${nurseApplications.id}) < (${query.before.at}::timestamptz, ${query.before.id}::uuid)`,
    );
  }
  const rows = await db
    .select({
      ...SUMMARY_COLUMNS,
      cursorAt: sql<string>`${nurseApplications.receivedAt}::text`,
    })
    .from(nurseApplications)
    .where(and(...conditions))
    .orderBy(desc(nurseApplications.receivedAt), desc(nurseApplications.id))
    .limit(pageSize + 1);
  const page = pageOf(rows, pageSize);
  return { applications: page.rows, nextCursor: page.nextCursor };
}

/** One application as the console shows it: what the applicant sent (not the spam flag, the keys or the erasure). */
export async function nurseApplicationById(db: Database, id: string) {
  const [row] = await db
    .select({
      ...SUMMARY_COLUMNS,
      zipCode: nurseApplications.zipCode,
      message: nurseApplications.message,
      subject: nurseApplications.subject,
      source: nurseApplications.source,
      timestamp: nurseApplications.timestamp,
      userAgent: nurseApplications.userAgent,
      clientIp: nurseApplications.clientIp,
    })
    .from(nurseApplications)
    .where(eq(nurseApplications.id, id));
  return row;
}
