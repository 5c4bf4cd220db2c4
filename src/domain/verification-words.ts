/**
 * Why a lead waits for a person in the Due view (issue 31), in the words staff read: the latest
 * verification's first reason (verification-policy.ts), or one of these.
 */

/** The lead was never checked against the registries. */
export const NOT_CHECKED_YET = "not checked yet";

/** The rewards provider flagged the lead's card (Tremendous' REWARDS.FLAGGED) and holds it until someone releases or blocks it. */
export const CARD_HELD_FOR_REVIEW = "the rewards provider holds the card for a fraud review";
