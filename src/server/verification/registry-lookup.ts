import { matchFacility, type MatchOutcome, type RegistryRecord } from "../../domain/verification-match";
import type { RegistryFacts } from "../../domain/verification-policy";
import type { CmsDataset } from "./registry-records";
import type { LeadForVerification } from "./verification-repository";
import type { CmsClient } from "./cms-client";
import type { NppesClient, RegistryLookup } from "./nppes-client";

/** The registries asked about a lead's facility (NPPES and both CMS datasets), what each search did, and the match. */

/**
 * The CMS datasets asked, whatever type the lead chose: the type is the lead's word, not the
 * registry's, and a facility typed "assisted living" may be a certified nursing home. Asking
 * both registries every time lets one facility be known by its NPI and its CCN (decision 0040).
 */
const CMS_DATASETS_ASKED: CmsDataset[] = ["nursing_homes", "hospitals"];

/** What one registry search did: for the evidence panel and the figures (ms, cache). */
export interface LookupEvidence {
  registry: string;
  ok: boolean;
  cached: boolean;
  records: number;
  ms: number;
  problem?: string;
}

export async function lookUpFacility(
  lead: LeadForVerification,
  state: string,
  deps: { nppes: NppesClient; cms: CmsClient },
) {
  const timed = async (
    registry: string,
    run: () => Promise<RegistryLookup>,
  ): Promise<{ lookup: RegistryLookup; evidence: LookupEvidence }> => {
    const started = performance.now();
    const lookup = await run();
    const ms = Math.round(performance.now() - started);
    const evidence = lookup.ok
      ? { registry, ok: true, cached: lookup.cached, records: lookup.records.length, ms }
      : { registry, ok: false, cached: false, records: 0, ms, problem: lookup.problem };
    return { lookup, evidence };
  };
  const results = await Promise.all([
    timed("nppes", () => deps.nppes.searchOrganizations(lead.facilityName, state)),
    ...CMS_DATASETS_ASKED.map((dataset) =>
      timed(`cms_${dataset}`, () => deps.cms.search(dataset, lead.facilityName, state)),
    ),
  ]);
  const records: RegistryRecord[] = results.flatMap(({ lookup }) => (lookup.ok ? lookup.records : []));
  const down = results.some(({ lookup }) => !lookup.ok);
  const outcome: MatchOutcome | undefined = down
    ? undefined
    : matchFacility({ facilityName: lead.facilityName, state, phone: lead.phone }, records);
  return { outcome, lookups: results.map(({ evidence }) => evidence) };
}

export const registryFacts = (outcome: MatchOutcome | undefined): RegistryFacts =>
  !outcome
    ? { status: "unavailable" }
    : outcome.status === "matched"
      ? { status: "matched", match: outcome.match }
      : { status: outcome.status };
