import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * TEST SUPPORT: facility websites, a real HTTP server on 127.0.0.1 holding one site per domain
 * under its first path segment: with FACILITY_WEBSITE_URL=<url>/{domain}/ the product reads
 * `<url>/sunrise-care.example/` as the home page of sunrise-care.example and
 * `<url>/sunrise-care.example/.well-known/cms-hpt.txt` as its price transparency file. Each
 * site may redirect, hang, or send a page larger than the product reads. Sites are changed from
 * tests (`sites`) or over HTTP when run as a process (`PUT /__stand-in/sites/{domain}` with a
 * FacilitySite as JSON).
 */

export interface FacilitySite {
  /** The home page's HTML. */
  home?: string;
  /** Other pages by path ("/contact-us": HTML). */
  pages?: Record<string, string>;
  /** `/.well-known/cms-hpt.txt` and `/cms-hpt.txt`. */
  wellKnownPriceFile?: string;
  rootPriceFile?: string;
  /** Every path of the site answers with this redirect (a Location header as given). */
  redirectTo?: string;
  /** The home page never answers (the connection is dropped after `holdMs`). */
  hangs?: boolean;
  /** The home page is this many bytes of padding, then the `home` HTML. */
  paddingBytes?: number;
  /** The home page trickles one byte every this many ms (a site that starves its reader). */
  trickleMs?: number;
}

export interface FacilityWebsiteStandIn {
  /** For FACILITY_WEBSITE_URL. */
  websiteUrl: string;
  /** The server's origin, to build redirects to it. */
  origin: string;
  sites: Map<string, FacilitySite>;
  /** Paths requested, in order. */
  requested: string[];
  close(): Promise<void>;
}

const send = (response: ServerResponse, status: number, type: string, body: string) => {
  response.writeHead(status, { "content-type": type });
  response.end(body);
};

export async function startFacilityWebsiteStandIn(
  sites: Record<string, FacilitySite> = {},
  options: { port?: number; holdMs?: number } = {},
): Promise<FacilityWebsiteStandIn> {
  const map = new Map(Object.entries(sites));
  const requested: string[] = [];
  const held = new Set<ServerResponse>();

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    const control = /^\/__stand-in\/sites\/([a-z0-9.-]+)$/.exec(url.pathname);
    if (control && request.method === "PUT") {
      let text = "";
      request.on("data", (chunk: Buffer) => (text += chunk.toString()));
      request.on("end", () => {
        map.set(control[1]!, JSON.parse(text || "{}") as FacilitySite);
        send(response, 200, "application/json", JSON.stringify({ sites: [...map.keys()] }));
      });
      return;
    }
    requested.push(url.pathname);
    const [, domain = "", ...rest] = url.pathname.split("/");
    const site = map.get(domain);
    const path = `/${rest.join("/")}`;
    if (!site) return send(response, 404, "text/html", "<h1>Not found</h1>");
    if (site.redirectTo) {
      response.writeHead(302, { location: site.redirectTo });
      return response.end();
    }
    if (path === "/") {
      if (site.trickleMs) {
        response.writeHead(200, { "content-type": "text/html; charset=utf-8" });
        held.add(response);
        const timer = setInterval(() => response.write("."), site.trickleMs);
        response.once("close", () => (clearInterval(timer), held.delete(response)));
        return;
      }
      if (site.hangs) {
        held.add(response);
        setTimeout(() => {
          held.delete(response);
          response.destroy();
        }, options.holdMs ?? 30_000).unref();
        return;
      }
      return send(
        response,
        200,
        "text/html; charset=utf-8",
        `${" ".repeat(site.paddingBytes ?? 0)}${site.home ?? "<h1>Welcome</h1>"}`,
      );
    }
    if (site.pages?.[path] !== undefined) return send(response, 200, "text/html; charset=utf-8", site.pages[path]);
    if (path === "/.well-known/cms-hpt.txt" && site.wellKnownPriceFile !== undefined)
      return send(response, 200, "text/plain", site.wellKnownPriceFile);
    if (path === "/cms-hpt.txt" && site.rootPriceFile !== undefined)
      return send(response, 200, "text/plain", site.rootPriceFile);
    send(response, 404, "text/html", "<h1>Not found</h1>");
  };

  const server = createServer(handle);
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  const origin = `http://127.0.0.1:${port}`;
  return {
    websiteUrl: `${origin}/{domain}/`,
    origin,
    sites: map,
    requested,
    close: async () => {
      for (const response of held) response.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
