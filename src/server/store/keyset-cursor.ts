import { isUuid } from "../../domain/fields";

/**
 * A keyset cursor for lists ordered newest first by (received_at, id): the last row's pair,
 * as opaque base64url text. A page after it is `(received_at, id) < (cursor)`. The time is
 * PostgreSQL's own text of received_at (microseconds kept), as in newest-first.ts.
 */
export interface Cursor {
  at: string;
  id: string;
  /** A search's rank group of the last row (0 exact, 1 prefix, 2 anywhere: lead-search.ts); none outside a search. */
  tier?: number;
}

/** "2026-11-23 10:30:38.123456+00" (PostgreSQL's timestamptz text). */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

function encodeCursor(cursor: Cursor): string {
  const text = cursor.tier === undefined ? `${cursor.at}|${cursor.id}` : `${cursor.at}|${cursor.id}|${cursor.tier}`;
  return Buffer.from(text, "utf8").toString("base64url");
}

/** undefined for anything that is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  const [at, id, tier, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !at || !id || !isUuid(id) || !PG_TIMESTAMP.test(at)) return undefined;
  if (tier === undefined) return { at, id };
  return /^[0-2]$/.test(tier) ? { at, id, tier: Number(tier) } : undefined;
}

/**
 * One page from `pageSize + 1` rows read with a `cursorAt` column (received_at::text): the
 * rows without it, and the cursor of the next page when there is one.
 */
export function pageOf<R extends { id: string; cursorAt: string; tier?: number }>(
  rows: R[],
  pageSize: number,
): { rows: Omit<R, "cursorAt" | "tier">[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorAt: _, tier: __, ...row }) => row),
    nextCursor:
      rows.length > pageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id, tier: last.tier }) : null,
  };
}
