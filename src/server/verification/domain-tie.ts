import { getDomain } from "tldts";
import { MATCH_THRESHOLD, nameSimilarity, type FacilityMatch } from "../../domain/verification-match";
import type { DomainTie, DomainTieCheck } from "../../domain/verification-policy";
import { DEFAULT_SITE_LIMITS, fetchSite, systemResolver, type Resolver, type SiteFetchOptions } from "./safe-fetch";

/**
 * Whether the e-mail's domain is the matched facility's (issue 31): the lead is the registry's
 * authorized official; or the domain's website (its home page, else /contact or /contact-us)
 * shows the registry's phone number; or, for a hospital, its price transparency file
 * (`/.well-known/cms-hpt.txt`, else `/cms-hpt.txt`) names the hospital. Pages are fetched
 * through safe-fetch.ts (limits, public addresses only).
 */

export interface DomainTieInput {
  email: string;
  firstName: string;
  lastName: string;
  match: FacilityMatch;
}

export interface DomainTieOptions {
  /** FACILITY_WEBSITE_URL: `{domain}` is replaced by the e-mail's registrable domain. */
  websiteUrl: string;
  resolver?: Resolver;
  limits?: Partial<Omit<SiteFetchOptions, "resolver" | "trustedHost">>;
}

/** What was fetched and what it showed, for the evidence staff read (no page content kept). */
export interface DomainTieEvidence extends DomainTie {
  domain: string | null;
  pages: Array<{ url: string; outcome: string }>;
}

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

/** The registrable domain of an e-mail address (mail.sunrise.org -> sunrise.org), null for an IP or anything odd. */
export function emailSiteDomain(email: string): string | null {
  const host = (email.split("@").pop() ?? "").trim().toLowerCase();
  if (!/^[a-z0-9.-]+$/.test(host)) return null;
  return getDomain(host, { allowPrivateDomains: false }) ?? null;
}

export async function tieDomain(input: DomainTieInput, options: DomainTieOptions): Promise<DomainTieEvidence> {
  const checks: DomainTieCheck[] = [];
  const pages: DomainTieEvidence["pages"] = [];
  const official = input.match.official;
  const domain = emailSiteDomain(input.email);
  if (official && sameName(official.firstName, input.firstName) && sameName(official.lastName, input.lastName)) {
    return { tied: true, checks: ["authorized_official"], domain, pages };
  }
  if (official) checks.push("not_authorized_official");
  if (!domain) return { tied: false, checks: [...checks, "website_refused"], domain, pages };

  const template = options.websiteUrl;
  const base = new URL(template.replaceAll("{domain}", domain));
  const trustedHost =
    new URL(template.replaceAll("{domain}", "example.invalid")).host === base.host ? base.host : undefined;
  const fetchOptions: SiteFetchOptions = {
    ...DEFAULT_SITE_LIMITS,
    ...options.limits,
    resolver: options.resolver ?? systemResolver,
    ...(trustedHost ? { trustedHost } : {}),
  };

  const home = await fetchSite(base, domain, fetchOptions);
  pages.push({ url: base.href, outcome: home.ok ? `HTTP ${home.status}` : `${home.problem}: ${home.detail}` });
  const shows = (body: string) => input.match.phone !== "" && phonesOnPage(body).has(input.match.phone);
  if (!home.ok) checks.push(home.problem === "refused" ? "website_refused" : "website_unreachable");
  else if (home.status >= 400) checks.push("website_unreachable");
  else if (shows(home.body)) return { tied: true, checks: [...checks, "website_phone_shown"], domain, pages };
  else {
    // Many sites keep the number on a contact page: the two usual addresses, after the home page only.
    for (const path of CONTACT_PAGES) {
      const url = new URL(path, base);
      const page = await fetchSite(url, domain, fetchOptions);
      pages.push({ url: url.href, outcome: page.ok ? `HTTP ${page.status}` : `${page.problem}: ${page.detail}` });
      if (page.ok && page.status < 400 && shows(page.body))
        return { tied: true, checks: [...checks, "website_phone_shown"], domain, pages };
    }
    checks.push("website_phone_not_shown");
  }

  if (
    input.match.ccn &&
    input.match.sources.includes("cms_hospital") &&
    !(home.ok === false && home.problem === "refused")
  ) {
    for (const path of [".well-known/cms-hpt.txt", "cms-hpt.txt"]) {
      const url = new URL(path, base);
      const file = await fetchSite(url, domain, fetchOptions);
      pages.push({ url: url.href, outcome: file.ok ? `HTTP ${file.status}` : `${file.problem}: ${file.detail}` });
      if (!file.ok || file.status >= 400) continue;
      if (hospitalsNamedIn(file.body).some((name) => nameSimilarity(name, input.match.name) >= MATCH_THRESHOLD)) {
        return { tied: true, checks: [...checks, "price_file_names_hospital"], domain, pages };
      }
    }
    checks.push("price_file_does_not_name_hospital");
  }
  return { tied: false, checks, domain, pages };
}
