import { createHash } from "node:crypto";
import { sql } from "drizzle-orm";
import { CONSENT_TEXT } from "../../domain";
import type { Database } from "./database";
import { deliveryRow } from "./deliveries-repository";
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
  recordKind: "facility_lead" | "nurse_application",
  recordId: string,
  pending: PendingDelivery[],
): Promise<void> {
  if (pending.length === 0) return;
  await tx.insert(deliveries).values(pending.map((p) => deliveryRow({ ...p, payload: JSON.stringify(p.payload), recordKind, recordId })));
}
