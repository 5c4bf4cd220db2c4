import { createContext, useContext } from "react";

/**
 * What the console's layout hands every form below it (decision 0027): the signed-in
 * session's CSRF token (from the layout route's loader data, read again after each change that
 * starts a new session) and a way to say the session ended, so the sign-in form says why.
 * Outside a signed-in console (the sign-in form, a unit test) the token is empty.
 */
export interface ConsoleSession {
  csrfToken: string;
  /** After signing out, or a 401 under a change: the words the sign-in form shows next. */
  signedOut: (notice: string) => void;
}

export const ConsoleSessionContext = createContext<ConsoleSession>({ csrfToken: "", signedOut: () => {} });

export const useConsoleSession = () => useContext(ConsoleSessionContext);
