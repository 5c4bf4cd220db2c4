import { getDomain, getDomainWithoutSuffix } from "tldts";
import { nameTokens } from "./verification-match";

/**
 * The tie rule (decision 0044): when the work address is the matched registry
 * facility's by proof a fraudster cannot buy. The strong tie: an NPPES endpoint of the matched
 * NPI that is the work address itself, or whose host is the address's domain when that domain
 * is not shared by unrelated organisations (shared-mail-domains.ts); and the NPI enumerated at
 * least 365 days ago; and the facility has a CMS record or the domain was registered (RDAP) at
 * least the minimum age ago. Or: the facility's number of record confirmed the person on the
 * product's callback. A domain's age, a word of the name and the registry phone on its website
 * are evidence for staff and a reason to place the callback; never a tie. RDAP unreachable when
 * the strong tie needs the age: pending, never tied.
 */

/** Domain-tie checks: what was found, in order; src/domain/tie-check-words.ts says each in words. */
export type DomainTieCheck =
  | "no_registrable_domain"
  | "callback_confirmed"
  | "npi_endpoint_address"
  | "npi_endpoint_domain"
  | "endpoint_domain_shared"
  | "npi_too_new"
  | "cms_record"
  | "domain_name_carries_facility_name"
  | "domain_name_lacks_facility_name"
  | "website_phone_shown"
  | "website_phone_not_shown"
  | "price_file_names_hospital"
  | "price_file_does_not_name_hospital"
  | "website_unreachable"
  | "website_refused"
  | "domain_old_enough"
  | "domain_too_new"
  | "domain_age_unknown"
  | "domain_age_not_checked"
  | "evidence_only"
  | "name_only_tie";

export interface DomainTie {
  tied: boolean;
  checks: DomainTieCheck[];
  /** RDAP could not be reached when the strong tie needed the age: nothing concluded, checked again later. */
  pending?: boolean;
  /** Days since the domain's registration, when RDAP told. */
  domainAgeDays?: number;
}

/** The domain's registration as RDAP told it: a date, none known (no server, no record, no event), or RDAP unreachable. */
export type DomainAge =
  | { status: "registered"; registeredAt: string }
  | { status: "unknown"; problem: string }
  | { status: "unavailable"; problem: string };

export interface TieFacts {
  /** The ASCII registrable domain of the work address (registrableDomain), null when it has none. */
  domain: string | null;
  /** The work address, lower case. */
  email: string;
  /** The e-mail addresses (Direct) named in the matched NPI's NPPES endpoints, lower case. */
  endpointAddresses: readonly string[];
  /** The registrable domains named in the matched NPI's NPPES endpoints. */
  endpointDomains: readonly string[];
  /** The domain is a free, private, ISP, tenant or HISP host shared by unrelated organisations. */
  sharedDomain: boolean;
  /** Days since the matched NPI was enumerated; null when there is no NPI or no date. */
  npiAgeDays: number | null;
  /** The facility has a CMS record (nursing home or hospital). */
  cmsRecord: boolean;
  /** The distinctive word of the registry name the domain carries (distinctiveWordIn), null for none. */
  nameWord: string | null;
  /** The website's checks; undefined when it was not read. */
  website: DomainTieCheck[] | undefined;
  /** RDAP's answer; undefined when it was not asked. */
  age: DomainAge | undefined;
  minAgeDays: number;
  now: Date;
  /** The lead typed the name of the registry's authorized official. */
  typedOfficialName: boolean;
  /** The facility's number of record answered "yes" on the product's callback for this lead. */
  callbackConfirmed: boolean;
}

/** An NPI must have been enumerated this long ago for its endpoints (or phone) to count. */
export const MIN_NPI_AGE_DAYS = 365;

const DAY_MS = 86_400_000;

/** Words every facility's name may hold: never enough to tie a domain to one facility. */
const GENERIC_WORDS = new Set(
  (
    "health healthcare care caring nursing nurse center centers centre rehab rehabilitation medical senior seniors " +
    "living home homes hospital hospitals hospice clinic clinics skilled facility facilities assisted general " +
    "memorial regional community county services service group management system systems partners associates " +
    "therapy therapies wellness life residence residences residential retirement village manor convalescent " +
    "long term acute specialty physicians family national american united holdings operations operating " +
    "enterprises company saint mount fort north south east west city state valley park place"
  ).split(" "),
);

/** The WHATWG URL parser's domain to ASCII (what Node's `url.domainToASCII` runs; the domain imports no Node API): "" when invalid. */
function domainToASCII(host: string): string {
  if (!host || /[/?#@:\\[\]\s]/.test(host)) return "";
  try {
    return new URL(`http://${host}/`).hostname;
  } catch {
    return "";
  }
}

/** The host turned to ASCII (IDNA), then its registrable domain ("d.bücher.example" -> "xn--bcher-kva.example"); null when none. */
export function registrableDomain(host: string): string | null {
  const ascii = domainToASCII(host.trim().toLowerCase().replace(/\.$/, ""));
  if (!ascii || !/^[a-z0-9-]+(\.[a-z0-9-]+)+$/.test(ascii)) return null;
  return getDomain(ascii, { allowPrivateDomains: false }) ?? null;
}

/** The registrable domain of an e-mail address's host, null when it has none. */
export const emailRegistrableDomain = (email: string): string | null =>
  registrableDomain(email.slice(email.lastIndexOf("@") + 1));

/** The registry name's words of four letters or more that are not generic ("SUNRISE NURSING & REHAB CTR" -> ["sunrise"]). */
export function distinctiveWords(registryName: string): string[] {
  return nameTokens(registryName).filter((word) => /^[a-z]{4,}$/.test(word) && !GENERIC_WORDS.has(word));
}

/** The first distinctive word of the registry name that the domain's name (without its suffix) contains, else null. */
export function distinctiveWordIn(domain: string, registryName: string): string | null {
  const label = (getDomainWithoutSuffix(domain, { allowPrivateDomains: false }) ?? "").replace(/[^a-z0-9]/g, "");
  if (!label) return null;
  return distinctiveWords(registryName).find((word) => label.includes(word)) ?? null;
}

/** The registrable domain an NPPES endpoint names: a Direct address's host, or a URL's. */
export function endpointDomain(endpoint: string): string | null {
  const value = endpoint.trim();
  if (value.includes("@") && !value.includes("/")) return emailRegistrableDomain(value);
  try {
    return registrableDomain(new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(value) ? value : `https://${value}`).hostname);
  } catch {
    return null;
  }
}

/** The Direct address an NPPES endpoint is, lower case; null for a URL or anything else. */
export function endpointAddress(endpoint: string): string | null {
  const value = endpoint
    .trim()
    .toLowerCase()
    .replace(/^mailto:/, "");
  return /^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(value) ? value : null;
}

/** The website checks that show the facility (its registry phone, or a hospital's price file naming it). */
export const websiteShowsFacility = (checks: readonly DomainTieCheck[]): boolean =>
  checks.includes("website_phone_shown") || checks.includes("price_file_names_hospital");

/** Whole days from an ISO date to now; null when the date is missing or unreadable. */
export function daysSince(date: string | undefined, now: Date): number | null {
  const at = date ? Date.parse(date) : Number.NaN;
  return Number.isFinite(at) ? Math.floor((now.getTime() - at) / DAY_MS) : null;
}

type AgeVerdict = { check: DomainTieCheck; days?: number; pending?: boolean };

function ageVerdict(age: DomainAge | undefined, facts: TieFacts): AgeVerdict {
  if (!age || age.status === "unavailable") return { check: "domain_age_not_checked", pending: true };
  if (age.status === "unknown") return { check: "domain_age_unknown" };
  const days = daysSince(age.registeredAt, facts.now);
  if (days === null || days < facts.minAgeDays) return { check: "domain_too_new", days: days ?? 0 };
  return { check: "domain_old_enough", days };
}

/** The endpoint the address has: itself, its unshared domain, its shared domain (no tie), or none. */
function endpointCheck(facts: TieFacts): DomainTieCheck | null {
  if (facts.endpointAddresses.includes(facts.email)) return "npi_endpoint_address";
  if (!facts.domain || !facts.endpointDomains.includes(facts.domain)) return null;
  return facts.sharedDomain ? "endpoint_domain_shared" : "npi_endpoint_domain";
}

/** The rule itself: tied (strong), not tied (with the checks that say why and the evidence), or pending (RDAP down). */
export function decideTie(facts: TieFacts): DomainTie {
  const nameOnly: DomainTieCheck[] = facts.typedOfficialName ? ["name_only_tie"] : [];
  if (!facts.domain) return { tied: false, checks: ["no_registrable_domain", ...nameOnly] };
  if (facts.callbackConfirmed) return { tied: true, checks: ["callback_confirmed"] };
  const checks: DomainTieCheck[] = [];
  const endpoint = endpointCheck(facts);
  if (endpoint) checks.push(endpoint);
  const npiOldEnough = facts.npiAgeDays !== null && facts.npiAgeDays >= MIN_NPI_AGE_DAYS;
  if (endpoint && endpoint !== "endpoint_domain_shared") {
    if (!npiOldEnough) checks.push("npi_too_new");
    else if (facts.cmsRecord) return { tied: true, checks: [...checks, "cms_record"] };
    else {
      const verdict = ageVerdict(facts.age, facts);
      const days = verdict.days !== undefined ? { domainAgeDays: verdict.days } : {};
      if (verdict.check === "domain_old_enough") return { tied: true, checks: [...checks, verdict.check], ...days };
      return {
        tied: false,
        checks: [...checks, verdict.check, ...nameOnly],
        ...days,
        ...(verdict.pending ? { pending: true } : {}),
      };
    }
  }
  // Evidence only: shown to staff and a reason for the callback, never a tie.
  checks.push(facts.nameWord ? "domain_name_carries_facility_name" : "domain_name_lacks_facility_name");
  checks.push(...(facts.website ?? []));
  let domainAgeDays: number | undefined;
  if (facts.age) {
    const verdict = ageVerdict(facts.age, facts);
    checks.push(verdict.check);
    domainAgeDays = verdict.days;
  }
  if (facts.nameWord && facts.website && websiteShowsFacility(facts.website)) checks.push("evidence_only");
  return {
    tied: false,
    checks: [...new Set([...checks, ...nameOnly])],
    ...(domainAgeDays !== undefined ? { domainAgeDays } : {}),
  };
}
