import { sql } from "drizzle-orm";
import type { Store } from "./database";

/** The first key of the timed jobs' advisory locks (the second is the job's name, hashed): apart from the migrations' lock. */
const JOB_LOCKS = 510_051;

/**
 * A timed job's pass, run by one process of the fleet at a time: on PostgreSQL under
 * a transaction-scoped advisory lock named for the job, taken without waiting; a process that
 * finds it taken skips this pass (another is doing the work) and answers undefined. The lock
 * ends with the transaction, so a process killed mid-pass holds nothing. The embedded database
 * has one process: it just runs.
 */
export async function onceAcrossFleet<T>(store: Store, job: string, pass: () => Promise<T>): Promise<T | undefined> {
  if (store.kind !== "postgres") return pass();
  return store.db.transaction(async (tx) => {
    const result = (await tx.execute(
      sql`select pg_try_advisory_xact_lock(${JOB_LOCKS}, hashtext(${job})) as taken`,
    )) as unknown as { rows: { taken: boolean }[] };
    return result.rows[0]?.taken ? pass() : undefined;
  });
}
