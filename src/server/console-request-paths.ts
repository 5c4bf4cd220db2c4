import type { FastifyRequest } from "fastify";

/** /staff (the console's page) and /api/staff/* (its API), on a decoded path or a route's pattern. */
const CONSOLE_PATH = /^\/(api\/)?staff(\/|$)/;
const API_PATH = /^\/api(\/|$)/;

/**
 * The request's path as the router sees it: percent-decoded, without the query. `/%73taff` is
 * `/staff` to the router, so it must be to every rule too (decision 0026). Undecodable text stays as it is.
 */
function decodedPathOf(url: string): string {
  const path = url.split("?")[0] ?? "";
  try {
    return decodeURIComponent(path);
  } catch {
    return path;
  }
}

/**
 * Whether the console's rules apply (no-store, its CSP, noindex, its origin): the route the router
 * matched, or, for a path no route matched, its decoded form. Never the raw URL.
 */
export function isConsoleRequest(request: FastifyRequest): boolean {
  const route = request.routeOptions.url;
  if (route !== undefined && CONSOLE_PATH.test(route)) return true;
  return CONSOLE_PATH.test(decodedPathOf(request.url));
}

/** Whether the request is for the JSON API (/api/*), however its path is encoded. */
export const isApiRequest = (request: FastifyRequest): boolean =>
  API_PATH.test(request.routeOptions.url ?? "") || API_PATH.test(decodedPathOf(request.url));
