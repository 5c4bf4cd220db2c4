import { searchWords } from "../../domain/verification-match";
import { fetchJsonLimited } from "./limited-fetch";
import { DEFAULT_REGISTRY_LIMITS, type RegistryClientOptions, type RegistryLookup } from "./nppes-client";
import { cachedLookup, DEFAULT_CACHE_TIMES } from "./registry-cache";
import { CMS_DATASETS, CmsAnswerSchema, recordFromCms, type CmsDataset } from "./registry-records";

/**
 * CMS Provider Data's datastore API: `GET /datastore/query/{datasetId}/0` with conditions, for
 * certified nursing homes and hospitals in a state whose name holds the facility's first words.
 * As with NPPES, every failure is "unavailable", never thrown.
 */

const CMS_LIMIT = 200;

export function cmsClient(options: RegistryClientOptions) {
  const limits = { ...DEFAULT_REGISTRY_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());

  const query = async (dataset: CmsDataset, state: string, words: string[]) => {
    const { id, fields } = CMS_DATASETS[dataset];
    const url = new URL(`${options.baseUrl.replace(/\/+$/, "")}/datastore/query/${id}/0`);
    const conditions: Array<[string, string, string]> = [
      [fields.state, state, "="],
      ...words.map((word): [string, string, string] => [fields.name, `%${word}%`, "LIKE"]),
    ];
    conditions.forEach(([property, value, operator], i) => {
      url.searchParams.set(`conditions[${i}][property]`, property);
      url.searchParams.set(`conditions[${i}][value]`, value);
      url.searchParams.set(`conditions[${i}][operator]`, operator);
    });
    url.searchParams.set("limit", String(CMS_LIMIT));
    const answer = CmsAnswerSchema.safeParse(await fetchJsonLimited(url, limits));
    if (!answer.success) throw new Error("answer not as documented");
    return answer.data.results.map((row) => recordFromCms(dataset, row));
  };

  return {
    /** The dataset's facilities in `state` whose name holds the name's first two words (any case). */
    async search(dataset: CmsDataset, facilityName: string, state: string): Promise<RegistryLookup> {
      const words = searchWords(facilityName)
        .slice(0, 2)
        .map((word) => word.toUpperCase());
      if (words.length === 0) return { ok: true, records: [], cached: false };
      const key = `cms:${CMS_DATASETS[dataset].id}:${state.toUpperCase()}:${words.join(" ")}`;
      try {
        const result = await cachedLookup(
          options.db,
          key,
          () => query(dataset, state.toUpperCase(), words),
          options.cacheTimes ?? DEFAULT_CACHE_TIMES,
          now(),
        );
        return { ok: true, ...result };
      } catch (error) {
        return { ok: false, problem: `CMS ${dataset.replace("_", " ")} unavailable: ${(error as Error).message}` };
      }
    },
  };
}
export type CmsClient = ReturnType<typeof cmsClient>;
