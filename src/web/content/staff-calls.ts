/** The console's words for calls (decision 0036): one's availability (under one's own settings) and the Calls view. */
export const STAFF_CALLS_COPY = {
  availability: {
    heading: "Calls leads can book with you",
    intro: "Leads pick a time when you are free. Times are read in your time zone.",
    shownName: "First name leads see",
    timeZone: "Your time zone",
    chooseZone: "Choose your time zone",
    fromLabel: "from",
    toLabel: "to",
    takesCalls: "I take calls",
    weekly: "Your weekly hours",
    days: ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"],
    works: (day: string) => `Calls on ${day}`,
    from: (day: string) => `${day} from`,
    to: (day: string) => `${day} to`,
    calendarHeading: "Your calendar (CalDAV, optional)",
    calendarIntro: "Busy times in this calendar are not offered, and booked calls are written into it.",
    linkCalendar: "Link a calendar",
    calendarUrl: "Calendar address",
    calendarUser: "User name",
    calendarPassword: "App password (leave empty to keep the saved one)",
    save: "Save availability",
    saving: "Saving...",
    saved: "Your availability is saved.",
  },
  calls: {
    nav: "Calls",
    heading: "Calls",
    zone: (zone: string) => `Times in ${zone}.`,
    mine: "My calls",
    everyone: "Everyone's calls",
    empty: "No calls booked in the next days.",
    caption: "Booked calls",
    columns: { when: "When", with: "With", lead: "Lead", roles: "Roles", status: "Status", mark: "Mark" },
    held: "Held",
    missed: "Missed",
    marking: "Saving...",
    markHeld: (lead: string) => `Mark the call with ${lead} held`,
    markMissed: (lead: string) => `Mark the call with ${lead} missed`,
    callLead: (lead: string, phone: string) => `Call ${lead} at ${phone}`,
    statuses: { booked: "Booked", held: "Held", missed: "Missed", cancelled: "Cancelled by the lead" } as Record<
      string,
      string
    >,
  },
  leadCalls: {
    heading: "Booked calls",
    line: (when: string, name: string, status: string) => `${when} with ${name}: ${status}`,
    caption: "The lead's calls",
    columns: { when: "When", with: "With", status: "Status", mark: "Mark" },
    /** A write to the staff member's calendar failed (the booking keeps it and tries again every minute). */
    calendarProblem: (name: string) =>
      `Not in ${name}'s calendar yet: the calendar did not take it. Retried every minute.`,
  },
  move: {
    open: "Move",
    openLabel: (lead: string) => `Move the call with ${lead}`,
    heading: (lead: string) => `Move the call with ${lead}`,
    loading: "Loading the times...",
    none: "No other time is open in the next days.",
    time: (zone: string) => `New time (${zone})`,
    choose: "Choose a time",
    submit: "Move the call",
    submitting: "Moving...",
    close: "Keep the time",
    moved: (when: string, name: string) =>
      `Moved to ${when} with ${name}. The lead and the staff member are e-mailed the update.`,
  },
  /** After a missed call (decision 0045): new times e-mailed to the lead, or a time booked for them. */
  nextSteps: {
    heading: "Next steps after the missed call",
    offer: "Offer new times",
    offerLabel: (lead: string) => `Offer ${lead} new times by e-mail`,
    offering: "Sending...",
    offered: (when: string) => `New times were e-mailed to the lead at ${when}. They pick one on their own page.`,
    offeredAgain: (when: string) => `New times were already e-mailed to the lead at ${when}. Nothing was sent again.`,
    book: "Book for the lead",
    bookLabel: (lead: string) => `Book a call for ${lead}`,
  },
  /** "Book for the lead" (decision 0045): one of the times offered, in the viewer's zone. */
  book: {
    heading: (lead: string) => `Book a call for ${lead}`,
    loading: "Loading the times...",
    none: "No time is open in the next days.",
    time: (zone: string) => `Time of the call (${zone})`,
    choose: "Choose a time",
    submit: "Book the call",
    submitting: "Booking...",
    close: "Close",
    booked: (when: string, name: string) =>
      `Booked for ${when} with ${name}. The lead and the staff member are e-mailed the invite.`,
  },
  /** The lead's timeline (decision 0036): what happened to each call, the call's time in the viewer's zone, named. */
  timeline: {
    heading: "Calls",
    kinds: {
      booked: (when: string, name: string) => `Call booked for ${when} with ${name}`,
      moved: (when: string, name: string) => `Call moved to ${when} with ${name}`,
      cancelled: (when: string, name: string) => `Call on ${when} with ${name} cancelled`,
      held: (when: string, name: string) => `Call on ${when} with ${name} held`,
      missed: (when: string, name: string) => `Call on ${when} with ${name} missed`,
      offered: (when: string, name: string) =>
        `New times e-mailed to the lead after the missed call on ${when} with ${name}`,
    },
    byLead: "the lead",
    /** Changes no person made, by their actor. */
    bySystem: { "system:do-not-contact": "called off: the lead asked not to be contacted" } as Record<string, string>,
  },
} as const;
