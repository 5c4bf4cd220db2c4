/**
 * The words of the booked call's e-mails (decision 0036): the invite to the lead and to the staff
 * member (booked, moved, cancelled) and the lead's reminder. Times arrive already written in the
 * recipient's zone, with the zone named.
 */

type Change = "booked" | "moved" | "cancelled";

const subjects: Record<Change, (when: string) => string> = {
  booked: (when) => `Your call is booked for ${when}`,
  moved: (when) => `Your call has moved to ${when}`,
  cancelled: (when) => `Your call on ${when} is cancelled`,
};

export const BOOKING_MAIL_COPY = {
  booking_invite: {
    subject: (change: Change, when: string) => subjects[change](when),
    preview: "The invite is attached: add it to your calendar.",
    heading: (change: string) =>
      change === "cancelled"
        ? "Your call is cancelled"
        : change === "moved"
          ? "Your call has moved"
          : "Your call is booked",
    greeting: (firstName: string) => `Hi ${firstName},`,
    when: (when: string) => `When: ${when}`,
    withWhom: (name: string) => `With: ${name}`,
    leadBody: (change: string) =>
      change === "cancelled"
        ? "This call is cancelled. You can book another time from the link below."
        : "We will call you at the number you gave us. The invite in this e-mail adds the call to your calendar.",
    // Staff's words say what happened, not who did it: a lead, a colleague or an opt-out may
    // have moved or cancelled the call (the lead's page in the console says who).
    staffBody: (change: string) =>
      change === "cancelled"
        ? "This call is cancelled; it is taken out of your calendar."
        : change === "moved"
          ? "This call has moved to the time above. Their facility, role and answers are in the console."
          : "A call with a lead is booked with you. Their facility, role and answers are in the console.",
    leadAction: (change: string) => (change === "cancelled" ? "Pick a time for your call" : "Move or cancel this call"),
    staffAction: "Open the lead in the console",
    reason: (brand: string) => `You receive this e-mail because a call was booked with ${brand}.`,
  },
  booking_reminder: {
    subject: (when: string) => `Reminder: your call at ${when}`,
    preview: "We will call you at the number you gave us.",
    heading: "Your call is coming up",
    greeting: (firstName: string) => `Hi ${firstName},`,
    body: (when: string, name: string) => `${name} will call you at ${when}, at the number you gave us.`,
    action: "Move or cancel this call",
    reason: (brand: string) => `You receive this reminder because you booked a call with ${brand}.`,
  },
  /** Staff offered new times after a missed call (decision 0045): the lead picks one on their own page. */
  booking_offer: {
    subject: () => "We missed you: pick a new time for your call",
    preview: "Choose a time that suits you, and we will call you then.",
    heading: "Pick a new time for your call",
    greeting: (firstName: string) => `Hi ${firstName},`,
    body: "We could not reach you at the time of your call. Pick a new time that suits you, and we will call you at the number you gave us.",
    action: "Pick a time for your call",
    reason: (brand: string) => `You receive this e-mail because you booked a call with ${brand}.`,
  },
  /** The invite's own words (its SUMMARY and DESCRIPTION). */
  invite: {
    summary: (brand: string) => `Call with ${brand}`,
    leadDescription: (name: string, phone: string) =>
      `${name} calls you about your staffing request. Questions before then: ${phone}.`,
  },
} as const;

/** An instant in a zone, the zone named: "Tuesday, December 1, 2026 at 9:00 AM Eastern Standard Time". */
export function whenIn(iso: string, timeZone: string): string {
  return new Intl.DateTimeFormat("en-US", {
    timeZone,
    weekday: "long",
    month: "long",
    day: "numeric",
    year: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "long",
  }).format(new Date(iso));
}
