import type { RewardsProviderError } from "./rewards-provider";

/** What staff read when a reward cannot be ordered or re-sent (plain words; the provider's own message when it gave one). */
export const REWARD_MESSAGES = {
  leadNotFound: "No lead with this id.",
  rewardNotFound: "No reward with this id for this lead.",
  stepTaken: "This step is already recorded for this lead.",
  busy: "Someone else is ordering this reward right now. Reload the lead in a minute to see the result.",
  orderInFlight:
    "This reward is being ordered from the rewards provider and its answer is not recorded yet. Send it again from the console to complete that order instead of typing a reference.",
  notResendable: "Only a reward whose delivery failed can be re-sent.",
  notConfigured: "Rewards are not ordered from a provider here: enter the card's reference instead.",
} as const;

/** A provider failure in words: what happened, whether anything was ordered, what to do. */
export function providerFailureMessage(error: RewardsProviderError): string {
  switch (error.kind) {
    case "refused":
      return `The rewards provider refused the order: ${error.providerMessage}. Nothing was ordered and no step was recorded. Correct it and try again.`;
    case "timeout":
      return "The rewards provider did not answer in time. No step was recorded. Try again: the same order is asked for again, never a second one.";
    default:
      return `The rewards provider had a problem${error.statusCode ? ` (${error.statusCode})` : ""} and may not have taken the order. No step was recorded. Try again in a moment: the same order is asked for again, never a second one.`;
  }
}

/** A re-send that did not go through. */
export function resendFailureMessage(error: RewardsProviderError): string {
  if (error.kind === "refused") return `The rewards provider refused the re-send: ${error.providerMessage}.`;
  return "The rewards provider could not be reached to re-send the reward. Try again in a moment.";
}
