import type { StaffAccount } from "./staff-accounts";

/**
 * The console's answers about staff themselves (session, accounts, second factor, sign-in
 * throttles, the security log), one type for both sides: see BuiltAs in staff-console-api.ts,
 * which re-exports them.
 */

/** One entry of the security log (GET /api/staff/security-events, admins). */
export interface SecurityLogEntry<Time = string> {
  id: string;
  at: Time;
  kind: string;
  actorEmail: string | null;
  subjectEmail: string | null;
  clientIp: string | null;
  rowCount: number | null;
  detail: Record<string, string | number | boolean> | null;
  /** How many times it happened in its window (repeats of a throttled try share one entry). */
  repeats: number;
  /** The actor's account role (admin, staff), when the actor is an account (decision 0035: the log's sentences). */
  actorRole: string | null;
  /** The lead the event names, with its facility; null when none (or erased). */
  lead: { id: string; facilityName: string | null } | null;
}

/** GET /api/staff/security-events: newest first, `nextBefore` (an opaque cursor) for the next page. */
export interface SecurityLogPage<Time = string> {
  events: SecurityLogEntry<Time>[];
  nextBefore: string | null;
}

/** One subject of the sign-in back-off (GET /api/staff/throttles, admins). */
export interface SignInThrottle<Time = string, Kind extends string = string> {
  key: string;
  kind: Kind;
  label: string;
  failures: number;
  lastFailureAt: Time;
  blockedUntil: Time | null;
}

/** GET /api/staff/throttles (admins): the subjects of the sign-in back-off, the latest failure first. */
export interface ThrottleList<Time = string> {
  throttles: SignInThrottle<Time>[];
}

/** POST /api/staff/throttles/lift: how many were lifted. */
export interface ThrottlesLifted {
  lifted: number;
}

/** What sign-in and GET /api/staff/session answer for a signed-in member of staff. */
export interface SignedIn {
  account: Pick<StaffAccount, "email" | "role"> & { secondFactor?: boolean };
  csrfToken: string;
  /** full; second_factor: the code is asked next; enrol: a second factor must be set up first. */
  stage?: "full" | "second_factor" | "enrol";
}

/** GET /api/staff/session: the signed-in member of staff, or `account: null` without a session. */
export type SessionAnswer = SignedIn | { account: null };

/** POST /api/staff/sign-out. */
export interface SignedOut {
  signedOut: true;
}

/** GET /api/staff/accounts (admins): every account, by e-mail. */
export interface AccountList<Time = string> {
  accounts: StaffAccount<Time>[];
}

/** POST /api/staff/accounts (201), /accounts/:id/disable and /accounts/:id/password: the account as it now is. */
export interface AccountAnswer<Time = string> {
  account: StaffAccount<Time>;
}

/** POST /api/staff/second-factor/setup: a new key, kept pending until a code confirms it. */
export interface Enrolment {
  /** The key as text, for typing into an app by hand (grouped by four). */
  secret: string;
  uri: string;
  /** The QR code of the URI as an SVG document. */
  qrSvg: string;
}

/** POST /api/staff/second-factor/confirm: the session, and the ten recovery codes shown once. */
export type SecondFactorConfirmed = SignedIn & { recoveryCodes: string[] };
