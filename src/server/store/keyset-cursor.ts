import { isUuid } from "../../domain/fields";

/**
 * A keyset cursor for lists ordered newest first by (received_at, id): the last row's pair,
 * as opaque base64url text. A page after it is `(received_at, id) < (cursor)`. The time is
 * PostgreSQL's own text of received_at (microseconds kept), as in newest-first.ts.
 */
export interface Cursor {
  at: string;
  id: string;
}

/** "2026-11-23 10:30:38.123456+00" (PostgreSQL's timestamptz text). */
const PG_TIMESTAMP = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}:\d{2}(\.\d{1,6})?([+-]\d{2}(:?\d{2})?|Z)$/;

function encodeCursor(cursor: Cursor): string {
  return Buffer.from(`${cursor.at}|${cursor.id}`, "utf8").toString("base64url");
}

/** undefined for anything that is not a cursor this server made. */
export function decodeCursor(text: string): Cursor | undefined {
  const [at, id, extra] = Buffer.from(text, "base64url").toString("utf8").split("|");
  if (extra !== undefined || !at || !id || !isUuid(id) || !PG_TIMESTAMP.test(at)) return undefined;
  return { at, id };
}

/**
 * One page from `pageSize + 1` rows read with a `cursorAt` column (received_at::text): the
 * rows without it, and the cursor of the next page when there is one.
 */
export function pageOf<R extends { id: string; cursorAt: string }>(
  rows: R[],
  pageSize: number,
): { rows: Omit<R, "cursorAt">[]; nextCursor: string | null } {
  const page = rows.slice(0, pageSize);
  const last = page.at(-1);
  return {
    rows: page.map(({ cursorAt: _, ...row }) => row),
    nextCursor: rows.length > pageSize && last ? encodeCursor({ at: last.cursorAt, id: last.id }) : null,
  };
}
