import { disposableEmailBlocklist } from "disposable-email-domains-js";
import freeMailDomains from "email-providers";

/**
 * Mail domains shared by unrelated people and organisations (decision 0044): free-mail providers
 * (`email-providers`, a maintained list), disposable ones (`disposable-email-domains-js`), and
 * our own additions: the private and forwarding providers, ISPs, tenants' shared hosts and the
 * hosts of Direct-messaging (HISP) and EHR vendors, where an organisation's mailbox sits beside
 * strangers'. An address on one of these is never tied to a facility by its domain alone.
 */
const SHARED_MAIL_ADDITIONS: readonly string[] = [
  // Private, forwarding and alias providers.
  "fastmail.com",
  "fastmail.fm",
  "tutanota.com",
  "tutanota.de",
  "tuta.io",
  "tuta.com",
  "duck.com",
  "simplelogin.com",
  "simplelogin.co",
  "slmail.me",
  "addy.io",
  "anonaddy.com",
  "anonaddy.me",
  "mailfence.com",
  "proton.me",
  "protonmail.com",
  "pm.me",
  "hey.com",
  "skiff.com",
  "runbox.com",
  "posteo.de",
  "mailbox.org",
  // Internet providers' mail.
  "spectrum.net",
  "charter.net",
  "comcast.net",
  "verizon.net",
  "att.net",
  "sbcglobal.net",
  "cox.net",
  "frontier.com",
  "windstream.net",
  "centurylink.net",
  "earthlink.net",
  "optonline.net",
  // Tenants' shared hosts and group lists.
  "onmicrosoft.com",
  "googlegroups.com",
  "groups.io",
  // Direct-messaging (HISP) and EHR vendors' hosts: every customer's Direct address sits there.
  "direct-ci.com",
  "directtrust.org",
  "updox.com",
  "kno2.com",
  "datamotion.com",
  "datamotiondirect.com",
  "surescripts.net",
  "cernerdirect.com",
  "allscriptsdirect.net",
  "athenahealth.com",
  "eclinicalworks.com",
  "eclinicaldirect.com",
  "nextgen.com",
  "epic.com",
  "medicity.net",
  "secureexchangesolutions.com",
  "inpracsys.com",
  "healthgatedirect.com",
  "mdtoolboxdirect.com",
  "icoreconnect.com",
  "practicefusion.com",
  "amazingcharts.com",
  "greenwaymail.net",
];

let shared: { free: Set<string>; disposable: Set<string> } | undefined;

function lists() {
  shared ??= {
    free: new Set([...freeMailDomains, ...SHARED_MAIL_ADDITIONS.map((domain) => domain.toLowerCase())]),
    disposable: new Set(disposableEmailBlocklist()),
  };
  return shared;
}

/** The domain and each parent (mail.example.co.uk, example.co.uk, co.uk): a subdomain of a listed domain counts too. */
function domainAndParents(host: string): string[] {
  const labels = host.trim().toLowerCase().replace(/\.$/, "").split(".").filter(Boolean);
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

/** "disposable", "free" (free, private or shared provider) or null for a host of its own. */
export function mailHostKind(host: string): "disposable" | "free" | null {
  const { free, disposable } = lists();
  const domains = domainAndParents(host);
  if (domains.some((domain) => disposable.has(domain))) return "disposable";
  if (domains.some((domain) => free.has(domain))) return "free";
  return null;
}

/** Whether unrelated organisations and people share mail at this host (free, private, ISP, tenant, HISP or disposable). */
export const isSharedMailDomain = (host: string): boolean => mailHostKind(host) !== null;
