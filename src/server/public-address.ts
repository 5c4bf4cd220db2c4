import { lookup as dnsLookup } from "node:dns/promises";
import ipaddr from "ipaddr.js";

/**
 * Which addresses the server may connect to on someone else's word: a site a lead named
 * (verification's safe fetch) and a calendar a member of staff typed (bookings' CalDAV guard).
 * Both resolve the host themselves, check every address here, and connect to the checked one.
 */

/** How a host name becomes addresses (tests put a fake in place of the system's DNS). */
export type Resolver = (hostname: string) => Promise<Array<{ address: string; family: number }>>;
export const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Cloud platforms' own services on addresses ipaddr.js counts as public unicast (decision 0040):
 * Azure's wire server and DNS (168.63.129.16), and, though already private or link-local, the
 * metadata services named here so the list says what is meant (169.254.169.254 on AWS, GCP,
 * Azure and others, 100.100.100.200 on Alibaba in 100.64/10, AWS's IPv6 fd00:ec2::254).
 */
const PLATFORM_RANGES: Array<[ipaddr.IPv4 | ipaddr.IPv6, number]> = [
  ipaddr.parseCIDR("168.63.129.16/32"),
  ipaddr.parseCIDR("169.254.0.0/16"),
  ipaddr.parseCIDR("100.64.0.0/10"),
  ipaddr.parseCIDR("fd00:ec2::254/128"),
];

/** Whether an address may be connected to on a lead's behalf: public unicast only, no cloud platform address (IPv4-mapped IPv6 judged as IPv4). */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  if (parsed.kind() === "ipv6" && (parsed as ipaddr.IPv6).isIPv4MappedAddress())
    parsed = (parsed as ipaddr.IPv6).toIPv4Address();
  if (PLATFORM_RANGES.some(([range, bits]) => range.kind() === parsed.kind() && parsed.match(range, bits)))
    return false;
  return parsed.range() === "unicast";
}
