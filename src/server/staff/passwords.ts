import { hash, verify } from "@node-rs/argon2";

/**
 * Staff password hashing: argon2id (the package's default algorithm) with its default cost
 * (19 MiB, 2 passes, OWASP's minimum), from @node-rs/argon2 (prebuilt binaries, no compiler).
 * See docs/decisions/0008-staff-sign-in.md.
 */
export const hashPassword = (password: string): Promise<string> => hash(password);

/** A hash of nothing anyone knows: an unknown e-mail costs as much time as a wrong password. */
let decoy: Promise<string> | undefined;

export async function verifyPassword(passwordHash: string | undefined, password: string): Promise<boolean> {
  if (!passwordHash) {
    decoy ??= hash(`decoy-${Math.random()}`);
    await verify(await decoy, password).catch(() => false);
    return false;
  }
  return verify(passwordHash, password).catch(() => false);
}
