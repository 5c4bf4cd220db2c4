import { getDomain, getDomainWithoutSuffix } from "tldts";
import { nameTokens } from "./verification-match";

/**
 * The tie rule (issue 37): when the work address's domain is the matched registry facility's
 * by evidence a fraudster cannot make cheaply. Tied when the domain is in the NPPES record's
 * endpoints for the matched NPI; or when the domain was registered (RDAP) at least the minimum
 * age ago, its website shows the facility (the registry phone, or a hospital's price file naming
 * it) and its name carries a distinctive word of the registry name. A name the lead typed (the
 * registry's authorized official) is never a tie. RDAP unreachable: pending, never tied.
 */

/** Domain-tie checks: what was found, in order; each failing one becomes a reason in words. */
export type DomainTieCheck =
  | "no_registrable_domain"
  | "npi_endpoint_domain"
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
  | "name_only_tie";

export interface DomainTie {
  tied: boolean;
  checks: DomainTieCheck[];
  /** RDAP could not be reached: nothing concluded, the lead is checked again later. */
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
  /** The registrable domains named in the matched NPI's NPPES endpoints. */
  endpointDomains: readonly string[];
  /** The distinctive word of the registry name the domain carries (distinctiveWordIn), null for none. */
  nameWord: string | null;
  /** The website's checks; undefined when it was not read (no word in the name: nothing to gain). */
  website: DomainTieCheck[] | undefined;
  /** RDAP's answer; undefined when it was not asked (the website showed nothing). */
  age: DomainAge | undefined;
  minAgeDays: number;
  now: Date;
  /** The lead typed the name of the registry's authorized official. */
  typedOfficialName: boolean;
}

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

const websiteShowsFacility = (checks: readonly DomainTieCheck[]) =>
  checks.includes("website_phone_shown") || checks.includes("price_file_names_hospital");

/** The rule itself: tied, not tied (with the checks that say why), or pending (RDAP down). */
export function decideTie(facts: TieFacts): DomainTie {
  const nameOnly: DomainTieCheck[] = facts.typedOfficialName ? ["name_only_tie"] : [];
  if (!facts.domain) return { tied: false, checks: ["no_registrable_domain", ...nameOnly] };
  if (facts.endpointDomains.includes(facts.domain)) return { tied: true, checks: ["npi_endpoint_domain"] };
  const checks: DomainTieCheck[] = [
    facts.nameWord ? "domain_name_carries_facility_name" : "domain_name_lacks_facility_name",
    ...(facts.website ?? []),
  ];
  const fail = (more: DomainTieCheck[] = [], extra: Partial<DomainTie> = {}): DomainTie => ({
    tied: false,
    checks: [...checks, ...more, ...nameOnly],
    ...extra,
  });
  if (!facts.nameWord || !facts.website || !websiteShowsFacility(facts.website)) return fail();
  const age = facts.age;
  if (!age || age.status === "unavailable") return fail(["domain_age_not_checked"], { pending: true });
  if (age.status === "unknown") return fail(["domain_age_unknown"]);
  const days = Math.floor((facts.now.getTime() - Date.parse(age.registeredAt)) / DAY_MS);
  if (!Number.isFinite(days) || days < facts.minAgeDays) return fail(["domain_too_new"], { domainAgeDays: days });
  return { tied: true, checks: [...checks, "domain_old_enough"], domainAgeDays: days };
}
