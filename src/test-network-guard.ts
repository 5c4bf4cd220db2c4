import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { afterEach } from "vitest";

/**
 * Tests stay on this machine (decision 0043): loaded before every test file (vitest.config.ts
 * `setupFiles`), it refuses any DNS query for a name other than localhost and any connection to
 * an address that is not loopback (PostgreSQL, Redis, the stand-ins and Radicale all listen on
 * 127.0.0.1; a Unix socket is local too). The refused call fails as an offline machine would
 * (ENOTFOUND, ECONNREFUSED), and the test that made it fails after it, whatever the code under
 * test did with the error.
 */

const violations: string[] = [];

/** What the guard refused since the last call (its own test reads them; nothing else should). */
function takeNetworkViolations(): string[] {
  return violations.splice(0);
}

const isLoopbackName = (host: string) => {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  if (net.isIPv4(bare)) return bare.startsWith("127.");
  if (net.isIPv6(bare)) return bare === "::1" || /^::ffff:127\./.test(bare);
  return false;
};

const refusedName = (host: string) => {
  violations.push(`DNS query for ${host}`);
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${host} (tests stay on this machine)`), {
    code: "ENOTFOUND",
    hostname: host,
  });
};

type Callback = (error: Error | null, ...rest: unknown[]) => void;

const originalLookup = dns.lookup;
dns.lookup = function guardedLookup(hostname: string, ...rest: unknown[]) {
  const callback = rest.at(-1) as Callback;
  if (typeof hostname === "string" && !isLoopbackName(hostname) && net.isIP(hostname) === 0) {
    process.nextTick(() => callback(refusedName(hostname)));
    return {} as never;
  }
  return (originalLookup as (...args: unknown[]) => unknown)(hostname, ...rest);
} as typeof dns.lookup;

const originalPromiseLookup = dns.promises.lookup;
dns.promises.lookup = async function guardedPromiseLookup(hostname: string, ...rest: unknown[]) {
  if (!isLoopbackName(hostname) && net.isIP(hostname) === 0) throw refusedName(hostname);
  return (originalPromiseLookup as (...args: unknown[]) => Promise<unknown>)(hostname, ...rest);
} as typeof dns.promises.lookup;

for (const name of [
  "resolve",
  "resolve4",
  "resolve6",
  "resolveAny",
  "resolveMx",
  "resolveTxt",
  "resolveCname",
  "resolveNs",
  "resolveSrv",
  "reverse",
] as const) {
  (dns as unknown as Record<string, unknown>)[name] = (host: string, ...rest: unknown[]) => {
    const callback = rest.at(-1) as Callback;
    process.nextTick(() => callback(refusedName(String(host))));
  };
  (dns.promises as unknown as Record<string, unknown>)[name] = async (host: string) => {
    throw refusedName(String(host));
  };
}
syncBuiltinESMExports();

/** The options of a `socket.connect(...)`, whichever of its forms was used; undefined for a Unix socket. */
function optionsOf(args: unknown[]): { host: string; lookup?: unknown } | undefined {
  const first = Array.isArray(args[0]) ? args[0][0] : args[0];
  if (first && typeof first === "object") {
    const options = first as { host?: string; path?: string; lookup?: unknown };
    return options.path ? undefined : { host: options.host ?? "localhost", lookup: options.lookup };
  }
  if (typeof first === "string" && !/^\d+$/.test(first)) return undefined; // a Unix socket's path
  return { host: typeof args[1] === "string" ? args[1] : "localhost" };
}

const refuseConnection = (socket: net.Socket, host: string) => {
  violations.push(`connection to ${host}`);
  process.nextTick(() =>
    socket.destroy(
      Object.assign(new Error(`connect ECONNREFUSED ${host} (tests stay on this machine)`), { code: "ECONNREFUSED" }),
    ),
  );
  return socket;
};

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
  const options = optionsOf(args);
  // A name with its own lookup (a connection pinned to an address checked beforehand) is judged by that address.
  if (options && !isLoopbackName(options.host) && typeof options.lookup !== "function")
    return refuseConnection(this, options.host);
  if (options && typeof options.lookup === "function" && !isLoopbackName(options.host)) {
    const lookup = options.lookup as (host: string, o: unknown, cb: Callback) => void;
    const first = (Array.isArray(args[0]) ? args[0][0] : args[0]) as { lookup: unknown };
    first.lookup = (host: string, o: unknown, cb: Callback) =>
      lookup(host, o, (error, address, ...rest) => {
        const all = Array.isArray(address) ? (address as { address: string }[]).map((a) => a.address) : [address];
        if (!error && all.some((a) => !isLoopbackName(String(a)))) {
          violations.push(`connection to ${host} (${all.join(", ")})`);
          return cb(
            Object.assign(new Error(`connect ECONNREFUSED ${host} (tests stay on this machine)`), {
              code: "ECONNREFUSED",
            }),
          );
        }
        cb(error, address, ...rest);
      });
  }
  return (originalConnect as (...a: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

/** After each test: throws (failing it) when it made a DNS query or a connection beyond this machine. */
export function failOnNetworkViolations(): void {
  const made = takeNetworkViolations();
  if (made.length > 0)
    throw new Error(`This test reached beyond this machine (tests stay on 127.0.0.1): ${made.join("; ")}`);
}

afterEach(failOnNetworkViolations);
