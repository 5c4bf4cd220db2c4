import { Readable, pipeline } from "node:stream";
import { setImmediate as nextTurn } from "node:timers/promises";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";

/**
 * CSV downloads that stream: rows come in batches (from the store's keyset pages), are written
 * as they come by csv-stringify (RFC 4180 quoting, CRLF rows), and never sit in memory whole,
 * so a large export neither stalls the server nor grows its memory with the table.
 */

/** A column: a key of the row (the key is the header), or a header with how to read its value. */
export type CsvColumn<Row> = (keyof Row & string) | { header: string; value: (row: Row) => unknown };

const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * A cell's text: dates as ISO, arrays and objects as JSON, null as empty. A text that a
 * spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets a leading ' so it shows as text.
 */
export function csvCellText(value: unknown): string {
  let text: string;
  if (value === null || value === undefined) text = "";
  else if (value instanceof Date) text = value.toISOString();
  else if (typeof value === "object") text = JSON.stringify(value);
  else text = String(value);
  return FORMULA_START.test(text) ? `'${text}` : text;
}

const headerOf = <Row>(column: CsvColumn<Row>) => (typeof column === "string" ? column : column.header);
const readerOf = <Row>(column: CsvColumn<Row>) =>
  typeof column === "string" ? (row: Row) => row[column] : column.value;

/** The CSV text of the rows as a stream: header first, then one record per row as the batches come. */
export function csvStream<Row>(columns: readonly CsvColumn<Row>[], batches: AsyncIterable<readonly Row[]>): Readable {
  const readers = columns.map(readerOf);
  async function* records() {
    yield columns.map(headerOf);
    for await (const batch of batches) {
      for (const row of batch) yield readers.map((read) => csvCellText(read(row)));
      // An embedded database answers in microtasks: without a turn of the event loop here, a
      // fast client would have the whole export run before any other request is served.
      await nextTurn();
    }
  }
  const csv = stringify({ record_delimiter: "windows", quoted_match: /[\r\n]/ });
  // pipeline: backpressure from the client reaches the reader, and a client gone (the reply
  // destroys the stream) stops the batches, so no further page is read.
  pipeline(Readable.from(records()), csv, () => {});
  return csv;
}

/** The batches as they come, their rows counted (GET /metrics). */
async function* counted<Row>(
  batches: AsyncIterable<readonly Row[]>,
  count: (rows: number) => void,
): AsyncIterable<readonly Row[]> {
  for await (const batch of batches) {
    count(batch.length);
    yield batch;
  }
}

/** Sends the rows as a CSV download named `filename`. */
export function sendCsv<Row>(
  reply: FastifyReply,
  options: { filename: string; columns: readonly CsvColumn<Row>[]; batches: AsyncIterable<readonly Row[]> },
): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${options.filename}"`)
    .send(
      csvStream(
        options.columns,
        counted(options.batches, (rows) =>
          reply.server.metrics?.csvRowsExported(reply.request.routeOptions.url ?? "unmatched", rows),
        ),
      ),
    );
}
