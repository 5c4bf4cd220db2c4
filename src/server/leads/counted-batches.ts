/** The batches as they are, counting rows; `done` is called once, when they end or the download stops. */
export async function* countedBatches<Row>(
  batches: AsyncIterable<readonly Row[]>,
  done: (rows: number, complete: boolean) => Promise<void>,
): AsyncGenerator<readonly Row[]> {
  let rows = 0;
  let complete = false;
  try {
    for await (const batch of batches) {
      rows += batch.length;
      yield batch;
    }
    complete = true;
  } finally {
    await done(rows, complete);
  }
}

/** The plain values of an object (a filter's names and choices), for a security event's details. */
export const plainValues = (values: Record<string, unknown>) =>
  Object.fromEntries(
    Object.entries(values).filter((entry): entry is [string, string | number | boolean] =>
      ["string", "number", "boolean"].includes(typeof entry[1]),
    ),
  );
