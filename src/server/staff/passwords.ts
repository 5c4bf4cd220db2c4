import { hash, verify } from "@node-rs/argon2";

/**
 * Staff password hashing: argon2id (the package's default algorithm) with its default cost
 * (19 MiB, 2 passes, OWASP's minimum), from @node-rs/argon2 (prebuilt binaries, no compiler).
 * See docs/decisions/0012-staff-sign-in.md.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

/**
 * The one place a password is checked against a hash: an object so tests can count the checks
 * (`vi.spyOn(argon2, "verify")`), e.g. that a burst of tries gets no more checks than the back-off allows.
 */
export const argon2 = {
  verify: (passwordHash: string, password: string): Promise<boolean> =>
    verify(passwordHash, password).catch(() => false),
};

/** A hash of nothing anyone knows: an unknown e-mail costs as much time as a wrong password. */
let decoy: Promise<string> | undefined;

/**
 * The work of a password check against the decoy, for a try that is refused before any check (a
 * throttled one): its answer takes as long as a checked one (decision 0026). Not counted in `argon2`.
 */
export async function decoyWork(password: string): Promise<void> {
  decoy ??= hash(`decoy-${Math.random()}`);
  await verify(await decoy, password).catch(() => false);
}

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash(`decoy-${Math.random()}`);
    await argon2.verify(await decoy, password);
    return false;
  }
  return argon2.verify(passwordHash, password);
}
