import type { FastifyInstance, FastifyRequest } from "fastify";
import { isConsoleRequest } from "./console-request-paths";

/** A host as a browser's Host header gives it: lower-case, without a default port. */
const plainHost = (host: string) => host.toLowerCase().replace(/:(80|443)$/, "");

/** Whether the request came to STAFF_ORIGIN's host (always true when it is not set). */
function onStaffOrigin(request: FastifyRequest): boolean {
  const origin = request.server.config.STAFF_ORIGIN;
  return !origin || plainHost(request.host ?? "") === plainHost(new URL(origin).host);
}

/**
 * STAFF_ORIGIN (decision 0026): the console's page and its API answer only on the console's own
 * origin; on any other host (the public site, where the Google tag and a chat widget run) they
 * are not there (404). Decided by the matched route or the decoded path (console-paths.ts).
 */
export function registerConsoleOrigin(app: FastifyInstance): void {
  if (!app.config.STAFF_ORIGIN) return;
  app.addHook("onRequest", async (request, reply) => {
    if (isConsoleRequest(request) && !onStaffOrigin(request)) return reply.code(404).send({ error: "Not found" });
  });
}

/**
 * Cookie names and paths: with STAFF_ORIGIN, `__Host-` cookies (Secure, Path=/, no Domain: the
 * browser keeps them to that one origin); without, the names as before.
 */
export function staffCookie(
  request: FastifyRequest,
  name: "staff_session" | "staff_device",
): { name: string; secure: boolean; path?: string } {
  if (!request.server.config.STAFF_ORIGIN) return { name, secure: request.protocol === "https" };
  return { name: `__Host-${name}`, secure: true, path: "/" };
}
