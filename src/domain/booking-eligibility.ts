import { judgeQualification, type QualificationOutcome } from "./qualification-outcome";
import { QUALIFICATION_ROLES, isDecisionMakerRole } from "./qualification-questions";

/**
 * Who may be offered and book a call (decision 0043): only a lead that qualified (by chat, by voice,
 * or by the qualify page's answers) and is not spam, erased or asked not to be contacted. The
 * slots and the booking agree: a lead that cannot book is offered no times.
 */

/** What is known of a lead when it asks for times or books. */
export interface BookingFacts {
  isSpam: boolean;
  erased: boolean;
  doNotContact: boolean;
  /** The completed chat's outcome and the latest reported voice call's, when any. */
  chatOutcome: QualificationOutcome | null;
  voiceOutcome: QualificationOutcome | null;
  /** The lead's form and what it gave there (the qualify page asks for the title). */
  form: string;
  title: string | null;
  facilityType: string;
  location: string;
}

/**
 * bookable: times offered, a booking accepted; not_qualified: no times, a booking refused (403)
 * until it qualified; closed: no times, a booking refused as for anyone we cannot book (404):
 * spam (a bot cannot tell it was caught), erased, do-not-contact.
 */
export type BookingEligibility = "bookable" | "not_qualified" | "closed";

/** The qualify page's title read as a decision-maker role when it names one exactly ("Director of Nursing"). */
function roleOfTitle(title: string | null) {
  const typed = title?.trim().toLowerCase();
  return QUALIFICATION_ROLES.find((role) => isDecisionMakerRole(role.value) && role.label.toLowerCase() === typed)
    ?.value;
}

export function bookingEligibility(facts: BookingFacts): BookingEligibility {
  if (facts.isSpam || facts.erased || facts.doNotContact) return "closed";
  if (facts.chatOutcome === "qualified" || facts.voiceOutcome === "qualified") return "bookable";
  const byPage =
    facts.form === "qualify_page" &&
    judgeQualification({
      role: roleOfTitle(facts.title),
      facilityType: facts.facilityType,
      location: facts.location,
    }) === "qualified";
  return byPage ? "bookable" : "not_qualified";
}

/**
 * How many calls may be booked: book-or-move changes by one lead a day (each one e-mails it),
 * and new bookings a day from one client (an IPv4 address or an IPv6 /64) and one e-mail domain.
 */
export const BOOKING_LIMITS = {
  changesPerLeadPerDay: 3,
  perClientPerDay: 3,
  perEmailDomainPerDay: 5,
} as const;

/** Whether a lead that already made `changesToday` book-or-move changes today may make another. */
export const mayChangeAgain = (changesToday: number) => changesToday < BOOKING_LIMITS.changesPerLeadPerDay;
