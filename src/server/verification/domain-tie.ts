import {
  MIN_NPI_AGE_DAYS,
  daysSince,
  decideTie,
  distinctiveWordIn,
  emailRegistrableDomain,
  websiteShowsFacility,
  type DomainAge,
  type DomainTie,
  type DomainTieCheck,
} from "../../domain/domain-tie-rule";
import { isSharedMailDomain } from "../../domain/shared-mail-domains";
import { MATCH_THRESHOLD, nameSimilarity, type FacilityMatch } from "../../domain/verification-match";
import type { RdapClient } from "./rdap-client";
import { DEFAULT_SITE_LIMITS, fetchSite, type SiteFetchOptions } from "./safe-fetch";
import { systemResolver, type Resolver } from "../public-address";
import { SiteGate } from "./site-gate";

/**
 * Gathering the facts of the tie rule (src/domain/domain-tie-rule.ts, decision 0040) for a lead's
 * confirmed work address: its ASCII registrable domain, the matched NPI's NPPES endpoints, a
 * distinctive word of the registry name in the domain's name; only then the website (its home
 * page, else /contact or /contact-us, showing the registry phone; for a hospital its price
 * transparency file `/.well-known/cms-hpt.txt`, else `/cms-hpt.txt`, naming it), and only when
 * it shows the facility the domain's registration date (RDAP). Pages are fetched through
 * safe-fetch.ts (limits, public addresses only), one fetch per domain at a time (SiteGate),
 * within a total time budget per lead.
 */

export interface DomainTieInput {
  email: string;
  firstName: string;
  lastName: string;
  match: FacilityMatch;
  /** The facility's number of record answered "yes" on the product's callback for this lead. */
  callbackConfirmed?: boolean;
}

export interface DomainTieOptions {
  /** FACILITY_WEBSITE_URL: `{domain}` is replaced by the e-mail's registrable domain. */
  websiteUrl: string;
  rdap: RdapClient | undefined;
  /** VERIFICATION_MIN_DOMAIN_AGE_DAYS */
  minAgeDays: number;
  resolver?: Resolver;
  limits?: Partial<Omit<SiteFetchOptions, "resolver" | "trustedHost">>;
  /** Every fetch for one lead ends within this (ms), however many pages. */
  budgetMs?: number;
  /** One fetch per domain at a time, across the leads of this process. */
  gate?: SiteGate;
  now?: Date;
}

/** What was fetched and what it showed, for the evidence staff read (no page content kept). */
export interface DomainTieEvidence extends DomainTie {
  domain: string | null;
  pages: Array<{ url: string; outcome: string }>;
  age?: DomainAge;
}

const DEFAULT_TIE_BUDGET_MS = 8000;
const sharedGate = new SiteGate();

const PHONE = /(?<!\d)(?:\+?1[\s.-]{0,2})?\(?(\d{3})\)?[\s.-]{0,3}(\d{3})[\s.-]{0,3}(\d{4})(?!\d)/g;

/** The ten-digit numbers a page shows, in any common format ((404) 555-0100, 404.555.0100, tel:+14045550100...). */
export function phonesOnPage(page: string): Set<string> {
  const text = page
    .replace(/&nbsp;|&#160;|&#xa0;/gi, " ")
    .replace(/&#8209;|&#8211;|&ndash;|&#45;|&#x2d;|[\u2010-\u2013\u00a0]/gi, (m) => (m === "\u00a0" ? " " : "-"));
  return new Set([...text.matchAll(PHONE)].map((m) => `${m[1]}${m[2]}${m[3]}`));
}

/** The `location-name` values of a cms-hpt.txt file. */
export function hospitalsNamedIn(file: string): string[] {
  return file
    .split(/\r?\n/)
    .map((line) => /^\s*location-name\s*:\s*(.+?)\s*$/i.exec(line)?.[1])
    .filter((name): name is string => Boolean(name));
}

const CONTACT_PAGES = ["contact", "contact-us"];

const sameName = (a: string, b: string) => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The registrable domain of an e-mail address, its host in ASCII (mail.sunrise.org -> sunrise.org), null for an IP or anything odd. */
export const emailSiteDomain = emailRegistrableDomain;

/**
 * The host FACILITY_WEBSITE_URL fixes whatever the domain (a stand-in on 127.0.0.1): read from
 * the template before any substitution, so no lead's domain can make its own host "trusted".
 */
export function operatorHost(template: string): string | undefined {
  const one = new URL(template.replaceAll("{domain}", "one.invalid")).host;
  const two = new URL(template.replaceAll("{domain}", "two.invalid")).host;
  return one === two ? one : undefined;
}

/** The website's checks: the registry phone shown, else (a hospital) the price file naming it. */
async function readWebsite(
  domain: string,
  match: FacilityMatch,
  options: DomainTieOptions,
  pages: DomainTieEvidence["pages"],
): Promise<DomainTieCheck[]> {
  const checks: DomainTieCheck[] = [];
  const template = options.websiteUrl;
  const base = new URL(template.replaceAll("{domain}", domain));
  const trustedHost = operatorHost(template);
  const deadline = Date.now() + (options.budgetMs ?? DEFAULT_TIE_BUDGET_MS);
  const limits = { ...DEFAULT_SITE_LIMITS, ...options.limits };
  const gate = options.gate ?? sharedGate;
  const fetchPage = (url: URL) => {
    const timeoutMs = Math.min(limits.timeoutMs, deadline - Date.now());
    if (timeoutMs <= 0)
      return Promise.resolve({ ok: false, problem: "unreachable", detail: "the lead's time budget is spent" } as const);
    return gate.run(domain, () =>
      fetchSite(url, domain, {
        ...limits,
        timeoutMs: Math.max(1, Math.min(limits.timeoutMs, deadline - Date.now())),
        resolver: options.resolver ?? systemResolver,
        ...(trustedHost ? { trustedHost } : {}),
      }),
    );
  };

  const home = await fetchPage(base);
  pages.push({ url: base.href, outcome: home.ok ? `HTTP ${home.status}` : `${home.problem}: ${home.detail}` });
  const shows = (body: string) => match.phone !== "" && phonesOnPage(body).has(match.phone);
  if (!home.ok) checks.push(home.problem === "refused" ? "website_refused" : "website_unreachable");
  else if (home.status >= 400) checks.push("website_unreachable");
  else if (shows(home.body)) return [...checks, "website_phone_shown"];
  else {
    // Many sites keep the number on a contact page: the two usual addresses, after the home page only.
    for (const path of CONTACT_PAGES) {
      const url = new URL(path, base);
      const page = await fetchPage(url);
      pages.push({ url: url.href, outcome: page.ok ? `HTTP ${page.status}` : `${page.problem}: ${page.detail}` });
      if (page.ok && page.status < 400 && shows(page.body)) return [...checks, "website_phone_shown"];
    }
    checks.push("website_phone_not_shown");
  }

  if (match.ccn && match.sources.includes("cms_hospital") && !(home.ok === false && home.problem === "refused")) {
    for (const path of [".well-known/cms-hpt.txt", "cms-hpt.txt"]) {
      const url = new URL(path, base);
      const file = await fetchPage(url);
      pages.push({ url: url.href, outcome: file.ok ? `HTTP ${file.status}` : `${file.problem}: ${file.detail}` });
      if (!file.ok || file.status >= 400) continue;
      if (hospitalsNamedIn(file.body).some((name) => nameSimilarity(name, match.name) >= MATCH_THRESHOLD))
        return [...checks, "price_file_names_hospital"];
    }
    checks.push("price_file_does_not_name_hospital");
  }
  return checks;
}

export async function tieDomain(input: DomainTieInput, options: DomainTieOptions): Promise<DomainTieEvidence> {
  const pages: DomainTieEvidence["pages"] = [];
  const { match } = input;
  const now = options.now ?? new Date();
  const official = match.official;
  const email = input.email.trim().toLowerCase();
  const domain = emailSiteDomain(email);
  const endpointDomains = match.endpointDomains ?? [];
  const endpointAddresses = match.endpointAddresses ?? [];
  const sharedDomain = domain ? isSharedMailDomain(domain) : false;
  const npiAgeDays = match.npi ? daysSince(match.enumeratedOn, now) : null;
  const cmsRecord = match.sources.some((source) => source !== "nppes");
  const endpoint =
    endpointAddresses.includes(email) || (domain !== null && endpointDomains.includes(domain) && !sharedDomain);
  // The strong tie's last condition without a CMS record: the domain's age (RDAP).
  const strongNeedsAge = endpoint && npiAgeDays !== null && npiAgeDays >= MIN_NPI_AGE_DAYS && !cmsRecord;
  const nameWord = domain ? distinctiveWordIn(domain, match.name) : null;
  const early = !domain || input.callbackConfirmed || endpoint || sharedDomain || !nameWord;
  const website = early ? undefined : await readWebsite(domain, match, options, pages);
  const askAge = domain && !input.callbackConfirmed && (strongNeedsAge || (website && websiteShowsFacility(website)));
  const age = askAge
    ? ((await options.rdap?.registration(domain)) ?? { status: "unknown" as const, problem: "RDAP not configured" })
    : undefined;
  const tie = decideTie({
    domain,
    email,
    endpointAddresses,
    endpointDomains,
    sharedDomain,
    npiAgeDays,
    cmsRecord,
    nameWord,
    website,
    age,
    minAgeDays: options.minAgeDays,
    now,
    typedOfficialName: Boolean(
      official && sameName(official.firstName, input.firstName) && sameName(official.lastName, input.lastName),
    ),
    callbackConfirmed: input.callbackConfirmed ?? false,
  });
  return { ...tie, domain, pages, ...(age ? { age } : {}) };
}
