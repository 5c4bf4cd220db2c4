import freemail from "freemail";
import type { DuplicateFlag } from "./incentive-pipeline";

/**
 * Free-mail (gmail, yahoo, ...) and disposable domains, from the maintained `freemail` list.
 * Server side only: the list is large, the console gets the flags it computes.
 */
export function emailDomainFlags(email: string): DuplicateFlag[] {
  const address = email.trim().toLowerCase();
  if (freemail.isDisposable(address)) return ["disposable_email"];
  if (freemail.isFree(address)) return ["free_mail"];
  return [];
}
