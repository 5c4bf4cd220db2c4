/**
 * Matching a lead's facility to public registry records (decision 0024): pure rules. The server's
 * registry clients (src/server/verification/) turn the NPPES and CMS answers into
 * `RegistryRecord`s; this module scores them against what the lead said and keeps the best.
 */

type RegistrySource = "nppes" | "cms_nursing_home" | "cms_hospital";

interface RegistryOfficial {
  firstName: string;
  lastName: string;
  title: string;
  phone: string;
}

/** One registry record in our words (whatever the provider called its fields). */
export interface RegistryRecord {
  source: RegistrySource;
  /** NPPES: the NPI; CMS: absent. */
  npi?: string;
  /** CMS: the CMS Certification Number; NPPES: absent. */
  ccn?: string;
  name: string;
  address: { line: string; city: string; state: string; zip: string };
  /** Ten digits, or "" when the record has none. */
  phone: string;
  /** NPPES: the primary taxonomy's description. */
  taxonomy?: string;
  official?: RegistryOfficial;
  /** NPPES: the registrable domains its endpoints name (Direct addresses, FHIR and web URLs). */
  endpointDomains?: string[];
  /** NPPES: the e-mail addresses (Direct) its endpoints name, lower case. */
  endpointAddresses?: string[];
  /** NPPES: when the NPI was enumerated and last updated (YYYY-MM-DD). */
  enumeratedOn?: string;
  lastUpdatedOn?: string;
}

/** What the lead told us about the facility. `state` is the two-letter code. */
export interface MatchQuery {
  facilityName: string;
  state: string;
  phone?: string;
  zip?: string;
}

/** The matched facility: NPI and/or CCN (both when an NPPES record and a CMS one agree). */
export interface FacilityMatch extends Omit<RegistryRecord, "source"> {
  sources: RegistrySource[];
  score: number;
  /** The phone of the facility's CMS record, when it has one (the callback's first choice). */
  cmsPhone?: string;
}

export type MatchOutcome =
  | { status: "matched"; match: FacilityMatch }
  | { status: "ambiguous"; candidates: number }
  | { status: "not_found"; candidates: number };

/** A record must score this much (name 0..1, plus phone and ZIP) to be the lead's facility. */
export const MATCH_THRESHOLD = 0.8;
/** Two different facilities within this of the best score: staff decide which it is. */
const AMBIGUITY_MARGIN = 0.05;

/** Words that say what kind of company it is, not which facility: dropped before comparing. */
const NOISE = new Set([
  "the",
  "inc",
  "incorporated",
  "llc",
  "llp",
  "lp",
  "ltd",
  "corp",
  "corporation",
  "co",
  "company",
  "pc",
  "pllc",
  "pa",
  "dba",
  "of",
  "at",
  "and",
]);
const ABBREVIATIONS: Record<string, string> = {
  ctr: "center",
  cntr: "center",
  centre: "center",
  hosp: "hospital",
  mem: "memorial",
  med: "medical",
  rehab: "rehabilitation",
  hlth: "health",
  hlthcare: "healthcare",
  nrsg: "nursing",
  st: "saint",
  mt: "mount",
  ft: "fort",
  sr: "senior",
  snf: "skilled nursing facility",
};

/** Lower case, "&" as "and", punctuation out, abbreviations spelt out, company words dropped. */
export function nameTokens(name: string): string[] {
  const words = name
    .toLowerCase()
    .replace(/&/g, " and ")
    .replace(/['’.]/g, "")
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .flatMap((word) => (ABBREVIATIONS[word] ?? word).split(" "));
  return [...new Set(words.filter((word) => !NOISE.has(word)))];
}

/** Token overlap (Dice: twice the shared tokens over both counts), 0..1. */
export function nameSimilarity(a: string, b: string): number {
  const left = nameTokens(a);
  const right = new Set(nameTokens(b));
  if (left.length === 0 || right.size === 0) return 0;
  const shared = left.filter((token) => right.has(token)).length;
  return (2 * shared) / (left.length + right.size);
}

/** The national ten digits of a US number ("+1 (404) 555-0100" -> "4045550100"); "" when not ten. */
export function tenDigits(phone: string | undefined): string {
  const digits = (phone ?? "").replace(/\D/g, "");
  const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
  return national.length === 10 ? national : "";
}

const zip5 = (zip: string | undefined) => (zip ?? "").replace(/\D/g, "").slice(0, 5);

/** The record's score for the query: name similarity, +0.3 for the same phone (+0.1 same exchange), +0.2 for the same ZIP. */
export function scoreRecord(query: MatchQuery, record: RegistryRecord): number {
  if (record.address.state.toUpperCase() !== query.state.toUpperCase()) return 0;
  const name = nameSimilarity(query.facilityName, record.name);
  const wanted = tenDigits(query.phone);
  const phone = tenDigits(record.phone);
  const phoneScore =
    wanted && phone ? (wanted === phone ? 0.3 : wanted.slice(0, 6) === phone.slice(0, 6) ? 0.1 : 0) : 0;
  const zipScore = zip5(query.zip).length === 5 && zip5(query.zip) === zip5(record.address.zip) ? 0.2 : 0;
  return Math.round((name + phoneScore + zipScore) * 1000) / 1000;
}

const sameFacility = (a: RegistryRecord, b: RegistryRecord) =>
  (tenDigits(a.phone) !== "" && tenDigits(a.phone) === tenDigits(b.phone)) ||
  (zip5(a.address.zip) === zip5(b.address.zip) && nameSimilarity(a.name, b.name) >= MATCH_THRESHOLD);

/**
 * The lead's facility among the records of every registry: the best record above the threshold,
 * with the NPI or CCN of a record from another registry that is the same facility (same phone,
 * or same ZIP and name). Two different facilities both near the top: ambiguous.
 */
export function matchFacility(query: MatchQuery, records: readonly RegistryRecord[]): MatchOutcome {
  const scored = records
    .map((record) => ({ record, score: scoreRecord(query, record) }))
    .filter(({ score }) => score >= MATCH_THRESHOLD)
    .sort((a, b) => b.score - a.score);
  const best = scored[0];
  if (!best) return { status: "not_found", candidates: records.length };
  const rivals = scored.filter(
    ({ record, score }) => best.score - score <= AMBIGUITY_MARGIN && !sameFacility(best.record, record),
  );
  if (rivals.length > 0) return { status: "ambiguous", candidates: rivals.length + 1 };
  const { source, ...record } = best.record;
  const match: FacilityMatch = {
    ...record,
    sources: [source],
    score: best.score,
    ...(source !== "nppes" && record.phone ? { cmsPhone: record.phone } : {}),
  };
  for (const { record: other } of scored.slice(1)) {
    if (other.source === source || !sameFacility(best.record, other)) continue;
    if (!match.npi && other.npi)
      Object.assign(match, {
        npi: other.npi,
        taxonomy: other.taxonomy,
        official: other.official,
        ...(other.endpointDomains ? { endpointDomains: other.endpointDomains } : {}),
        ...(other.endpointAddresses ? { endpointAddresses: other.endpointAddresses } : {}),
        ...(other.enumeratedOn ? { enumeratedOn: other.enumeratedOn } : {}),
        ...(other.lastUpdatedOn ? { lastUpdatedOn: other.lastUpdatedOn } : {}),
      });
    if (!match.ccn && other.ccn) match.ccn = other.ccn;
    if (!match.cmsPhone && other.source !== "nppes" && other.phone) match.cmsPhone = other.phone;
    if (!match.sources.includes(other.source)) match.sources.push(other.source);
  }
  return { status: "matched", match };
}

const COMPANY_WORDS = new Set([
  "the",
  "inc",
  "incorporated",
  "llc",
  "llp",
  "lp",
  "ltd",
  "corp",
  "corporation",
  "co",
  "company",
  "pc",
  "pllc",
  "pa",
  "dba",
]);

/**
 * The words a registry search is made of: the name as typed, its punctuation and company words
 * (the, Inc., LLC...) dropped, abbreviations kept (the registry may write them either way).
 */
export function searchWords(facilityName: string): string[] {
  return facilityName
    .replace(/['’.]/g, "")
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word && !COMPANY_WORDS.has(word.toLowerCase()));
}
