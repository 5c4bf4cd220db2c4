import http from "node:http";
import https from "node:https";
import type { LookupFunction } from "node:net";
import ipaddr from "ipaddr.js";
import { isPublicAddress, type Resolver } from "../public-address";

/**
 * Every request to a staff member's CalDAV calendar (decision 0043): the same public-address rule as
 * the website fetcher (no loopback, private, link-local or cloud metadata address, after DNS
 * and on every redirect, the connection pinned to the address checked so a second DNS answer
 * cannot move it), except for the hosts an operator allows with CALDAV_ALLOWED_HOSTS (a
 * calendar inside their own network; the tests' Radicale on 127.0.0.1). Used as tsdav's `fetch`.
 */

export interface CaldavGuard {
  resolver: Resolver;
  /** Lower-case host names (or IP literals) that may be private; "host:port" limits one to a port. */
  allowedHosts: readonly string[];
}

const MAX_REDIRECTS = 3;
const MAX_BYTES = 5 * 1024 * 1024;

export class CaldavAddressRefused extends Error {
  constructor(readonly kind: "private" | "unresolved") {
    super(kind === "private" ? "calendar address is not public" : "calendar host has no address");
  }
}

const allowed = (url: URL, guard: CaldavGuard) => {
  const host = url.hostname.replace(/^\[|\]$/g, "").toLowerCase();
  return guard.allowedHosts.some((entry) => entry === host || entry === url.host.toLowerCase());
};

/** The address to connect to: every one the host resolves to public, else refused; undefined for an allowed host. */
export async function checkedAddress(
  url: URL,
  guard: CaldavGuard,
): Promise<{ address: string; family: number } | undefined> {
  if (allowed(url, guard)) return undefined;
  const bare = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = ipaddr.isValid(bare)
      ? [{ address: bare, family: bare.includes(":") ? 6 : 4 }]
      : await guard.resolver(bare);
  } catch {
    throw new CaldavAddressRefused("unresolved");
  }
  if (addresses.length === 0) throw new CaldavAddressRefused("unresolved");
  if (!addresses.every(({ address }) => isPublicAddress(address))) throw new CaldavAddressRefused("private");
  return addresses[0];
}

const pinned =
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
  headers: Headers;
  body: Buffer;
}

function send(url: URL, init: RequestInit, lookup: LookupFunction | undefined): Promise<Hop> {
  const client = url.protocol === "https:" ? https : http;
  const headers = Object.fromEntries(new Headers(init.headers).entries());
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: init.method ?? "GET",
        headers,
        ...(init.signal ? { signal: init.signal } : {}),
        ...(lookup ? { lookup } : {}),
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_BYTES) return response.destroy(new Error("calendar answer too large"));
          chunks.push(chunk);
        });
        response.on("end", () => {
          const out = new Headers();
          for (const [name, value] of Object.entries(response.headers))
            if (value !== undefined) out.set(name, Array.isArray(value) ? value.join(", ") : value);
          resolve({ status: response.statusCode ?? 0, headers: out, body: Buffer.concat(chunks) });
        });
        response.on("error", reject);
      },
    );
    request.on("error", reject);
    request.end(typeof init.body === "string" ? init.body : undefined);
  });
}

/** A `fetch` for tsdav that connects only to public addresses (or an allowed host), following at most 3 redirects, each checked. */
export function caldavFetch(guard: CaldavGuard): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    let url = new URL(typeof input === "string" || input instanceof URL ? input : input.url);
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new CaldavAddressRefused("private");
      const address = await checkedAddress(url, guard);
      const answer = await send(url, init, address && pinned(address.address, address.family));
      const location = answer.headers.get("location");
      if (answer.status < 300 || answer.status >= 400 || !location || hop >= MAX_REDIRECTS) {
        const empty = answer.status === 204 || answer.status === 304 || (init.method ?? "GET") === "HEAD";
        return new Response(empty ? null : new Uint8Array(answer.body), {
          status: answer.status,
          headers: answer.headers,
        });
      }
      url = new URL(location, url);
    }
  }) as typeof fetch;
}
