/**
 * RFC 4180 CSV: CRLF line ends, every cell quoted when it holds a comma, quote or line break,
 * quotes doubled. A cell that a spreadsheet would run as a formula (=, +, -, @, tab, CR first)
 * is prefixed with ' so it shows as text.
 */

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return [header, ...rows].map((row) => row.map(csvCell).join(",")).join("\r\n") + "\r\n";
}

/** Rows of objects as CSV with the given columns (the key is also the header). */
export function objectsToCsv<T extends object>(columns: readonly (keyof T & string)[], objects: readonly T[]): string {
  return toCsv(
    columns,
    objects.map((object) => columns.map((column) => object[column])),
  );
}
