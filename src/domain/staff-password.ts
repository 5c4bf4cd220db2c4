import common from "@zxcvbn-ts/language-common";

/**
 * Staff passwords (NIST SP 800-63B, 5.1.1.2): at least 12 characters, no composition rules,
 * refused when on a list of common passwords (zxcvbn's ~50,000 most common ones). Server
 * side only: the list is large.
 */
const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

let commonPasswords: Set<string> | undefined;
function isCommon(password: string): boolean {
  commonPasswords ??= new Set((common.dictionary["passwords-common"] as string[]).map((p) => p.toLowerCase()));
  return commonPasswords.has(password.toLowerCase());
}

/** Why the password is refused, in words for the person choosing it; undefined when it is fine. */
export function passwordProblem(password: string): string | undefined {
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) return `Use at least ${PASSWORD_MIN_LENGTH} characters.`;
  if (length > PASSWORD_MAX_LENGTH) return `Use at most ${PASSWORD_MAX_LENGTH} characters.`;
  if (isCommon(password)) return "This password is on a list of common passwords. Choose another one.";
  return undefined;
}
