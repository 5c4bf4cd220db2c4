import type { SessionAnswer, SignedIn } from "../../../domain/staff-console-api";
import { ConsoleError, staffApi } from "./staff-api";
import { CONSOLE_COPY } from "../../content/staff-console";

/**
 * Who is signed in, as the console's routes read it: GET /session, asked by the layout route's
 * loader (the sign-in form, the second factor, or the header and tabs) and by each view's loader
 * that needs the account (a 401 or an admins' view refused in words). Nothing is kept between
 * reads: a change that starts a new session (sign-in, a code, a new password) has the layout
 * read it again, and its CSRF token reaches the forms through the layout (console-session.ts).
 */
export type Session = { account: null; notice?: string | undefined } | SignedIn;

/** `notice`: the words the sign-in form shows when the session could not be read. */
export async function loadSession(): Promise<Session> {
  const result = await staffApi<SessionAnswer>("/session");
  if (result.ok && result.data.account) return result.data;
  return { account: null, notice: result.ok ? undefined : result.error };
}

/** For a view's loader: the signed-in session at its full stage, or a 401 the layout answers with the sign-in form. */
export async function requireSession(): Promise<SignedIn> {
  const session = await loadSession();
  if (!session.account || (session.stage && session.stage !== "full"))
    throw new ConsoleError(401, CONSOLE_COPY.signIn.expired);
  return session;
}

export const isAdmin = (session: SignedIn) => session.account.role === "admin";

/**
 * For an admins' view's loader: a staff account is refused in words at the view's own address
 * ("Only admins can see the security log"), with the way back to the leads (decision 0035).
 */
export async function requireAdmin(refusal: string): Promise<SignedIn> {
  const session = await requireSession();
  if (!isAdmin(session)) throw new ConsoleError(403, refusal);
  return session;
}
