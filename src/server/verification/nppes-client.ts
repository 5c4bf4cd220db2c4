import { searchWords, type RegistryRecord } from "../../domain/verification-match";
import type { Database } from "../store/database";
import { fetchJsonLimited, type FetchLimits } from "./limited-fetch";
import { cachedLookup, DEFAULT_CACHE_TIMES, type CacheTimes } from "./registry-cache";
import { NppesAnswerSchema, recordFromNppes } from "./registry-records";

/**
 * The NPPES NPI Registry API 2.1, organisations only (`enumeration_type=NPI-2`): a facility
 * searched by name in a state. Every failure (timeout, HTTP error, an answer too large or not
 * as documented, `Errors` in a 200) is the one outcome "unavailable": never thrown.
 */

export type RegistryLookup = { ok: true; records: RegistryRecord[]; cached: boolean } | { ok: false; problem: string };

export interface RegistryClientOptions {
  db: Database;
  baseUrl: string;
  limits?: Partial<FetchLimits>;
  cacheTimes?: CacheTimes;
  now?: () => Date;
}

export const DEFAULT_REGISTRY_LIMITS: FetchLimits = { timeoutMs: 5000, maxBytes: 2 * 1024 * 1024 };
/** The API's largest page. */
const NPPES_MAX_LIMIT = 200;

class NppesErrors extends Error {}

export function nppesClient(options: RegistryClientOptions) {
  const limits = { ...DEFAULT_REGISTRY_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());

  const query = async (organizationName: string, state: string): Promise<RegistryRecord[]> => {
    const url = new URL(options.baseUrl);
    url.searchParams.set("version", "2.1");
    url.searchParams.set("enumeration_type", "NPI-2");
    url.searchParams.set("organization_name", organizationName);
    url.searchParams.set("state", state);
    url.searchParams.set("limit", String(NPPES_MAX_LIMIT));
    const answer = NppesAnswerSchema.safeParse(await fetchJsonLimited(url, limits));
    if (!answer.success) throw new NppesErrors("answer not as documented");
    if (answer.data.Errors?.length)
      throw new NppesErrors(`Errors: ${answer.data.Errors.map((e) => e.field ?? "?").join(", ")}`);
    return (answer.data.results ?? []).map(recordFromNppes);
  };

  /**
   * The name's first two words, then its first word, each with the trailing wildcard (allowed
   * after 2 characters): the registry's legal name often goes on ("SUNRISE SENIOR LIVING
   * MANAGEMENT INC"). The first search that finds anything is kept.
   */
  const searches = (facilityName: string) => {
    const words = searchWords(facilityName);
    const names = [words.slice(0, 2).join(" "), words[0] ?? ""].filter((name) => name.replace(/\s/g, "").length >= 2);
    return [...new Set(names)].map((name) => `${name}*`);
  };

  return {
    async searchOrganizations(facilityName: string, state: string): Promise<RegistryLookup> {
      let cachedAll = true;
      try {
        for (const name of searches(facilityName)) {
          const key = `nppes:2.1:NPI-2:${state.toUpperCase()}:${name.toUpperCase()}`;
          const result = await cachedLookup(
            options.db,
            key,
            () => query(name, state),
            options.cacheTimes ?? DEFAULT_CACHE_TIMES,
            now(),
          );
          cachedAll &&= result.cached;
          if (result.records.length > 0) return { ok: true, records: result.records, cached: cachedAll };
        }
        return { ok: true, records: [], cached: cachedAll };
      } catch (error) {
        return { ok: false, problem: `NPPES unavailable: ${(error as Error).message}` };
      }
    },
  };
}
export type NppesClient = ReturnType<typeof nppesClient>;
