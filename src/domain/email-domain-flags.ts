import { disposableEmailBlocklist } from "disposable-email-domains-js";
import freeMailDomains from "email-providers";
import type { DuplicateFlag } from "./incentive-pipeline";

/**
 * Disposable domains (the community disposable-email-domains list, `disposable-email-domains-js`)
 * and free-mail providers (gmail, yahoo, ...: `email-providers`, whose list also holds many
 * disposable ones, so disposable is asked first). Server side only: the lists are large, the
 * console gets the flags computed here. Sets made on first use.
 */
let lists: { disposable: Set<string>; free: Set<string> } | undefined;

/** The domain and each parent (mail.example.co.uk, example.co.uk, co.uk): a subdomain of a listed domain counts too. */
function domainAndParents(email: string): string[] {
  const labels = (email.trim().toLowerCase().split("@").pop() ?? "").split(".").filter(Boolean);
  return labels.slice(0, -1).map((_, i) => labels.slice(i).join("."));
}

export function emailDomainFlags(email: string): DuplicateFlag[] {
  lists ??= { disposable: new Set(disposableEmailBlocklist()), free: new Set(freeMailDomains) };
  const domains = domainAndParents(email);
  if (domains.some((domain) => lists!.disposable.has(domain))) return ["disposable_email"];
  if (domains.some((domain) => lists!.free.has(domain))) return ["free_mail"];
  return [];
}
