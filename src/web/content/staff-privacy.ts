import type { OptOutVia } from "../../domain/do-not-contact";

/** The console's words for a person's data on request (decision 0033): the lead page's banner and the admins' privacy view. */
export const PRIVACY_COPY = {
  /** At the top of a lead whose person asked not to be contacted. */
  banner: (date: string, via: OptOutVia) => `Do not contact: asked on ${date} ${VIA_WORDS[via]}.`,
  bannerHint: "Send no e-mail and start no call to this person.",
  /** Beside the lead in every list and card. */
  badge: "Do not contact",
  nav: "Privacy",
  heading: "Privacy requests",
  intro:
    "A person's data on request: erase it, hand it over, or stop contacting them. Name the person by e-mail address, phone number or lead id. Every request is kept in the log below for 24 months.",
  subject: "E-mail address, phone number or lead id",
  reference: "Request reference (ticket or letter number)",
  referenceOptional: "Request reference (ticket or letter number, optional)",
  reason: "Reason",
  reasonHint: "For example: the person asked by letter on 2026-11-20.",
  erase: {
    heading: "Erase a person",
    submit: "Erase this person…",
    busy: "Erasing…",
    confirmHeading: "Erase this person?",
    confirm: (subject: string) =>
      `Every personal field of every record naming ${subject} is replaced by a marker. This cannot be undone.`,
    confirmButton: "Erase",
    cancel: "Cancel",
    done: (records: number) => `Erased: ${records} ${records === 1 ? "record" : "records"}.`,
  },
  exportPerson: {
    heading: "Hand over a person's data",
    submit: "Download their data (JSON)",
    busy: "Preparing the download…",
    done: "The download has started: one JSON document of everything kept about this person.",
    fileName: (date: string) => `person-data-${date}.json`,
  },
  optOut: {
    heading: "Stop contacting a person",
    submit: "Record do not contact",
    busy: "Recording…",
    done: (recorded: number) =>
      recorded > 0
        ? "Recorded: no more e-mails and no calls to this person."
        : "This person was already on the do-not-contact list: nothing new recorded.",
  },
  log: {
    heading: "Request log",
    caption: "Erasures, exports and opt-outs, newest first",
    columns: { at: "When", what: "What was done" },
    empty: "No request yet.",
  },
} as const;

const VIA_WORDS: Record<OptOutVia, string> = {
  link: "by e-mail link",
  console: "through the console",
  cli: "through an administrator",
};
