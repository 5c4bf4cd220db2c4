import { createHash } from "node:crypto";
import { and, asc, eq, gt, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import { CONSENT_TEXT } from "../../domain/consent";
import { DUPLICATE_WINDOW_MS } from "../../domain/anti-spam";
import type { Database } from "./database";
import { deliveryRow } from "./deliveries-repository";
import { deliveries, type RecordKind } from "./schema";

/** What the server knows about a request besides its body. */
export interface RequestContext {
  clientIp: string;
  userAgent: string | undefined;
  now: Date;
  /** The Referer header: the page a qualify-page lead was sent from. */
  referer?: string | undefined;
  /** The Idempotency-Key header: the same key with the same fields returns the first record. */
  idempotencyKey?: string | undefined;
}

/** The version of the consent text: its SHA-256, so a dispute can show which words were shown. */
export const CONSENT_VERSION = createHash("sha256").update(CONSENT_TEXT, "utf8").digest("hex");

/** A forwarding to write with the record (one per configured destination). */
export interface PendingDelivery {
  destination: string;
  url: string;
  /** The body to send; stored as its exact JSON text. */
  payload: object;
}

export interface StoreResult {
  id: string;
  /** True when an earlier record was returned (the same visitor repeating themselves); nothing was written. */
  duplicate: boolean;
  /** A repeat found by the request's own Idempotency-Key (a retry of the same request), not by its fields alone. */
  sameKey?: boolean;
  /** The earlier record a new one repeats with other details (same e-mail and phone): it is stored, flagged. */
  duplicateOf?: string | undefined;
}

/**
 * What the visitor filled in, as one SHA-256: a repeat is "the same visitor repeating
 * themselves" only when every field is the same (e-mail compared without case). Server-side
 * facts (time, address, user agent, key) are left out.
 */
export function submissionFingerprint(fields: Record<string, unknown>): string {
  const normalised = Object.keys(fields)
    .sort()
    .map((key) => [
      key,
      key === "email" && typeof fields[key] === "string"
        ? (fields[key] as string).toLowerCase()
        : (fields[key] ?? null),
    ]);
  return createHash("sha256").update(JSON.stringify(normalised), "utf8").digest("hex");
}

/** Serialises concurrent submits with the same key for the rest of the transaction. */
export async function lockKey(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

/** Queues forwardings in the caller's transaction (a record's, or a pipeline step's). */
export async function insertDeliveries(
  tx: Database,
  recordKind: RecordKind,
  recordId: string,
  pending: PendingDelivery[],
): Promise<void> {
  if (pending.length === 0) return;
  await tx
    .insert(deliveries)
    .values(pending.map((p) => deliveryRow({ ...p, payload: JSON.stringify(p.payload), recordKind, recordId })));
}

export interface StoreOptions {
  spam: boolean;
  deliveries: (id: string) => PendingDelivery[];
  /** PostgreSQL: other connections may store the same submit at once, so lock its keys (PGlite runs one transaction at a time). */
  concurrent?: boolean;
}

/** A table of public-form records: the columns the duplicate finder reads. */
type SubmissionTable = PgTable & {
  id: AnyPgColumn;
  idempotencyKey: AnyPgColumn;
  submissionHash: AnyPgColumn;
  receivedAt: AnyPgColumn;
  isSpam: AnyPgColumn;
  email: AnyPgColumn;
  phone: AnyPgColumn;
};

/** What differs between the public forms' records: their table, how to insert one, what "the same submit" is. */
export interface StoredRecord {
  id: string;
  table: SubmissionTable;
  recordKind: RecordKind;
  idempotencyKey: string | null;
  /** submissionFingerprint of what was filled in. */
  submissionHash: string;
  receivedAt: Date;
  email: string;
  phone: string;
  /** What else "the same submit" must share (a lead's form); e-mail and phone always. */
  sameSubmitAlso?: SQL | undefined;
  /** The lock key of "the same submit" (form, e-mail, phone). */
  sameSubmitKey: string;
  /** Inserts the record; `duplicateOf` is the earlier record it repeats with other details, if any. */
  insert: (tx: Database, duplicateOf?: string) => Promise<unknown>;
}

/**
 * What an earlier record is to this one. `repeat`: the same visitor repeating themselves, the
 * same Idempotency-Key with the same fields (a retry of one browser's request), or every field
 * the same within DUPLICATE_WINDOW_MS (a double submit): the earlier record answers for it.
 * `duplicateOf`: the same e-mail (any case) and phone (and `sameSubmitAlso`) within the window
 * but other fields, or a replayed key with other fields: someone else may be using those
 * details, so it is a record of its own, flagged, and never gets the earlier one's answer.
 */
async function findEarlier(
  tx: Database,
  record: StoredRecord,
): Promise<{ repeat?: string; byKey?: boolean; duplicateOf?: string }> {
  const { table } = record;
  if (record.idempotencyKey) {
    const [byKey] = await tx
      .select({ id: table.id })
      .from(table as PgTable)
      .where(and(eq(table.idempotencyKey, record.idempotencyKey), eq(table.submissionHash, record.submissionHash)))
      .orderBy(asc(table.receivedAt))
      .limit(1);
    if (byKey) return { repeat: byKey.id as string, byKey: true };
  }
  const since = new Date(record.receivedAt.getTime() - DUPLICATE_WINDOW_MS);
  const same = await tx
    .select({ id: table.id, submissionHash: table.submissionHash })
    .from(table as PgTable)
    .where(
      and(
        eq(table.isSpam, false),
        record.sameSubmitAlso,
        sql`lower(${table.email}) = lower(${record.email})`,
        eq(table.phone, record.phone),
        gt(table.receivedAt, since),
      ),
    )
    .orderBy(asc(table.receivedAt))
    .limit(20);
  const repeat = same.find((row) => row.submissionHash === record.submissionHash);
  if (repeat) return { repeat: repeat.id as string };
  return { duplicateOf: same[0]?.id as string | undefined };
}

/**
 * Stores a record and its deliveries in one transaction (the outbox), unless the same visitor
 * repeats an earlier one (findEarlier): then the earlier id, and nothing written. A record
 * with an earlier one's e-mail and phone but other fields is stored, with `duplicateOf`. Spam
 * is stored, marked by the caller's row, and never forwarded.
 */
export async function storeOnce(db: Database, record: StoredRecord, options: StoreOptions): Promise<StoreResult> {
  if (options.spam) {
    await record.insert(db);
    return { id: record.id, duplicate: false };
  }
  return db.transaction(async (tx) => {
    if (options.concurrent && record.idempotencyKey) await lockKey(tx, `idempotency:${record.idempotencyKey}`);
    if (options.concurrent) await lockKey(tx, record.sameSubmitKey);
    const earlier = await findEarlier(tx, record);
    if (earlier.repeat) return { id: earlier.repeat, duplicate: true, sameKey: earlier.byKey === true };
    await record.insert(tx, earlier.duplicateOf);
    await insertDeliveries(tx, record.recordKind, record.id, options.deliveries(record.id));
    return { id: record.id, duplicate: false, duplicateOf: earlier.duplicateOf };
  });
}
