import { getDomain } from "tldts";
import { z } from "zod";
import type { DomainAge } from "../../domain/domain-tie-rule";
import type { Database } from "../store/database";
import { fetchJsonLimited, type FetchLimits } from "./limited-fetch";
import { cachedLookup, DEFAULT_CACHE_TIMES, type CacheTimes } from "./registry-cache";
import { fetchSite } from "./safe-fetch";
import { systemResolver, type Resolver } from "../public-address";

/**
 * A domain's registration date from RDAP (RFC 9083, decision 0040). The servers come from the IANA
 * bootstrap file (RFC 9224, `RDAP_BOOTSTRAP_URL`: `{"services": [[["com"], ["https://rdap.example/"]]]}`),
 * kept in memory for a day; each domain is looked up at `<server>domain/<name>` and its date is
 * the `events` entry whose `eventAction` is `registration`. Answers are checked with zod, read
 * within a deadline and a size, from public addresses only (through safe-fetch.ts; a server on the
 * bootstrap file's own host is the operator's, trusted as configured), and kept in
 * `registry_cache`. Unreachable is "unavailable" (the lead waits, never paid); no server for the
 * TLD, no record or no registration event is "unknown" (a person decides).
 */

export interface RdapClientOptions {
  db: Database;
  bootstrapUrl: string;
  resolver?: Resolver;
  limits?: Partial<FetchLimits>;
  cacheTimes?: CacheTimes;
  now?: () => Date;
}

const BootstrapSchema = z.object({
  services: z.array(z.tuple([z.array(z.string()), z.array(z.string())]).rest(z.unknown())),
});
const DomainAnswerSchema = z.object({
  events: z.array(z.object({ eventAction: z.string(), eventDate: z.string() }).partial()).default([]),
});

const BOOTSTRAP_TTL_MS = 24 * 3_600_000;
const DEFAULT_RDAP_LIMITS: FetchLimits = { timeoutMs: 5000, maxBytes: 256 * 1024 };

class RdapUnavailable extends Error {}

export function rdapClient(options: RdapClientOptions) {
  const limits = { ...DEFAULT_RDAP_LIMITS, ...options.limits };
  const now = options.now ?? (() => new Date());
  const bootstrapHost = new URL(options.bootstrapUrl).host;
  let bootstrap: { servers: Map<string, string>; until: number } | undefined;

  const serversByTld = async (): Promise<Map<string, string>> => {
    if (bootstrap && bootstrap.until > Date.now()) return bootstrap.servers;
    const answer = BootstrapSchema.safeParse(await fetchJsonLimited(new URL(options.bootstrapUrl), limits));
    if (!answer.success) throw new RdapUnavailable("bootstrap file not as documented");
    const servers = new Map<string, string>();
    for (const [tlds, urls] of answer.data.services) {
      const url = urls.find((u) => u.startsWith("https://")) ?? urls.find((u) => u.startsWith("http://"));
      if (url) for (const tld of tlds) servers.set(tld.toLowerCase(), url.endsWith("/") ? url : `${url}/`);
    }
    bootstrap = { servers, until: Date.now() + BOOTSTRAP_TTL_MS };
    return servers;
  };

  /** [] when the registry has no such domain; [{ registeredAt }] (null when it has no registration event). */
  const lookUp = async (domain: string): Promise<Array<{ registeredAt: string | null }>> => {
    const servers = await serversByTld();
    const server = servers.get(domain.slice(domain.lastIndexOf(".") + 1));
    if (!server) return [];
    const url = new URL(`domain/${encodeURIComponent(domain)}`, server);
    const trusted = url.host === bootstrapHost;
    const answer = await fetchSite(url, getDomain(url.hostname) ?? url.hostname, {
      resolver: options.resolver ?? systemResolver,
      timeoutMs: limits.timeoutMs,
      maxBytes: limits.maxBytes,
      maxRedirects: 0,
      ...(trusted ? { trustedHost: url.host } : {}),
    });
    if (!answer.ok) throw new RdapUnavailable(`${answer.problem}: ${answer.detail}`);
    if (answer.status === 404) return [];
    if (answer.status !== 200 || answer.truncated) throw new RdapUnavailable(`HTTP ${answer.status}`);
    let json: unknown;
    try {
      json = JSON.parse(answer.body);
    } catch {
      throw new RdapUnavailable("answer is not JSON");
    }
    const parsed = DomainAnswerSchema.safeParse(json);
    if (!parsed.success) throw new RdapUnavailable("answer not as documented");
    const event = parsed.data.events.find((e) => e.eventAction === "registration");
    const at = event?.eventDate && !Number.isNaN(Date.parse(event.eventDate)) ? event.eventDate : null;
    return [{ registeredAt: at }];
  };

  return {
    /** The domain's registration (an ASCII registrable domain), never thrown. */
    async registration(domain: string): Promise<DomainAge> {
      try {
        const { records } = await cachedLookup(
          options.db,
          `rdap:domain:${domain}`,
          () => lookUp(domain),
          options.cacheTimes ?? DEFAULT_CACHE_TIMES,
          now(),
        );
        const registeredAt = records[0]?.registeredAt;
        if (registeredAt) return { status: "registered", registeredAt };
        return {
          status: "unknown",
          problem: records.length === 0 ? "no RDAP record for the domain" : "no registration event",
        };
      } catch (error) {
        return { status: "unavailable", problem: `RDAP unavailable: ${(error as Error).message}` };
      }
    },
  };
}
export type RdapClient = ReturnType<typeof rdapClient>;
