/**
 * Why a lead waits for a person in the Due view (decision 0024), in the words staff read: the latest
 * verification's reasons (verification-policy.ts), or one of these, in the order that decides
 * (decision 0035).
 */

/** The lead was never checked against the registries. */
export const NOT_CHECKED_YET = "not checked yet";

/** The rewards provider flagged the lead's card (Tremendous' REWARDS.FLAGGED) and holds it until someone releases or blocks it. */
export const CARD_HELD_FOR_REVIEW = "the rewards provider holds the card for a fraud review";

/**
 * The order that decides, each reason by how it starts: first what holds a card now, then what
 * no wait will change and a person must judge (a disposable or free-mail address, the role, the
 * facility, the address not tied to it, cards to the same facility, the day's and month's
 * limits), last what the lead may still do (qualify, confirm the work address with its code) and
 * what is only not known yet. A free-mail address therefore comes before "work e-mail address
 * not confirmed": confirming a free-mail address would not make it a work address.
 */
const DECIDING_ORDER: readonly RegExp[] = [
  new RegExp(`^${CARD_HELD_FOR_REVIEW}`),
  /^likely fraud/,
  /^disposable address/,
  /^free-mail address/,
  /^role is not a decision-maker/,
  /^(facility not found|several facilities)/,
  // Not tied, then the tie's own findings right after it.
  /^(e-mail address not tied|website |price transparency file|lead is not the registry|the NPI|the domain|a domain's age|name-only|domain too new)/,
  /^(the facility's number of record did not confirm|no callback|waiting for the callback)/,
  /^(a card went to this facility|another lead from this facility|a card went to another facility)/,
  /^(the e-mail's domain already has|the client address already has|this month's rewards limit)/,
  /^not qualified by the chat or a call/,
  /^work e-mail address not confirmed/,
  new RegExp(`^(registries could not be reached|${NOT_CHECKED_YET})`),
];

/** A reason not known here goes after the limits and before what the lead may still do. */
const UNKNOWN_RANK = DECIDING_ORDER.findIndex((pattern) => pattern.test("not qualified by the chat or a call"));

const rankOf = (reason: string) => {
  const rank = DECIDING_ORDER.findIndex((pattern) => pattern.test(reason));
  return rank === -1 ? UNKNOWN_RANK : rank;
};

/** The reasons in the order that decides (the first is the one the Due view shows); equal ranks keep their order. */
export const inDecidingOrder = (reasons: readonly string[]): string[] =>
  [...reasons].sort((a, b) => rankOf(a) - rankOf(b));
