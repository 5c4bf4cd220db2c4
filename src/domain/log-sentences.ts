import { BONUS_AMOUNT_USD, GIFT_CARD_AMOUNT_USD } from "./incentive-pipeline";

/**
 * The console's logs as sentences (decision 0035): a log row in, the pieces of one sentence out, for
 * the security log (security-log-sentences.ts) and the privacy request log (here). Pure: the
 * console renders the pieces (an e-mail that breaks after "@" and dots, a link to the lead or
 * the approval), and the unit tests read the sentence each kind of row makes.
 */

/** A piece of a sentence: words, a person's e-mail address, or a link to a lead or an approval. */
export type SentencePart =
  { text: string } | { email: string } | { lead: string; text: string } | { approval: string; text: string };

/** The sentence as plain text (tests, a title, a screen reader's summary). */
export const sentenceText = (parts: readonly SentencePart[]) =>
  parts.map((part) => ("email" in part ? part.email : part.text)).join("");

export const words = (text: string): SentencePart => ({ text });

/** Who `npm run staff` records as the actor of what it does: the server's command line. */
export const COMMAND_LINE_ACTOR = "server:npm run staff";

/** "the $50 card", "the $250 bonus" (a reward step's money, in words). */
export const moneyWords = (step: unknown) =>
  step === "bonus_sent" ? `the $${BONUS_AMOUNT_USD} bonus` : `the $${GIFT_CARD_AMOUNT_USD} card`;

/** Who did it: an e-mail with the account's role, the server's command line, or someone unknown. */
export function actorParts(email: string | null, role?: string | null): SentencePart[] {
  if (!email) return [words("Someone")];
  if (email === COMMAND_LINE_ACTOR) return [words("Someone at the server's command line")];
  const bare = email.replace(/^staff:/, "");
  return [{ email: bare }, ...(role ? [words(` (${role})`)] : [])];
}

/** A lead, by its facility: "Sunrise Nursing's lead" linked to it, or "a lead" (erased, or not known). */
export function leadParts(
  lead: { id: string; facilityName: string | null } | null | undefined,
  id?: unknown,
): SentencePart {
  const leadId = lead?.id ?? (typeof id === "string" ? id : undefined);
  if (!leadId) return words("a lead");
  return { lead: leadId, text: lead?.facilityName ? `${lead.facilityName}'s lead` : "a lead" };
}

// ---------------------------------------------------------------- the privacy request log

/** One row of the privacy request log (GET /api/staff/privacy/requests): never the person's data. */
export interface PrivacyLogRow {
  kind: string;
  /** "staff:<e-mail>", "admin-token", "link" (the person themself), "system:retention". */
  actor: string;
  reference: string;
  recordIds: readonly string[];
}

/** Who made a privacy request, as people say it (never a mechanism's name such as "admin-token"). */
function privacyActor(actor: string): SentencePart[] {
  if (actor === "admin-token") return [words("An administrator, through the admin API,")];
  if (actor === "link") return [words("The person themself, with the link in an e-mail,")];
  if (actor === "system:retention") return [words("The retention schedule")];
  if (actor.startsWith("staff:")) return actorParts(actor);
  return [words(actor)];
}

const records = (count: number) => `${count} ${count === 1 ? "record" : "records"}`;

/** "ana@… erased a person: 3 records (reference R-1)." */
export function privacyRequestSentence(row: PrivacyLogRow): SentencePart[] {
  const count = row.recordIds.length;
  const what: Record<string, string> = {
    erase: ` erased a person: ${records(count)}`,
    erase_deferred: ` asked to erase a person: waiting for a card in flight to settle, ${records(count)} kept until then`,
    export: ` handed over a person's data: ${records(count)}`,
    opt_out: ` recorded that a person asked not to be contacted: ${records(count)}`,
  };
  const reference = row.reference ? ` (reference ${row.reference})` : "";
  if (row.actor === "link" && row.kind === "opt_out")
    return [words(`The person asked not to be contacted, with the link in an e-mail: ${records(count)}${reference}.`)];
  return [...privacyActor(row.actor), words(`${what[row.kind] ?? ` made a request (${row.kind})`}${reference}.`)];
}
