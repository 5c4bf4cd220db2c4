import { COMMAND_LINE_ACTOR, actorParts, leadParts, moneyWords, words, type SentencePart } from "./log-sentences";
import type { SecurityEventKind } from "./staff-requests";
import { RECIPIENT_ORIGIN_WORDS, isRecipientOrigin } from "./recipient-origin";

/**
 * The security log's rows as sentences (decision 0035), one rule per kind of event: "ana@… (staff)
 * asked to send the $50 card of Sunrise Nursing's lead to another address; waiting for a second
 * admin". The row's facts only: the server adds the actor's role and the lead's facility.
 */

export interface SecurityLogRow {
  kind: string;
  actorEmail: string | null;
  /** The actor's account role (admin, staff) when the actor is an account. */
  actorRole?: string | null | undefined;
  subjectEmail: string | null;
  rowCount: number | null;
  detail: Record<string, string | number | boolean> | null;
  repeats: number;
  /** The lead the event is about (its `leadId`), with its facility; null when erased or none. */
  lead?: { id: string; facilityName: string | null } | null | undefined;
}

type Rule = (
  row: SecurityLogRow,
  actor: SentencePart[],
  d: Record<string, string | number | boolean>,
) => SentencePart[];

const subject = (row: SecurityLogRow): SentencePart[] =>
  row.subjectEmail ? [{ email: row.subjectEmail }] : [words("an account")];
const fromCommandLine = (row: SecurityLogRow) => row.actorEmail === COMMAND_LINE_ACTOR;
const plural = (count: number, one: string, many = `${one}s`) => `${count} ${count === 1 ? one : many}`;

const THROTTLED_BY: Record<string, string> = {
  account: "for this e-mail",
  address: "from this address",
  device: "from this browser",
};

const SUBJECT_BY: Record<string, string> = { email: "by e-mail address", phone: "by phone number", lead_id: "by lead" };

/** Why an approval waits, after "to send the card of X's lead" (the recipient's words are the default). */
const APPROVAL_REASON_WORDS: Record<string, string> = {
  same_verifier: ", verified and filled by one person",
  free_mail: ", whose e-mail is at a free-mail provider",
  no_registry_match: ", whose facility no registry matched",
  facility_paid: ", whose facility was already paid this year",
};

/** The approval's request: "to send the $50 card of X's lead to another address". */
function asked(row: SecurityLogRow, d: Record<string, string | number | boolean>): SentencePart[] {
  // The recipient by where it came from (the gift-card address typed in the chat is one the lead gave).
  const origin = isRecipientOrigin(d.recipientOrigin) ? RECIPIENT_ORIGIN_WORDS[d.recipientOrigin] : undefined;
  const reason = APPROVAL_REASON_WORDS[String(d.reason)];
  const why = reason
    ? words(reason)
    : d.action === "resend"
      ? words(`, again, to ${origin ?? "another address"}`)
      : words(` to ${origin ?? "an address other than the lead's work address"}`);
  return [words(` to send ${moneyWords(d.step)} of `), leadParts(row.lead, d.leadId), why];
}

const approvalLink = (d: Record<string, string | number | boolean>): SentencePart[] =>
  typeof d.approvalId === "string" ? [words(" ("), { approval: d.approvalId, text: "the approval" }, words(")")] : [];

const RULES: Record<SecurityEventKind, Rule> = {
  sign_in: (_, a, d) => [
    ...a,
    words(" signed in"),
    words(d.device ? " on a browser remembered for the second factor" : ""),
    words(
      d.stage === "code"
        ? "; a code is asked next"
        : d.stage === "enrol"
          ? "; a second factor must be set up next"
          : "",
    ),
  ],
  sign_in_failed: (row, a, d) => {
    if (d.during === "password_change") return [...a, words(" typed a wrong current password while changing it")];
    if (d.account === "unknown") return [words("A sign-in with an e-mail no account has failed")];
    const why = d.account === "disabled" ? ": the account is disabled" : ": wrong password";
    return [words("A sign-in as "), ...subject(row), words(` failed${why}`)];
  },
  sign_in_throttled: (row, _, d) => [
    words("Sign-in tries "),
    ...(row.subjectEmail ? [words("as "), { email: row.subjectEmail }, words(" ")] : []),
    words(`${THROTTLED_BY[String(d.by)] ?? ""} are slowed down after repeated failures`.trimStart()),
    words(d.step === "code" ? " (at the code)" : ""),
  ],
  second_factor_failed: (_, a, d) => [
    ...a,
    words(d.recovery ? " entered a wrong recovery code" : " entered a wrong code"),
    words(
      d.during === "enrolment"
        ? " while setting up a second factor"
        : d.during === "change"
          ? ` while changing the second factor${d.password === false ? " (and a wrong password)" : ""}`
          : "",
    ),
  ],
  second_factor_verified: (_, a, d) => [
    ...a,
    words(d.recovery ? " signed in with a recovery code" : " entered a correct code"),
    words(d.device ? "; this browser is remembered" : ""),
  ],
  second_factor_locked: (_, a) => [...a, words(": codes are locked after too many wrong ones")],
  throttle_lifted: (row, a, d) => [
    ...a,
    words(" lifted the sign-in throttle "),
    ...(d.kind === "address" || !row.subjectEmail
      ? [words("of an address")]
      : [words("of "), { email: row.subjectEmail }]),
  ],
  sign_out: (_, a) => [...a, words(" signed out")],
  account_created: (row, a, d) =>
    fromCommandLine(row)
      ? [
          ...subject(row),
          words(` was added as ${d.role === "admin" ? "an admin" : "staff"}, set up from the server's command line`),
        ]
      : [...a, words(" added "), ...subject(row), words(` as ${d.role === "admin" ? "an admin" : "staff"}`)],
  account_disabled: (row, a) =>
    fromCommandLine(row)
      ? [words("The account "), ...subject(row), words(" was disabled from the server's command line")]
      : [...a, words(" disabled the account "), ...subject(row)],
  password_changed: (_, a) => [...a, words(" changed their password")],
  password_reset: (row, a) => [...a, words(" reset the password of "), ...subject(row)],
  second_factor_enrolled: (_, a) => [...a, words(" set up a second factor")],
  second_factor_replaced: (_, a) => [...a, words(" replaced their second factor")],
  second_factor_removed: (_, a) => [...a, words(" removed their second factor")],
  second_factor_reset: (row, a) =>
    fromCommandLine(row)
      ? [words("The second factor of "), ...subject(row), words(" was reset from the server's command line")]
      : [...a, words(" reset the second factor of "), ...subject(row)],
  recovery_code_used: (row, a) => [
    ...a,
    words(" used a recovery code"),
    words(row.rowCount === null ? "" : `; ${plural(row.rowCount, "code")} left`),
  ],
  leads_exported: (row, a, d) => {
    const filtered = Object.keys(d).some((key) => !["search", "complete"].includes(key)) || d.search === true;
    return [
      ...a,
      words(` exported ${plural(row.rowCount ?? 0, "lead")} as CSV`),
      words(filtered ? " (filtered)" : ""),
      words(d.complete === false ? "; the export stopped before the end" : ""),
    ];
  },
  reward_approval_requested: (row, a, d) => [
    ...a,
    words(" asked"),
    ...asked(row, d),
    words("; waiting for a second admin"),
    ...approvalLink(d),
  ],
  reward_approval_approved: (row, a, d) => [
    ...a,
    words(" approved the request"),
    ...asked(row, d),
    ...approvalLink(d),
    words(d.note ? `: “${String(d.note)}”` : ""),
  ],
  reward_approval_declined: (row, a, d) => [
    ...a,
    words(" declined the request"),
    ...asked(row, d),
    ...approvalLink(d),
    words(d.note ? `: “${String(d.note)}”` : ""),
  ],
  reward_flagged: (row, _, d) => [
    words("The rewards provider held the card of "),
    leadParts(row.lead, d.leadId),
    words(" for a fraud review"),
  ],
  reward_released: (row, a, d) => [...a, words(" released the held card of "), leadParts(row.lead, d.leadId)],
  reward_blocked: (row, a, d) => [...a, words(" blocked the held card of "), leadParts(row.lead, d.leadId)],
  privacy_erased: (row, a, d) => [
    ...a,
    words(
      ` erased a person (found ${SUBJECT_BY[String(d.subject)] ?? "by request"}): ${plural(row.rowCount ?? 0, "record")}`,
    ),
  ],
  privacy_erase_deferred: (row, a, d) => [
    ...a,
    words(
      ` asked to erase a person (found ${SUBJECT_BY[String(d.subject)] ?? "by request"}); waiting for a card in flight to settle`,
    ),
  ],
  privacy_exported: (_, a, d) => [
    ...a,
    words(` handed over a person's data (found ${SUBJECT_BY[String(d.subject)] ?? "by request"})`),
  ],
  privacy_opted_out: (row, a, d) => [
    ...a,
    words(
      ` recorded that a person (found ${SUBJECT_BY[String(d.subject)] ?? "by request"}) asked not to be contacted: ${plural(row.rowCount ?? 0, "lead")}`,
    ),
  ],
};

/** One row of the security log as a sentence; a kind this code does not know yet keeps its name. */
export function securityEventSentence(row: SecurityLogRow): SentencePart[] {
  const rule = (RULES as Record<string, Rule | undefined>)[row.kind];
  const actor = actorParts(row.actorEmail, row.actorRole);
  const parts = rule ? rule(row, actor, row.detail ?? {}) : [...actor, words(`: ${row.kind}`)];
  const repeats = row.repeats > 1 ? words(` (${row.repeats} times)`) : words("");
  return [...parts, repeats, words(".")].filter((part) => !("text" in part) || part.text !== "");
}
