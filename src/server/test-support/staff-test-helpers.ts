import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import type { Database } from "../store/database";
import type { StaffRole } from "../../domain/staff-accounts";
import { createAccount } from "../store/staff-repository";
import { hashPassword } from "../staff/passwords";
import { currentCode } from "../staff/second-factor";

export const STAFF_PASSWORD = "a long enough staff passphrase";

export async function addAccount(db: Database, email: string, role: StaffRole = "staff") {
  return createAccount(db, { email, role, passwordHash: await hashPassword(STAFF_PASSWORD) });
}

export interface SignedIn {
  cookie: string;
  sessionId: string;
  csrfToken: string;
  /** Headers for any request: the session cookie, the CSRF token and the console's header. */
  headers: Record<string, string>;
}

/** What the tests know of each enrolled account's second factor: its key and unused recovery codes. */
export interface SecondFactorOf {
  secret: string;
  recoveryCodes: string[];
  /** The next code is taken from this many 30-second steps ahead (a step's code is taken once). */
  stepsAhead: number;
}
export const secondFactors = new Map<string, SecondFactorOf>();

export const signedInOf = (response: LightMyRequestResponse): SignedIn => {
  const sessionCookie = response.cookies.find((c) => c.name === "staff_session")!;
  const csrfToken = response.json<{ csrfToken: string }>().csrfToken;
  const header = `staff_session=${sessionCookie.value}`;
  return {
    cookie: header,
    sessionId: sessionCookie.value,
    csrfToken,
    headers: { cookie: header, "x-csrf-token": csrfToken, "x-staff-console": "1" },
  };
};

/** Sets up a second factor for a session at the enrol stage (or a signed-in one), as the console does. */
export async function enrol(app: FastifyInstance, email: string, session: SignedIn): Promise<SignedIn> {
  // A signed-in session proves its owner (decision 0026): the password, and the current code when there is a factor.
  const proof = {
    password: STAFF_PASSWORD,
    ...(secondFactors.has(email.toLowerCase()) ? { code: nextCode(email) } : {}),
  };
  const setup = await app.inject({
    method: "POST",
    url: "/api/staff/second-factor/setup",
    headers: session.headers,
    payload: proof,
  });
  if (setup.statusCode !== 200) throw new Error(`setup answered ${setup.statusCode}: ${setup.body}`);
  const secret = setup.json<{ secret: string }>().secret.replace(/\s+/g, "");
  const confirm = await app.inject({
    method: "POST",
    url: "/api/staff/second-factor/confirm",
    headers: session.headers,
    payload: { code: currentCode(secret) },
  });
  if (confirm.statusCode !== 200) throw new Error(`confirm answered ${confirm.statusCode}: ${confirm.body}`);
  secondFactors.set(email.toLowerCase(), {
    secret,
    recoveryCodes: confirm.json<{ recoveryCodes: string[] }>().recoveryCodes,
    stepsAhead: 1,
  });
  return signedInOf(confirm);
}

/** The next code a test can give for an account: a fresh step's code while the window allows, then a recovery code. */
function nextCode(email: string): string {
  const factor = secondFactors.get(email.toLowerCase());
  if (!factor) throw new Error(`no second factor known for ${email}`);
  if (factor.stepsAhead <= 1) return currentCode(factor.secret, Date.now() + 30_000 * factor.stepsAhead++);
  const code = factor.recoveryCodes.shift();
  if (!code) throw new Error(`no recovery code left for ${email}`);
  return code;
}

/**
 * Signs in through the API, as the console does: the password, then the second factor (set up
 * at once when the account must have one; the next code when it has one).
 */
export async function signIn(
  app: FastifyInstance,
  email: string,
  password = STAFF_PASSWORD,
  cookie?: string,
): Promise<SignedIn> {
  const response = await app.inject({
    method: "POST",
    url: "/api/staff/sign-in",
    payload: { email, password },
    headers: cookie ? { cookie } : {},
  });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  const session = signedInOf(response);
  const stage = response.json<{ stage: string }>().stage;
  if (stage === "enrol") return enrol(app, email, session);
  if (stage === "second_factor") {
    const verified = await app.inject({
      method: "POST",
      url: "/api/staff/second-factor/verify",
      headers: session.headers,
      payload: { code: nextCode(email) },
    });
    if (verified.statusCode !== 200) throw new Error(`second factor answered ${verified.statusCode}: ${verified.body}`);
    return signedInOf(verified);
  }
  return session;
}
