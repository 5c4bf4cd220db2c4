import { isDecisionMakerRole } from "./qualification-questions";
import type { DomainTie } from "./domain-tie-rule";
import { TIE_CHECK_WORDS } from "./tie-check-words";
import { afterOutcome, type CallbackNumber, type CallbackState } from "./verification-callback";
import type { FacilityMatch } from "./verification-match";

/**
 * The verification policy (decision 0024): the evidence gathered about a lead in, a decision and its
 * reasons in words out. One pure function; the server gathers the facts (verify-lead.ts), stores
 * them with the decision, and staff read the same words in the console.
 */

export type VerificationDecision = "verified" | "needs_review" | "not_checked_yet";

export type { DomainTieCheck } from "./domain-tie-rule";

export type RegistryFacts =
  | { status: "matched"; match: FacilityMatch }
  | { status: "ambiguous" }
  | { status: "not_found" }
  /** A registry timed out, failed or answered errors: nothing can be concluded yet. */
  | { status: "unavailable" };

export interface VerificationFacts {
  /** How the lead was qualified, or null while it is not (chat or voice only). */
  qualifiedVia: "chat" | "voice" | null;
  /** The role answered in the chat or the call (qualification-questions.ts values). */
  role: string | undefined;
  /** When the work address was confirmed with a code; null while it is not. */
  workAddressConfirmedAt: string | null;
  emailFlags: ReadonlyArray<"free_mail" | "disposable_email">;
  /** The lead's state, by name ("Georgia"). */
  state: string;
  registry: RegistryFacts;
  /** Undefined when there was no facility to tie the address to. */
  tie: DomainTie | undefined;
  /** The callback to the facility's number of record: the number it may dial (or why none) and its latest state (null: never placed). Undefined with no facility matched. */
  callback?: { number: CallbackNumber; state: CallbackState | null } | undefined;
  /** Other leads of the same facility (NPI, CCN, registry phone or address): cards ordered or sent, and roles verified, in the last 365 days. */
  sameFacility: { cards: number; verified: number };
  /** Leads of another facility on the same work e-mail domain with a card in the last 365 days (a chain's communities share one). */
  otherFacilityCardsOnDomain?: number;
  /** Automatic verifications in the last 24 hours for the e-mail's domain and the client's address, this lead excluded. */
  verifiedToday: { domain: number; clientAddress: number };
  /** Automatic verifications across the product in the last 24 hours, this lead excluded (each is a card with auto-pay). */
  verifiedTodayAll: number;
  limits: { domainDaily: number; clientAddressDaily: number; autoPayDaily: number; minDomainAgeDays: number };
  /** The month's rewards: what the $50 card would find (no limit set: undefined). */
  rewardsMonth: { limitUsd: number; spentUsd: number } | undefined;
  cardAmountUsd: number;
}

export interface VerificationResult {
  decision: VerificationDecision;
  reasons: string[];
  /** Only the tie is missing and the facility's number of record may confirm it: the runner places (or places again) the callback. */
  callbackDue?: true;
}

/** The reasons a callback gives, each starting as DECIDING_ORDER (verification-words.ts) knows it. */
const CALLBACK_REASONS = {
  due: "waiting for the callback: the facility's number of record is to confirm the person",
  likelyFraud: "likely fraud: the facility's number of record said the person does not work there in that role",
  notConfirmed: (outcome: string) =>
    `the facility's number of record did not confirm the person (callback: ${outcome === "no_answer" ? "no answer, twice" : outcome})`,
  noNumber: (why: string) => `no callback: ${why}`,
} as const;

/** Automatic verifications allowed per client address a day (one office may hold a few decision-makers). */
export const CLIENT_ADDRESS_DAILY_LIMIT = 3;

function tieReasons(tie: DomainTie | undefined, minAgeDays: number): string[] {
  const reasons = ["e-mail address not tied to the facility"];
  for (const check of tie?.checks ?? []) {
    if (check === "domain_too_new")
      reasons.push(`domain too new: registered ${tie?.domainAgeDays ?? 0} days ago (at least ${minAgeDays})`);
    else if (TIE_CHECK_WORDS[check].reason) reasons.push(TIE_CHECK_WORDS[check].reason);
  }
  return reasons;
}

/** The callback's reason while the tie is missing, and whether the runner should place it. */
function callbackReasons(facts: VerificationFacts): { reasons: string[]; due: boolean } {
  const callback = facts.callback;
  if (!callback) return { reasons: [], due: false };
  if (callback.number.phone === null)
    return { reasons: [CALLBACK_REASONS.noNumber(callback.number.reason)], due: false };
  const next = callback.state ? afterOutcome(callback.state) : "retry";
  if (next === "likely_fraud") return { reasons: [CALLBACK_REASONS.likelyFraud], due: false };
  if (next === "person") return { reasons: [CALLBACK_REASONS.notConfirmed(callback.state?.outcome ?? "")], due: false };
  return { reasons: [CALLBACK_REASONS.due], due: next === "retry" };
}

const facilityWords = (match: FacilityMatch) =>
  [match.npi && `NPI ${match.npi}`, match.ccn && `CCN ${match.ccn}`].filter(Boolean).join(", ");

/** The tie's reasons (with the callback's) apart from the others: a callback is due only when the tie alone is missing. */
function tieAndCallbackReasons(facts: VerificationFacts): { reasons: string[]; callbackDue: boolean } {
  // The tie is looked for once the address is confirmed (its website is not fetched before).
  if (facts.registry.status !== "matched" || !facts.workAddressConfirmedAt || facts.tie?.tied || facts.tie?.pending)
    return { reasons: [], callbackDue: false };
  const callback = callbackReasons(facts);
  const tie = tieReasons(facts.tie, facts.limits.minDomainAgeDays);
  // A "no" from the number of record is what staff must see first.
  const fraud = callback.reasons[0] === CALLBACK_REASONS.likelyFraud;
  return { reasons: fraud ? [...callback.reasons, ...tie] : [...tie, ...callback.reasons], callbackDue: callback.due };
}

function registryReasons(facts: VerificationFacts): string[] {
  const { registry } = facts;
  if (registry.status === "not_found") return [`facility not found in ${facts.state}`];
  if (registry.status === "ambiguous") return [`several facilities in ${facts.state} match the name`];
  if (registry.status !== "matched") return [];
  const reasons: string[] = [];
  const facility = facilityWords(registry.match);
  if (facts.sameFacility.cards > 0) reasons.push(`a card went to this facility (${facility}) in the last 365 days`);
  else if (facts.sameFacility.verified > 0)
    reasons.push(`another lead from this facility (${facility}) was verified in the last 365 days`);
  if ((facts.otherFacilityCardsOnDomain ?? 0) > 0)
    reasons.push("a card went to another facility on this e-mail domain in the last 365 days: a person decides");
  return reasons;
}

/** Every rule the automatic verification holds to; each broken one is a reason in words. */
export function decideVerification(facts: VerificationFacts): VerificationResult {
  const reasons: string[] = [];
  if (!facts.qualifiedVia) reasons.push("not qualified by the chat or a call");
  if (!isDecisionMakerRole(facts.role)) reasons.push("role is not a decision-maker's");
  if (!facts.workAddressConfirmedAt) reasons.push("work e-mail address not confirmed");
  if (facts.emailFlags.includes("disposable_email")) reasons.push("disposable address");
  if (facts.emailFlags.includes("free_mail")) reasons.push("free-mail address");
  reasons.push(...registryReasons(facts));
  if (facts.verifiedToday.domain >= facts.limits.domainDaily) {
    reasons.push(
      `the e-mail's domain already has ${facts.verifiedToday.domain} automatic verifications today (limit ${facts.limits.domainDaily})`,
    );
  }
  if (facts.verifiedToday.clientAddress >= facts.limits.clientAddressDaily) {
    reasons.push(
      `the client address already has ${facts.verifiedToday.clientAddress} automatic verifications today (limit ${facts.limits.clientAddressDaily})`,
    );
  }
  if (facts.verifiedTodayAll >= facts.limits.autoPayDaily)
    reasons.push(`the daily limit of ${facts.limits.autoPayDaily} automatic verifications is reached`);
  const month = facts.rewardsMonth;
  if (month && month.spentUsd + facts.cardAmountUsd > month.limitUsd)
    reasons.push(`this month's rewards limit of $${month.limitUsd} is reached`);
  // Registries down: nothing is concluded, whatever else holds; the lead is checked again later with all the facts.
  if (facts.registry.status === "unavailable")
    return {
      decision: "not_checked_yet",
      reasons: ["registries could not be reached: checked again later", ...reasons],
    };
  // RDAP down: the domain's age is not known yet; never paid meanwhile, checked again later.
  if (facts.tie?.pending)
    return {
      decision: "not_checked_yet",
      reasons: ["the domain's registration (RDAP) could not be checked: checked again later", ...reasons],
    };
  const tie = tieAndCallbackReasons(facts);
  // "Waiting for the callback" only when it will be placed: with another reason a person decides.
  const shownTieReasons =
    reasons.length > 0 ? tie.reasons.filter((reason) => reason !== CALLBACK_REASONS.due) : tie.reasons;
  if (reasons.length > 0 || shownTieReasons.length > 0)
    return {
      decision: "needs_review",
      reasons: [...shownTieReasons, ...reasons],
      // Everything else holds: the facility's number of record decides.
      ...(tie.callbackDue && reasons.length === 0 ? { callbackDue: true as const } : {}),
    };
  return {
    decision: "verified",
    reasons: [
      `facility matched (${facilityWords((facts.registry as { match: FacilityMatch }).match)}) and the address tied to it`,
    ],
  };
}
