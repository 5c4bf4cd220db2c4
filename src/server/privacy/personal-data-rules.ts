import { inArray, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { ERASED } from "../../domain/privacy-requests";

/**
 * The words of the personal-data map (personal-data-map.ts): what erasure and export do with one
 * column, and how a table's rows are found for a person. Data only; erase-records.ts and
 * export-person.ts act on it.
 */

/** The keys by which a person's rows are found: their leads, their nurse applications, their e-mails. */
export interface PersonKeys {
  leadIds: string[];
  applicationIds: string[];
  /** Lower-case: the address asked about and their leads' addresses. */
  emails: string[];
}

/** What erasure does with a personal column. */
type OnErase =
  /** Set to this value (a marker, "", null, {} or []). */
  | { set: unknown }
  /** Set to this expression of the column (a history keeps its shape: only some keys or only non-empty values change). */
  | { setSql: (column: AnyColumn) => SQL }
  /** The whole row is deleted (its table's `erasure` is "delete"). */
  | "row deleted"
  /** Kept on purpose, for the reason given (its table's `erasure` is "keep"). */
  | { keptBecause: string };

export type ColumnRule =
  /** Names no one: ids, dates, statuses, amounts, references, counters, the facility's own facts. */
  | { personal: false }
  /** A member of staff's own data (their e-mail as actor, their sessions): not a lead's or applicant's, outside these requests. */
  | { personal: "staff" }
  | {
      personal: true;
      onErase: OnErase;
      /** False: left out of the person's export (a hash that only checks a code). */
      exported: boolean;
    };

/** One table of the map: how its rows are found, what becomes of them, each column's rule. */
export interface TableEntry<T extends PgTable = PgTable> {
  table: T;
  /** The rows that name the person; undefined: the table never holds a person's data (staff's own, counters, caches). */
  rowsOf?: ((keys: PersonKeys) => SQL | undefined) | undefined;
  /** update: personal columns set as their rules say; delete: rows deleted; keep: nothing changes (see each column's reason). */
  erasure: "update" | "delete" | "keep" | "none";
  /** The rows erasure touches when they are more than `rowsOf` finds (an outbox row that mentions the person's record). */
  erasedRowsOf?: ((keys: PersonKeys) => SQL | undefined) | undefined;
  /** What else erasure sets on the rows (the time of erasure). */
  alsoSet?: ((now: Date) => Record<string, unknown>) | undefined;
  /** Erasure touches only these of the person's rows (those holding something to erase: an append-only history allows no other change). */
  onlyWhere?: ((table: T) => SQL) | undefined;
  /** Where this part of the export came from, in words the person reads; undefined: not exported. */
  source?: string | undefined;
  /** How a row is shown in the export (a JSON text column as JSON). */
  exportRow?: ((row: Record<string, unknown>) => Record<string, unknown>) | undefined;
  /** Every column of the table, by its name in the schema: the compiler refuses a column left out. */
  columns: { [K in keyof T["$inferSelect"]]-?: ColumnRule };
}

/** Any table's entry, as erasure and export read them (each entry is checked against its own table where it is declared). */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the map holds entries of different tables; `entry` types each one
export type AnyTableEntry = TableEntry<any>;

/** Declares one table of the map; its `columns` must name every column (checked by the compiler and by a test). */
export const entry = <T extends PgTable>(table: T, spec: Omit<TableEntry<T>, "table">): TableEntry<T> => ({
  table,
  ...spec,
});

/** Not personal. */
export const KEPT: ColumnRule = { personal: false };
/** A member of staff's own data. */
export const STAFF: ColumnRule = { personal: "staff" };
/** Personal, erased to `value`, and exported. */
export const erasedTo = (value: unknown): ColumnRule => ({ personal: true, onErase: { set: value }, exported: true });
/** Personal, replaced by the marker "[erased]". */
export const MARKED = erasedTo(ERASED);
/** Personal, erased by an expression of the column. */
export const erasedBy = (setSql: (column: AnyColumn) => SQL): ColumnRule => ({
  personal: true,
  onErase: { setSql },
  exported: true,
});
/** Personal, its row deleted on erasure; `exported: false` for a hash that only checks a code. */
export const rowDeleted = (exported = true): ColumnRule => ({ personal: true, onErase: "row deleted", exported });
/** Personal, kept on erasure for this reason. */
export const keptBecause = (reason: string): ColumnRule => ({
  personal: true,
  onErase: { keptBecause: reason },
  exported: true,
});

/** A text that is erased to the marker when it holds something, and stays "" when empty (a history's guard allows only that). */
export const markedUnlessEmpty = erasedBy((column) => sql`case when ${column} = '' then '' else ${ERASED} end`);

/** A JSON object whose named keys, where present, become "[erased]"; every other key stays as it was. */
export const jsonKeysErased = (keys: readonly string[]) =>
  erasedBy(
    (column) =>
      sql`${column} || coalesce((select jsonb_object_agg(k.key, to_jsonb(${ERASED}::text)) from jsonb_object_keys(${column}) as k(key) where k.key in (${sql.join(
        keys.map((key) => sql`${key}`),
        sql`, `,
      )})), '{}'::jsonb)`,
  );

/** Rows found by a lead's id in this column. */
export const byLead =
  (column: AnyColumn) =>
  ({ leadIds }: PersonKeys) =>
    leadIds.length > 0 ? inArray(column, leadIds) : undefined;

/** Rows found by a nurse application's id in this column. */
export const byApplication =
  (column: AnyColumn) =>
  ({ applicationIds }: PersonKeys) =>
    applicationIds.length > 0 ? inArray(column, applicationIds) : undefined;
