import { and, desc, getTableColumns, sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../store/database";

/** A table whose rows are listed newest first: a received time and a unique id to break ties. */
type ReceivedTable = PgTable & { id: AnyPgColumn; receivedAt: AnyPgColumn };

/** Rows per page of an export: small enough that one page never holds the server up. */
const EXPORT_BATCH_SIZE = 200;

/**
 * Every row of the table, newest first, read page by page with keyset pagination on
 * (received_at, id): each page starts after the last row of the one before, so a page costs
 * the same at row 1 and at row 1,000,000, and rows added meanwhile never shift the pages.
 * The cursor keeps the timestamp as PostgreSQL's own text (microseconds), not a JS Date.
 * `where` narrows the rows (the staff console's filtered export).
 */
export async function* newestFirstInBatches<T extends ReceivedTable>(
  db: Database,
  table: T,
  batchSize = EXPORT_BATCH_SIZE,
  where?: SQL,
): AsyncGenerator<T["$inferSelect"][]> {
  const columns = getTableColumns(table);
  let cursor: { at: string; id: string } | undefined;
  for (;;) {
    const page = (await db
      .select({ ...columns, cursorAt: sql<string>`${table.receivedAt}::text`.as("cursor_at") })
      .from(table as PgTable)
      .where(
        and(
          where,
          cursor
            ? sql`(${table.receivedAt}, ${table.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`
            : undefined,
        ),
      )
      .orderBy(desc(table.receivedAt), desc(table.id))
      .limit(batchSize)) as unknown as Array<T["$inferSelect"] & { cursorAt: string; id: string }>;
    if (page.length === 0) return;
    const last = page[page.length - 1]!;
    cursor = { at: last.cursorAt, id: last.id };
    yield page.map(({ cursorAt: _, ...row }) => row as T["$inferSelect"]);
    if (page.length < batchSize) return;
  }
}
