import { and, eq, gt, lt } from "drizzle-orm";
import type { RegistryRecord } from "../../domain/verification-match";
import type { Database } from "../store/database";
import { registryCache } from "../store/schema";

/**
 * Registry answers kept in `registry_cache`, keyed by the request: an answer with records for
 * `hitTtlMs` (registries change slowly), an empty one for `emptyTtlMs` (the facility may be
 * enrolled, or the name typed better, soon). Failures are never kept.
 */
export interface CacheTimes {
  hitTtlMs: number;
  emptyTtlMs: number;
}

export const DEFAULT_CACHE_TIMES: CacheTimes = { hitTtlMs: 7 * 24 * 3_600_000, emptyTtlMs: 3_600_000 };

export interface CachedRecords<T = RegistryRecord> {
  records: T[];
  /** Whether they came from the cache rather than the registry. */
  cached: boolean;
}

/** The cached records of `key` while fresh, else `load()`'s, stored for next time. `load` may throw; nothing is stored then. */
export async function cachedLookup<T = RegistryRecord>(
  db: Database,
  key: string,
  load: () => Promise<T[]>,
  times: CacheTimes = DEFAULT_CACHE_TIMES,
  now = new Date(),
): Promise<CachedRecords<T>> {
  const [hit] = await db
    .select({ records: registryCache.records })
    .from(registryCache)
    .where(and(eq(registryCache.key, key), gt(registryCache.expiresAt, now)));
  if (hit) return { records: hit.records as T[], cached: true };
  const records = await load();
  const expiresAt = new Date(now.getTime() + (records.length > 0 ? times.hitTtlMs : times.emptyTtlMs));
  await db
    .insert(registryCache)
    .values({ key, records, fetchedAt: now, expiresAt })
    .onConflictDoUpdate({ target: registryCache.key, set: { records, fetchedAt: now, expiresAt } });
  return { records, cached: false };
}

/** Drops expired answers (a sweep may call it; a stale row is never read either way). */
export async function pruneRegistryCache(db: Database, now = new Date()): Promise<number> {
  const gone = await db
    .delete(registryCache)
    .where(lt(registryCache.expiresAt, now))
    .returning({ key: registryCache.key });
  return gone.length;
}
