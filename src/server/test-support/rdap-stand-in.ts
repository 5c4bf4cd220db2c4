import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * TEST SUPPORT: RDAP (RFC 9083) and its IANA bootstrap file (RFC 9224) on 127.0.0.1. The bootstrap
 * at `/dns.json` sends every TLD given to `/rdap/` on this server; `/rdap/domain/<name>` answers a
 * domain object whose `events` hold its registration date, 404 for a domain it does not know.
 * `down` makes every RDAP answer a 503 (the bootstrap stays up); `requests` counts domain lookups.
 */

export interface RdapStandIn {
  /** For RDAP_BOOTSTRAP_URL. */
  bootstrapUrl: string;
  /** Registration dates by domain (ISO 8601), changed from tests. */
  registrations: Map<string, string>;
  setDown(down: boolean): void;
  /** Domains whose lookups answer 503 while the rest answer (one registrar's server down). */
  downFor: Set<string>;
  requests(): number;
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { "content-type": "application/rdap+json" });
  response.end(JSON.stringify(body));
};

export async function startRdapStandIn(
  registrations: Record<string, string>,
  options: { tlds?: string[]; port?: number } = {},
): Promise<RdapStandIn> {
  const map = new Map(Object.entries(registrations));
  let down = false;
  const downFor = new Set<string>();
  let requests = 0;
  let origin = "";
  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    if (url.pathname === "/dns.json")
      return send(response, 200, {
        version: "1.0",
        publication: "2026-01-01T00:00:00Z",
        services: [[options.tlds ?? ["example", "test"], [`${origin}/rdap/`]]],
      });
    const domain = /^\/rdap\/domain\/([^/]+)$/.exec(url.pathname)?.[1];
    if (!domain) return send(response, 404, { errorCode: 404, title: "Not found" });
    requests++;
    const name = decodeURIComponent(domain).toLowerCase();
    if (down || downFor.has(name)) return send(response, 503, { errorCode: 503, title: "Service unavailable" });
    const registeredAt = map.get(name);
    if (!registeredAt) return send(response, 404, { errorCode: 404, title: "Not found" });
    send(response, 200, {
      objectClassName: "domain",
      ldhName: name.toUpperCase(),
      rdapConformance: ["rdap_level_0"],
      events: [
        { eventAction: "registration", eventDate: registeredAt },
        { eventAction: "expiration", eventDate: "2030-01-01T00:00:00Z" },
      ],
    });
  };
  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    bootstrapUrl: `${origin}/dns.json`,
    registrations: map,
    setDown: (value) => (down = value),
    downFor,
    requests: () => requests,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
