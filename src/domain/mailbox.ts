/**
 * One mailbox, however its address is written (decision 0043): lower case, the plus-tag left out
 * (`inbox+7@x.example` is `inbox@x.example`), and Gmail's dots (`i.n.box@gmail.com`,
 * googlemail.com too) removed, so a per-recipient cap counts what reaches one person.
 */
const DOTLESS_DOMAINS: Record<string, string> = { "gmail.com": "gmail.com", "googlemail.com": "gmail.com" };

export function mailboxOf(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf("@");
  if (at < 0) return address;
  const domain = address.slice(at + 1);
  const local = address.slice(0, at).split("+")[0]!;
  const dotless = DOTLESS_DOMAINS[domain];
  return dotless ? `${local.replace(/\./g, "")}@${dotless}` : `${local}@${domain}`;
}
