import { MIN_NPI_AGE_DAYS, daysSince } from "./domain-tie-rule";
import type { FacilityMatch } from "./verification-match";
import { addDays, instantOf, isoWeekday, minutesOf, wallClockOf } from "./zoned-time";

/**
 * The callback to the facility's number of record (decision 0042): which number may be
 * called, when, and what an outcome means. A number comes only from a record a fraudster cannot
 * have made cheaply: the facility's CMS record, or an NPI enumerated at least 365 days ago and
 * not updated in the last 90. Never a number the lead typed; a self-made NPI's phone is the
 * fraudster's own, so such a lead goes to a person.
 */

/** An NPI updated this recently may carry a phone changed by whoever controls it now. */
const MIN_NPI_QUIET_DAYS = 90;
/** Calls placed to one facility's number in a calendar month, at most. */
export const CALLBACKS_PER_FACILITY_MONTHLY = 3;
/** Attempts per lead: the first, and once more the next business day when nobody answered. */
const CALLBACK_ATTEMPTS = 2;

export type CallbackNumber = { phone: string; source: "cms" | "nppes" } | { phone: null; reason: string };

/** The number the callback may dial for this facility, or why there is none (a person checks). */
export function callbackNumber(match: FacilityMatch, now: Date): CallbackNumber {
  if (match.cmsPhone) return { phone: match.cmsPhone, source: "cms" };
  if (!match.npi || !match.phone) return { phone: null, reason: "no registry phone a fraudster could not have set" };
  const enumerated = daysSince(match.enumeratedOn, now);
  if (enumerated === null || enumerated < MIN_NPI_AGE_DAYS)
    return {
      phone: null,
      reason: `the NPI was enumerated ${enumerated ?? "an unknown number of"} days ago: its phone may be the lead's own, so a person checks`,
    };
  const updated = daysSince(match.lastUpdatedOn, now);
  if (updated === null || updated < MIN_NPI_QUIET_DAYS)
    return {
      phone: null,
      reason: `the NPI's record was updated ${updated ?? "an unknown number of"} days ago: its phone may have been changed, so a person checks`,
    };
  return { phone: match.phone, source: "nppes" };
}

/** What the person who answered said (the assistant's structured answer), or how the call ended without one. */
export type CallbackOutcome = "yes" | "no" | "unsure" | "no_answer";

/** Business hours: weekdays (ISO, 1 = Monday) and minutes of the day, or any time (tests). */
export type CallbackHours = { any: true } | { any: false; days: number[]; from: number; to: number };

const DAY_NAMES = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"];

/** "Mon-Fri 09:00-17:00", "Mon-Sat 08:30-18:00", or "any"; undefined when unreadable. */
export function parseCallbackHours(text: string): CallbackHours | undefined {
  const value = text.trim().toLowerCase();
  if (value === "any") return { any: true };
  const match = /^([a-z]{3})-([a-z]{3})\s+(\d{2}:\d{2})-(\d{2}:\d{2})$/.exec(value);
  if (!match) return undefined;
  const first = DAY_NAMES.indexOf(match[1]!);
  const last = DAY_NAMES.indexOf(match[2]!);
  const from = minutesOf(match[3]!);
  const to = minutesOf(match[4]!);
  if (first < 0 || last < first || from === undefined || to === undefined || to <= from) return undefined;
  const days = DAY_NAMES.slice(first, last + 1).map((_, i) => first + i + 1);
  return { any: false, days, from, to };
}

/** Whether `at` is within the hours on the facility's clock. */
function withinHours(hours: CallbackHours, at: Date, timeZone: string): boolean {
  if (hours.any) return true;
  const clock = wallClockOf(at.getTime(), timeZone);
  return hours.days.includes(isoWeekday(clock)) && clock.minutes >= hours.from && clock.minutes < hours.to;
}

/** The start of the next business day's hours after `at`'s day, on the facility's clock (a retry's time). */
export function nextBusinessDayStart(hours: CallbackHours, at: Date, timeZone: string): Date {
  if (hours.any) return at;
  let day = addDays(wallClockOf(at.getTime(), timeZone), 1);
  while (!hours.days.includes(isoWeekday(day))) day = addDays(day, 1);
  return new Date(instantOf(day, hours.from, timeZone));
}

/** The earliest time at or after `at` within the hours (now when within them). */
export function nextWithinHours(hours: CallbackHours, at: Date, timeZone: string): Date {
  if (withinHours(hours, at, timeZone)) return at;
  const clock = wallClockOf(at.getTime(), timeZone);
  if (!hours.any && hours.days.includes(isoWeekday(clock)) && clock.minutes < hours.from)
    return new Date(instantOf(clock, hours.from, timeZone));
  return nextBusinessDayStart(hours, at, timeZone);
}

/** The lead's callback as verification sees it: the latest attempt's outcome (null while under way) and the attempts made. */
export interface CallbackState {
  outcome: CallbackOutcome | null;
  attempts: number;
}

/** What an outcome leads to: pay (via the tie), hold as likely fraud, try again, or a person. */
export function afterOutcome(state: CallbackState): "confirmed" | "likely_fraud" | "retry" | "person" | "waiting" {
  if (state.outcome === null) return "waiting";
  if (state.outcome === "yes") return "confirmed";
  if (state.outcome === "no") return "likely_fraud";
  if (state.outcome === "no_answer" && state.attempts < CALLBACK_ATTEMPTS) return "retry";
  return "person";
}
