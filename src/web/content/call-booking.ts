/** The words of booking a call on the site (decision 0036): the time picker and the /call page. */
export const CALL_BOOKING_COPY = {
  title: "Pick a time for your call",
  intro: "Choose when a staffing specialist should call you. The call takes about 15 minutes.",
  zone: (zoneName: string) => `Times are shown in ${zoneName}.`,
  dayLabel: "Day",
  timesLegend: (day: string) => `Times on ${day}`,
  book: "Book this time",
  booking: "Booking...",
  move: "Move my call to this time",
  moving: "Moving...",
  cancel: "Cancel my call",
  cancelling: "Cancelling...",
  loading: "Loading the times...",
  none: "No times are open in the next few days. Our team will call you, or call our 24/7 hotline.",
  moreTimes: "More times",
  /** Every "we'll call you" sentence: the earliest time actually offered, in the lead's zone. */
  promise: {
    first: (when: string) => `The first free time is ${when}: pick it or another.`,
    none: "No call time is open in the next few days. Our team will call you, or call our 24/7 hotline.",
  },
  chooseTime: "Choose a time first.",
  failed: "We could not reach our server. Please try again.",
  bookedTitle: "Your call is booked",
  booked: (when: string, name: string) => `${name} will call you on ${when}. We sent the invite to your e-mail.`,
  movedTitle: "Your call has moved",
  movedNotice: (when: string, name: string) =>
    `${name} will call you on ${when}. We sent the updated invite to your e-mail.`,
  cancelledNotice: (when: string) =>
    `We will not call you on ${when}. We sent the cancellation to your e-mail. You can pick another time below.`,
  current: (when: string, name: string) => `Your call with ${name} is on ${when}.`,
  moveTitle: "Move your call",
  page: {
    body: "Book, move or cancel your call. Nothing changes until you press a button.",
    /** The page's heading and title as the call stands. */
    headings: {
      manage: "Your call with our team",
      booked: "Your call is booked",
      moved: "Your call has moved",
      cancelled: "Your call is cancelled",
    },
    missingLink: "This link is incomplete. Open it again from your e-mail, or call our hotline.",
  },
} as const;
