/** Copy of the "Stop contacting me" page (decision 0033): the link at the foot of every e-mail to a lead. */
export const STOP_CONTACTING_COPY = {
  heading: "Stop contacting me",
  intro:
    "Press the button below and we will not e-mail or call you again about your staffing request. Nothing changes until you press it.",
  button: "Stop contacting me",
  busy: "Saving your request…",
  doneHeading: "We will not contact you again",
  doneBody:
    "We have recorded your request today. You will get no more e-mails or calls from us about this request. No confirmation e-mail follows, as you asked us not to write.",
  /** The page was opened without the link's token (copied in part, or typed). */
  noToken: "This link is not complete. Please open the link from our e-mail as it is, or call or e-mail us.",
  failed: "We could not save your request. Please try again, or call or e-mail us.",
  contact: "To reach us instead:",
} as const;
