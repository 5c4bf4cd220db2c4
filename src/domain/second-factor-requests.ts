import { z } from "zod";

/**
 * What the second factor's routes take (decision 0026): a code (six digits or a recovery code), and
 * for setting it up again, replacing or removing it from a signed-in session, the password and
 * the current factor's code, so a stolen session alone cannot take the factor over.
 */
export const SECOND_FACTOR_MESSAGES = {
  password: "Enter your password.",
  code: "Enter the code from your authenticator app (or a recovery code).",
  proofFailed: "Your password or code is not right, or there were too many tries. Try again in a minute.",
  alreadySignedIn: "You are already signed in: there is no code to give.",
  mustKeep: "Your account must have a second factor: set up a new one instead of removing it.",
  locked: "Too many wrong codes: sign in again with your password.",
} as const;

export const CodeSchema = z.strictObject({
  code: z.string().trim().min(1, SECOND_FACTOR_MESSAGES.code).max(40, SECOND_FACTOR_MESSAGES.code),
});

/** The owner's proof; which parts are required depends on the session and the account (the server checks). */
export const FactorChangeSchema = z.strictObject({
  password: z.string().max(1024).optional(),
  code: z.string().trim().max(40, SECOND_FACTOR_MESSAGES.code).optional(),
});
export type FactorChange = z.infer<typeof FactorChangeSchema>;
