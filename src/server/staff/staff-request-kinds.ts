import type { FastifyRequest } from "fastify";
import type { SessionStage } from "../store/staff-repository";

/** Which console requests need what (staff-auth.ts applies it): no session, a stage's session, the console's own request. */

/** Open without a session: signing in, and asking whether one is signed in (answered 200 with `account: null` when not). */
export const PUBLIC_ROUTES = new Set(["/api/staff/sign-in", "/api/staff/session"]);
/** What a session that has not finished signing in may reach. */
export const STAGE_ROUTES: Record<Exclude<SessionStage, "full">, Set<string>> = {
  second_factor: new Set(["/api/staff/second-factor/verify", "/api/staff/sign-out"]),
  enrol: new Set(["/api/staff/second-factor/setup", "/api/staff/second-factor/confirm", "/api/staff/sign-out"]),
};

/**
 * Sent by the console itself: its own requests carry `X-Staff-Console: 1`, and a browser that sends fetch metadata
 * must say the request came from this origin: a page elsewhere, or a `<script src>` include,
 * cannot read the session (and its CSRF token). docs/decisions/0015 says what this does not stop.
 */
export function isSentByConsole(request: FastifyRequest): boolean {
  const site = request.headers["sec-fetch-site"];
  const dest = request.headers["sec-fetch-dest"];
  return (
    request.headers["x-staff-console"] === "1" &&
    (site === undefined || site === "same-origin") &&
    (dest === undefined || dest === "empty")
  );
}

/** The CSV downloads a console link leads to: the lead list's and the funnel report's (decision 0039). */
const CSV_DOWNLOADS = new Set(["/api/staff/leads.csv", "/api/staff/reports/funnel.csv"]);

/**
 * A read of staff data (decision 0026): the console's own request, or the CSV export's download link
 * followed by the browser (a same-origin navigation: a script's fetch can never be one). A script
 * on the public pages' origin that only has the cookie gets nothing.
 */
export function isConsoleRead(request: FastifyRequest, route: string): boolean {
  if (isSentByConsole(request)) return true;
  return (
    CSV_DOWNLOADS.has(route) &&
    request.headers["sec-fetch-mode"] === "navigate" &&
    request.headers["sec-fetch-site"] === "same-origin"
  );
}
