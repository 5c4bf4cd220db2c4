import type { PGlite } from "@electric-sql/pglite";

/**
 * A consistent copy of the embedded database's data directory, taken while it serves:
 * a CHECKPOINT first (little WAL to replay on restore), then PGlite's own gzipped tar of the
 * directory taken while its transaction lock is held, so no transaction is half-done in it and
 * every one committed before is. The format PGlite's `loadDataDir` (`npm run restore`) reads back.
 */
export async function pgliteSnapshot(client: PGlite): Promise<Blob> {
  await client.exec("CHECKPOINT");
  // Not client.exec inside: it takes the same lock.
  return client._runExclusiveTransaction(() => client.dumpDataDir("gzip"));
}
