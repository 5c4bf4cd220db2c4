import type { Server, ServerOptions } from "node:http";
import type { Socket } from "node:net";
import type { FastifyServerOptions } from "fastify";
import type { Config } from "./config";
import { addressKeyOf } from "./client-address";

/**
 * Bounds for slow and idle clients, so that half-sent requests cannot hold connections (and file
 * descriptors) for ever:
 * - the whole request, headers and body, must arrive within REQUEST_TIMEOUT_MS, else 408 and the
 *   connection is closed (Node's requestTimeout, checked every second);
 * - the headers within 10 s (or REQUEST_TIMEOUT_MS when that is shorter);
 * - an idle keep-alive connection is closed after 5 s.
 * Sending a response (a long CSV download) is not bounded by these.
 */
export function serverTimeouts(
  config: Config,
): Pick<FastifyServerOptions, "requestTimeout" | "keepAliveTimeout"> & { http: ServerOptions } {
  const requestTimeout = config.REQUEST_TIMEOUT_MS;
  return {
    requestTimeout,
    keepAliveTimeout: 5_000,
    http: {
      headersTimeout: Math.min(10_000, requestTimeout),
      connectionsCheckingInterval: Math.min(1_000, requestTimeout),
    },
  };
}

/**
 * At most `max` open connections per client address (IPv6: per /64): a further one is closed at once, before
 * any byte is read. A trusted proxy's own connections are not counted (every visitor behind it
 * shares its address; the proxy holds that limit then): `isProxy` is the TRUST_PROXY setting's
 * (client-address.ts).
 */
export function limitConnectionsPerIp(
  server: Server,
  max: number,
  isProxy: (address: string) => boolean = () => false,
): void {
  const open = new Map<string, number>();
  server.on("connection", (socket: Socket) => {
    const remote = socket.remoteAddress ?? "unknown";
    if (isProxy(remote)) return;
    // An IPv6 client counted by its /64 (decision 0040): rotating through its own prefix is one client.
    const ip = addressKeyOf(remote);
    const count = open.get(ip) ?? 0;
    if (count >= max) {
      socket.destroy();
      return;
    }
    open.set(ip, count + 1);
    socket.once("close", () => {
      const left = (open.get(ip) ?? 1) - 1;
      if (left <= 0) open.delete(ip);
      else open.set(ip, left);
    });
  });
}
