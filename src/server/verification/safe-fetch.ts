import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { getDomain } from "tldts";
import { isPublicAddress, type Resolver } from "../public-address";

/**
 * Fetching a site a lead named (their e-mail's domain): untrusted in every way. A deadline for
 * the whole fetch, redirects included; at most `maxBytes` read (the rest is cut, not waited
 * for); at most 3 redirects, each within the lead's registrable domain; and every host that
 * comes from the lead is resolved here, all its addresses checked public (ipaddr.js ranges:
 * only "unicast"), and the connection made to the checked address (a custom `lookup` pins it:
 * a second DNS answer, DNS rebinding, cannot move it to a private address).
 *
 * The operator's FACILITY_WEBSITE_URL may name a fixed host (a stand-in on 127.0.0.1): that
 * host is the operator's, trusted as configured, and is the one host not checked.
 */

export interface SiteFetchOptions {
  resolver: Resolver;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects: number;
  /** host:port of the operator's configured site host, when the template fixes one. */
  trustedHost?: string;
}

export const DEFAULT_SITE_LIMITS = { timeoutMs: 5000, maxBytes: 512 * 1024, maxRedirects: 3 };

export type SiteFetchResult =
  | { ok: true; status: number; body: string; url: string; truncated: boolean }
  | { ok: false; problem: "refused" | "unreachable"; detail: string };

class Refused extends Error {}

/** The host's addresses, every one of them public, else Refused. IP literals are judged as they are. */
async function publicAddressOf(hostname: string, resolver: Resolver): Promise<{ address: string; family: number }> {
  const bare = hostname.replace(/^\[|\]$/g, "");
  const addresses = ipaddr.isValid(bare)
    ? [{ address: bare, family: bare.includes(":") ? 6 : 4 }]
    : await resolver(bare);
  if (addresses.length === 0) throw new Refused("no address");
  if (!addresses.every(({ address }) => isPublicAddress(address))) throw new Refused("not a public address");
  return addresses[0]!;
}

const pinnedLookup =
  (address: string, family: number): LookupFunction =>
  (_hostname, options, callback) => {
    if ((options as { all?: boolean }).all)
      (callback as unknown as (e: null, a: Array<{ address: string; family: number }>) => void)(null, [
        { address, family },
      ]);
    else callback(null, address, family);
  };

interface Hop {
  status: number;
  location: string | undefined;
  body: Buffer;
  truncated: boolean;
}

function get(url: URL, lookup: LookupFunction | undefined, signal: AbortSignal, maxBytes: number): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.get(
      url,
      {
        signal,
        ...(lookup ? { lookup } : {}),
        headers: {
          accept: "text/html, text/plain;q=0.9, */*;q=0.1",
          "accept-encoding": "identity",
          "user-agent": "facility-verification/1.0",
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        const location = response.headers.location;
        if (status >= 300 && status < 400) {
          response.resume();
          return resolve({ status, location, body: Buffer.alloc(0), truncated: false });
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          chunks.push(chunk);
          size += chunk.length;
          if (size >= maxBytes) {
            response.destroy();
            resolve({ status, location, body: Buffer.concat(chunks).subarray(0, maxBytes), truncated: true });
          }
        });
        response.on("end", () => resolve({ status, location, body: Buffer.concat(chunks), truncated: false }));
        response.on("error", reject);
      },
    );
    request.on("error", reject);
  });
}

/** GET a lead-named page within the limits above. `leadDomain`: the registrable domain redirects must stay in. */
export async function fetchSite(start: URL, leadDomain: string, options: SiteFetchOptions): Promise<SiteFetchResult> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = start;
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new Refused("not http(s)");
      const trusted = options.trustedHost !== undefined && url.host === options.trustedHost;
      if (!trusted && getDomain(url.hostname) !== leadDomain) throw new Refused("outside the lead's domain");
      const pinned = trusted ? undefined : await publicAddressOf(url.hostname, options.resolver);
      const response = await get(url, pinned && pinnedLookup(pinned.address, pinned.family), signal, options.maxBytes);
      if (response.status < 300 || response.status >= 400) {
        return {
          ok: true,
          status: response.status,
          body: response.body.toString("utf8"),
          url: url.href,
          truncated: response.truncated,
        };
      }
      if (!response.location)
        return { ok: false, problem: "unreachable", detail: `HTTP ${response.status} without a location` };
      if (hop >= options.maxRedirects) throw new Refused(`more than ${options.maxRedirects} redirects`);
      url = new URL(response.location, url);
    }
  } catch (error) {
    if (error instanceof Refused) return { ok: false, problem: "refused", detail: error.message };
    return {
      ok: false,
      problem: "unreachable",
      detail: signal.aborted
        ? `no answer within ${options.timeoutMs} ms`
        : ((error as NodeJS.ErrnoException).code ?? (error as Error).name),
    };
  }
}
