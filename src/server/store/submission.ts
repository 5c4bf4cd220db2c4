import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { CONSENT_TEXT } from "../../domain";
import type { Database } from "./database";
import { deliveryRow, type RecordKind } from "./deliveries-repository";
import { deliveries } from "./schema";

/** What the server knows about a request besides its body. */
export interface RequestContext {
  clientIp: string;
  userAgent: string | undefined;
  now: Date;
  /** The Referer header: the page a qualify-page lead was sent from. */
  referer?: string | undefined;
  /** The Idempotency-Key header: the same key returns the first record. */
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
  /** True when an earlier record was returned (double submit); nothing was written. */
  duplicate: boolean;
}

/** Serialises concurrent submits with the same key for the rest of the transaction. */
export async function lockKey(tx: Database, key: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${key}))`);
}

export async function insertDeliveries(
  tx: Database,
  recordKind: RecordKind,
  recordId: string,
  pending: PendingDelivery[],
): Promise<void> {
  if (pending.length === 0) return;
  await tx.insert(deliveries).values(pending.map((p) => deliveryRow({ ...p, payload: JSON.stringify(p.payload), recordKind, recordId })));
}

export interface StoreOptions {
  spam: boolean;
  deliveries: (id: string) => PendingDelivery[];
  /** PostgreSQL: other connections may store the same submit at once, so lock its keys (PGlite runs one transaction at a time). */
  concurrent?: boolean;
}

/** What differs between the public forms' records: how to insert one and how to find the one it repeats. */
export interface StoredRecord {
  id: string;
  idempotencyKey: string | null;
  recordKind: "facility_lead" | "nurse_application";
  /** The lock key of "the same submit" (form, e-mail, phone). */
  sameSubmitKey: string;
  insert: (tx: Database) => Promise<unknown>;
  findDuplicate: (tx: Database) => Promise<string | undefined>;
}

/**
 * Stores a record and its deliveries in one transaction (the outbox), unless it repeats an
 * earlier one (double submit): then the earlier id, and nothing written. Spam is stored,
 * marked by the caller's row, and never forwarded.
 */
export async function storeOnce(db: Database, record: StoredRecord, options: StoreOptions): Promise<StoreResult> {
  if (options.spam) {
    await record.insert(db);
    return { id: record.id, duplicate: false };
  }
  return db.transaction(async (tx) => {
    if (options.concurrent && record.idempotencyKey) await lockKey(tx, `idempotency:${record.idempotencyKey}`);
    if (options.concurrent) await lockKey(tx, record.sameSubmitKey);
    const earlier = await record.findDuplicate(tx);
    if (earlier) return { id: earlier, duplicate: true };
    await record.insert(tx);
    await insertDeliveries(tx, record.recordKind, record.id, options.deliveries(record.id));
    return { id: record.id, duplicate: false };
  });
}
