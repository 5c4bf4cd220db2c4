import { readFileSync } from "node:fs";
import { getTableColumns, getTableName, is } from "drizzle-orm";
import { PgTable } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import * as schema from "../store/schema";
import { PERSONAL_DATA_MAP, PERSON_TABLES } from "./personal-data-map";

/** Every table of the Drizzle schema, by its name there. */
const schemaTables = Object.entries(schema as Record<string, unknown>).filter((pair): pair is [string, PgTable] =>
  is(pair[1], PgTable),
);

/** The tables the README's "A person's data" table names in its "where" column. */
function readmeTables(): Set<string> {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = readme.split("### A person's data")[1]!.split("\n\n")[1]!;
  const rows = section.split("\n").filter((line) => line.startsWith("| ") && !line.startsWith("| what |"));
  return new Set(rows.flatMap((row) => [...row.split("|")[2]!.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!)));
}

describe("the personal-data map (decision 0037)", () => {
  it("names every table of the schema, and each of its columns, as personal or not", () => {
    const unclassified: string[] = [];
    for (const [name, table] of schemaTables) {
      const entry = PERSONAL_DATA_MAP[name];
      if (!entry) {
        unclassified.push(`${getTableName(table)} (no entry)`);
        continue;
      }
      expect(entry.table).toBe(table);
      const columns = Object.keys(getTableColumns(table));
      for (const column of columns) if (!entry.columns[column]) unclassified.push(`${getTableName(table)}.${column}`);
      // And nothing the schema no longer has.
      expect(Object.keys(entry.columns).filter((column) => !columns.includes(column))).toEqual([]);
    }
    expect(unclassified).toEqual([]);
    expect(Object.keys(PERSONAL_DATA_MAP).sort()).toEqual(schemaTables.map(([name]) => name).sort());
  });

  it("says of every personal column what erasure does, as its table's erasure does it", () => {
    for (const [name, entry] of Object.entries(PERSON_TABLES)) {
      expect(entry.rowsOf, `${name}: how its rows are found`).toBeTypeOf("function");
      for (const [column, rule] of Object.entries(entry.columns)) {
        if (rule.personal !== true) continue;
        const where = `${name}.${column}`;
        if (rule.onErase === "row deleted") expect(entry.erasure, where).toBe("delete");
        else if ("keptBecause" in rule.onErase) expect(entry.erasure, where).toBe("keep");
        else expect(entry.erasure, where).toBe("update");
      }
    }
  });

  it("matches the README's table of personal data: every table holding a person is there, and each it names is a table", () => {
    const named = readmeTables();
    const personal = Object.values(PERSONAL_DATA_MAP)
      .filter((entry) => Object.values(entry.columns).some((rule) => rule.personal === true))
      .map((entry) => getTableName(entry.table as PgTable));
    expect(personal.filter((table) => !named.has(table))).toEqual([]);
    const tables = new Set(schemaTables.map(([, table]) => getTableName(table)));
    expect([...named].filter((table) => !tables.has(table))).toEqual([]);
  });
});
