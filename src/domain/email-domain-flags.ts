import type { DuplicateFlag } from "./incentive-pipeline";
import { mailHostKind } from "./shared-mail-domains";

/**
 * Disposable domains and free-mail or shared providers (src/domain/shared-mail-domains.ts: the
 * maintained lists plus our additions; disposable is asked first). Server side only: the lists
 * are large, the console gets the flags computed here.
 */
export function emailDomainFlags(email: string): DuplicateFlag[] {
  const kind = mailHostKind(email.trim().toLowerCase().split("@").pop() ?? "");
  if (kind === "disposable") return ["disposable_email"];
  if (kind === "free") return ["free_mail"];
  return [];
}
