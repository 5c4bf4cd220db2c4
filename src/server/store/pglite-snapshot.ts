import type { PGlite } from "@electric-sql/pglite";

/**
 * A consistent copy of the embedded database's data directory, taken while it serves (issue 51):
 * between transactions (PGlite's transaction lock held, so none is half-done), after a
 * CHECKPOINT (the copy needs no WAL replay), as PGlite's own gzipped tar of the directory,
 * the format its `loadDataDir` (and `npm run restore`) reads back.
 */
export async function pgliteSnapshot(client: PGlite): Promise<Blob> {
  return client._runExclusiveTransaction(async () => {
    await client.exec("CHECKPOINT");
    return client.dumpDataDir("gzip");
  });
}
