import type { FastifyInstance } from "fastify";
import type { Database } from "../store/database";
import type { StaffRole } from "../../domain/staff-accounts";
import { createAccount } from "../store/staff-repository";
import { hashPassword } from "../staff/passwords";

export const STAFF_PASSWORD = "a long enough staff passphrase";

export async function addAccount(db: Database, email: string, role: StaffRole = "staff") {
  return createAccount(db, { email, role, passwordHash: await hashPassword(STAFF_PASSWORD) });
}

export interface SignedIn {
  cookie: string;
  sessionId: string;
  csrfToken: string;
  /** Headers for a change: the session cookie and the CSRF token. */
  headers: Record<string, string>;
}

/** Signs in through the API, as the console does. */
export async function signIn(app: FastifyInstance, email: string, password = STAFF_PASSWORD, cookie?: string): Promise<SignedIn> {
  const response = await app.inject({ method: "POST", url: "/api/staff/sign-in", payload: { email, password }, headers: cookie ? { cookie } : {} });
  if (response.statusCode !== 200) throw new Error(`sign-in answered ${response.statusCode}: ${response.body}`);
  const sessionCookie = response.cookies.find((c) => c.name === "staff_session")!;
  const csrfToken = response.json<{ csrfToken: string }>().csrfToken;
  const header = `staff_session=${sessionCookie.value}`;
  return { cookie: header, sessionId: sessionCookie.value, csrfToken, headers: { cookie: header, "x-csrf-token": csrfToken } };
}
