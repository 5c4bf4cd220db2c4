import { sql } from "drizzle-orm";
import type { Database } from "../store/database";

/**
 * Every column of every table (cast to text, whatever its type), searched for each needle (any
 * case): where any remains, as "table.column: needle". What an erasure test asks of the database.
 */
export async function remainingPersonalData(db: Database, needles: readonly string[]): Promise<string[]> {
  const columns = (await db.execute(
    sql`select table_name, column_name from information_schema.columns where table_schema = 'public' order by table_name, column_name`,
  )) as unknown as { rows: { table_name: string; column_name: string }[] };
  const found: string[] = [];
  const list = sql`array[${sql.join(
    needles.map((needle) => sql`${needle}::text`),
    sql`, `,
  )}]`;
  for (const { table_name, column_name } of columns.rows) {
    const column = sql`${sql.identifier(table_name)}.${sql.identifier(column_name)}`;
    const result = (await db.execute(
      sql`select distinct needle from ${sql.identifier(table_name)}, unnest(${list}) as needle where position(lower(needle) in lower(${column}::text)) > 0`,
    )) as unknown as { rows: { needle: string }[] };
    for (const { needle } of result.rows) found.push(`${table_name}.${column_name}: ${needle}`);
  }
  return found.sort();
}
