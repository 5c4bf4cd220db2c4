import { and, eq, getTableColumns, getTableName, inArray, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Database } from "../store/database";
import { deliveries, facilityLeads } from "../store/schema";
import { PERSON_TABLES, deliveriesNaming } from "./personal-data-map";
import type { AnyTableEntry, PersonKeys } from "./personal-data-rules";
import type { PersonRecords } from "./person-records";

/** What erasure sets on a table's personal columns, as its entry in the map says. */
function erasedValues(entry: AnyTableEntry): Record<string, unknown> {
  const columns = getTableColumns(entry.table as PgTable);
  const values: Record<string, unknown> = {};
  for (const [name, rule] of Object.entries(entry.columns)) {
    if (rule.personal !== true) continue;
    const { onErase } = rule;
    if (typeof onErase === "object" && "set" in onErase) values[name] = onErase.set;
    else if (typeof onErase === "object" && "setSql" in onErase) values[name] = onErase.setSql(columns[name]!);
  }
  return values;
}

/** The person's keys for the map: their records, and the addresses their leads were sent from. */
async function personKeys(tx: Database, records: PersonRecords): Promise<PersonKeys> {
  const leads = records.leadIds.length
    ? await tx
        .select({ email: facilityLeads.email })
        .from(facilityLeads)
        .where(inArray(facilityLeads.id, records.leadIds))
    : [];
  return { ...records, emails: [...new Set(leads.map((lead) => lead.email.toLowerCase()))] };
}

/**
 * Erases every personal field of these records in the caller's transaction (decision 0025), table by
 * table as the personal-data map (personal-data-map.ts) says: what is not personal stays, so the
 * books add up. Deliveries not yet sent are cancelled first. Answers, per table, how many rows it touched.
 */
export async function eraseRecords(tx: Database, records: PersonRecords, now: Date): Promise<Record<string, number>> {
  const keys = await personKeys(tx, records);
  const touched: Record<string, number> = {};
  const count = (table: string, rows: unknown[]) => {
    if (rows.length > 0) touched[table] = (touched[table] ?? 0) + rows.length;
  };
  const named = deliveriesNaming(keys);
  if (named) {
    count(
      "deliveries (cancelled)",
      await tx
        .update(deliveries)
        .set({ status: "cancelled", lastError: "cancelled: its person was erased" })
        .where(and(named, eq(deliveries.status, "pending")))
        .returning({ id: deliveries.id }),
    );
  }
  for (const entry of Object.values(PERSON_TABLES) as AnyTableEntry[]) {
    const table = entry.table as PgTable;
    const rows = (entry.erasedRowsOf ?? entry.rowsOf)?.(keys);
    if (!rows || entry.erasure === "keep" || entry.erasure === "none") continue;
    const where: SQL = entry.onlyWhere ? and(rows, entry.onlyWhere(table))! : rows;
    const name = getTableName(table);
    if (entry.erasure === "delete") {
      count(
        name,
        await tx
          .delete(table)
          .where(where)
          .returning({ one: sql`1` }),
      );
      continue;
    }
    const values = { ...erasedValues(entry), ...entry.alsoSet?.(now) };
    count(
      name,
      await tx
        .update(table)
        .set(values)
        .where(where)
        .returning({ one: sql`1` }),
    );
  }
  return touched;
}
