import { getTableColumns, inArray, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { PersonSubject } from "../../domain/privacy-requests";
import type { Database } from "../store/database";
import { facilityLeads } from "../store/schema";
import { PERSON_TABLES } from "./personal-data-map";
import type { AnyTableEntry } from "./personal-data-rules";
import { findPersonRecords } from "./person-records";
import { idsOf, logRequest, type RequestContext } from "./privacy-request-log";

/** The columns of a table the export shows: all but those the map leaves out (a hash that only checks a code). */
function exportedColumns(entry: AnyTableEntry) {
  const columns = getTableColumns(entry.table as PgTable);
  return Object.fromEntries(
    Object.entries(columns).filter(([name]) => {
      const rule = entry.columns[name];
      return !(rule?.personal === true && !rule.exported);
    }),
  );
}

/**
 * One JSON document of everything kept about a person, each part with where it came
 * from, table by table as the personal-data map (personal-data-map.ts) says; the export itself is
 * logged (kind and what it covered, not its contents).
 */
export async function exportPerson(db: Database, subject: PersonSubject, context: RequestContext) {
  const records = await findPersonRecords(db, subject);
  const ids = idsOf(records);
  const leads = records.leadIds.length
    ? await db
        .select({ email: facilityLeads.email })
        .from(facilityLeads)
        .where(inArray(facilityLeads.id, records.leadIds))
    : [];
  const emails = [
    ...new Set([
      ...(subject.kind === "email" ? [subject.email] : []),
      ...leads.map((lead) => lead.email.toLowerCase()),
    ]),
  ];
  const keys = { ...records, emails };
  const parts: Record<string, { source: string; records: unknown[] }> = {};
  for (const [name, entry] of Object.entries(PERSON_TABLES) as [string, AnyTableEntry][]) {
    if (!entry.source) continue;
    const where: SQL | undefined = entry.rowsOf?.(keys);
    const rows = where
      ? ((await db
          .select(exportedColumns(entry))
          .from(entry.table as PgTable)
          .where(where)) as Record<string, unknown>[])
      : [];
    parts[name] = { source: entry.source, records: entry.exportRow ? rows.map(entry.exportRow) : rows };
  }
  const now = context.now ?? new Date();
  const requestId = await logRequest(db, {
    kind: "export",
    actor: context.actor,
    reference: context.reference,
    reason: context.reason ?? "",
    subjectKind: subject.kind,
    recordIds: ids,
    touched: Object.fromEntries(Object.entries(parts).map(([name, part]) => [name, part.records.length])),
    at: now,
  });
  return {
    exportedAt: now.toISOString(),
    requestId,
    about:
      "Everything this website's database keeps that names you, table by table. Each part says where it came from.",
    parts,
  };
}
