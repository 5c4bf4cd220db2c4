import type { SignedIn } from "../../../domain/staff-console-api";
import { ConsoleError, setCsrfToken, staffApi, whenSignedOut } from "./staff-api";
import { CONSOLE_COPY } from "../../content/staff-console";

/**
 * Who is signed in, as the console's routes read it. The layout route's loader asks the server
 * (GET /session) when the console opens and after the layout's own changes; a view's loader
 * takes the session known since, or shares the request in flight. A change that starts a new
 * session (sign-in, code, confirmed key, new password) answers with it, and it is kept. A 401
 * from any call forgets it and leaves a notice for the sign-in form ("your session has ended").
 */
export type Session = { account: null; notice?: string | undefined } | SignedIn;

let inFlight: Promise<Session> | undefined;
let known: SignedIn | undefined;
let notice: string | undefined;

whenSignedOut(() => {
  known = undefined;
  notice = CONSOLE_COPY.signIn.expired;
});

/** A change answered with a new session (its account, stage and CSRF token). */
export const keepSession = (session: SignedIn | undefined) => {
  known = session;
};

/** The notice the sign-in form shows next (signed out, or the session ended), once. */
export const leaveNotice = (words: string | undefined) => {
  notice = words;
};

export function loadSession(): Promise<Session> {
  inFlight ??= staffApi<SignedIn | { account: null }>("/session")
    .then((result): Session => {
      if (result.ok && result.data.account) {
        setCsrfToken(result.data.csrfToken);
        notice = undefined;
        known = result.data;
        return result.data;
      }
      known = undefined;
      const shown = result.ok ? notice : result.error;
      notice = undefined;
      return { account: null, notice: shown };
    })
    .finally(() => {
      inFlight = undefined;
    });
  return inFlight;
}

/** For a view's loader: the signed-in session at its full stage, or a 401 the layout answers with the sign-in form. */
export async function requireSession(): Promise<SignedIn> {
  const session = known ?? (await loadSession());
  if (!session.account || (session.stage && session.stage !== "full"))
    throw new ConsoleError(401, CONSOLE_COPY.signIn.expired);
  return session;
}

export const isAdmin = (session: SignedIn) => session.account.role === "admin";

/**
 * For an admins' view's loader: a staff account is refused in words at the view's own address
 * ("Only admins can see the security log"), with the way back to the leads (issue 42).
 */
export async function requireAdmin(refusal: string): Promise<SignedIn> {
  const session = await requireSession();
  if (!isAdmin(session)) throw new ConsoleError(403, refusal);
  return session;
}
