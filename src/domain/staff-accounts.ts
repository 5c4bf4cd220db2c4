import { z } from "zod";

/** A console account's role: staff work the pipeline, admins also manage accounts. */
const STAFF_ROLES = ["staff", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

const ACCOUNT_MESSAGES = {
  email: "Enter a valid e-mail address.",
  role: "Choose staff or admin.",
} as const;

/**
 * A new console account as the admin's form sends it. The password's own rules (length, common
 * passwords) are `passwordProblem` in staff-password.ts, server side only (its list is large).
 */
export const StaffAccountSchema = z.strictObject({
  email: z.email(ACCOUNT_MESSAGES.email).max(254),
  password: z.string().max(1024),
  role: z.enum(STAFF_ROLES, ACCOUNT_MESSAGES.role),
});

/** What the console and the command line see of an account (never the hash): `Date`s on the server, ISO strings in the API's JSON. */
export interface StaffAccount<Time = string> {
  id: string;
  email: string;
  role: StaffRole;
  createdAt: Time;
  disabledAt: Time | null;
  /** Whether a second factor (authenticator app) is set up. */
  secondFactor: boolean;
}
