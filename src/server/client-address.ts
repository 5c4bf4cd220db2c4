import { BlockList, isIP } from "node:net";

/**
 * Who the client is. Every part of the server that keys on the client's address (the rate
 * limits, the consent proof, the staff sign-in throttle) reads `request.ip`, which Fastify sets
 * with the trust function below: the right-most address of the chain (socket address, then
 * X-Forwarded-For from right to left) that is not a trusted proxy. Entries a client writes
 * itself are left of its proxy's entry, so they are never reached.
 *
 * TRUST_PROXY says which proxies are trusted:
 * - off (`false`, `0`, unset): none; X-Forwarded-For is ignored, the socket's address is the client;
 * - a number of proxies in front (`1` for one nginx): that many hops from the server are trusted;
 * - their addresses (`10.0.0.0/8,192.168.1.10`): those addresses are trusted, wherever they are.
 * `true` (trust every hop: the left-most entry, which the client writes) is refused at start.
 */
export type TrustProxy = false | { hops: number } | { proxies: string[] };

export const TRUST_PROXY_TRUE_MESSAGE =
  "TRUST_PROXY=true trusts any client-written X-Forwarded-For; set the number of proxies in front (TRUST_PROXY=1) or their addresses (TRUST_PROXY=10.0.0.0/8)";
const TRUST_PROXY_FORMAT_MESSAGE =
  "must be the number of proxies in front (e.g. 1) or their addresses, comma-separated IPs or CIDRs (e.g. 10.0.0.0/8,192.168.1.10); false or 0 for none";

/** "::ffff:127.0.0.1" is 127.0.0.1 reached over IPv6. */
export const normalizeIp = (ip: string) => (ip.startsWith("::ffff:") ? ip.slice(7) : ip);

/** The client's address as every limiter and the consent proof take it: `request.ip`, an IPv4-mapped IPv6 address as plain IPv4. */
export const clientAddress = (request: { ip: string }) => normalizeIp(request.ip);

/**
 * What a limit counts a client by (decision 0026): an IPv4 address as it is, an IPv6 address by its
 * /64 (one subscriber's prefix: a client rotating through its own /64 is still one client).
 */
export function addressKeyOf(ip: string): string {
  const address = normalizeIp(ip);
  if (isIP(address) !== 6) return address;
  const [head = "", tail = ""] = address.toLowerCase().split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const groups = address.includes("::")
    ? [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right]
    : left;
  return `${groups
    .slice(0, 4)
    .map((g) => g.replace(/^0+(?=.)/, ""))
    .join(":")}::/64`;
}

/** The request's client counted by addressKeyOf. */
export const clientAddressKey = (request: { ip: string }) => addressKeyOf(request.ip);

/** One address or CIDR ("10.0.0.0/8", "2001:db8::/32", "192.168.1.10"), or undefined when it is neither. */
function parseSubnet(entry: string): { address: string; prefix: number; family: "ipv4" | "ipv6" } | undefined {
  const [address = "", prefixText, ...rest] = entry.split("/");
  const version = isIP(address);
  if (version === 0 || rest.length > 0) return undefined;
  const max = version === 4 ? 32 : 128;
  if (prefixText !== undefined && !/^\d{1,3}$/.test(prefixText)) return undefined;
  const prefix = prefixText === undefined ? max : Number(prefixText);
  if (prefix > max) return undefined;
  return { address, prefix, family: version === 4 ? "ipv4" : "ipv6" };
}

/** Parses the TRUST_PROXY setting; throws a message for a value that is not one of the forms above. */
export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = (value ?? "").trim();
  if (text === "" || text.toLowerCase() === "false" || text === "0") return false;
  if (text.toLowerCase() === "true") throw new Error(TRUST_PROXY_TRUE_MESSAGE);
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 16) throw new Error(TRUST_PROXY_FORMAT_MESSAGE);
    return { hops };
  }
  const proxies = text
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  if (proxies.length === 0 || proxies.some((entry) => parseSubnet(entry) === undefined))
    throw new Error(TRUST_PROXY_FORMAT_MESSAGE);
  return { proxies };
}

/** Whether an address is one of the trusted proxies' (IPv4-mapped IPv6 addresses match their IPv4 form). */
function proxyAddressMatcher(proxies: string[]): (address: string) => boolean {
  const list = new BlockList();
  for (const entry of proxies) {
    const subnet = parseSubnet(entry)!;
    list.addSubnet(subnet.address, subnet.prefix, subnet.family);
  }
  return (address: string) => {
    const plain = normalizeIp(address);
    const version = isIP(plain);
    return version !== 0 && list.check(plain, version === 4 ? "ipv4" : "ipv6");
  };
}

/**
 * Fastify's `trustProxy` for the setting: a function `(address, hop) => trusted`, hop 0 being
 * the socket's peer. (Fastify 5 turns a plain number into "trust nothing", so hops go through a
 * function too.)
 */
export function fastifyTrustProxy(setting: TrustProxy): false | ((address: string, hop: number) => boolean) {
  if (setting === false) return false;
  if ("hops" in setting) {
    const { hops } = setting;
    return (_address, hop) => hop < hops;
  }
  const isProxy = proxyAddressMatcher(setting.proxies);
  return (address) => isProxy(address);
}

/**
 * Which connections the per-address connection limit counts: behind proxies counted by hops,
 * every connection is a proxy's (none counted: the proxy holds that limit); with the proxies'
 * addresses, all but theirs.
 */
export function connectionIsFromProxy(setting: TrustProxy): (socketAddress: string) => boolean {
  if (setting === false) return () => false;
  if ("hops" in setting) return () => true;
  return proxyAddressMatcher(setting.proxies);
}
