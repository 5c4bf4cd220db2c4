import type { MailKind } from "./mail-kinds";
import { BOOKING_MAIL_COPY } from "./mail-copy-bookings";

/**
 * Every word of every e-mail (decision 0023), keyed by kind: the templates hold no prose. The
 * promises repeat the site's own wording (spec 2.3, 2.4; the thank-you page, the landing form,
 * /qualifying-chat): a call at the earliest time offered, qualify by chat or voice in
 * 2-3 minutes, the $50 Visa gift card within one day after role verification, the 24/7 hotline.
 *
 * The functions receive values already made safe (render-mail.ts: one line, bounded length);
 * React escapes them in the HTML part.
 */

/** The words around every e-mail: the footer and why the person receives it. */
export const MAIL_LAYOUT_COPY = {
  hotline: (phone: string) => `Call our 24/7 staffing hotline at ${phone}`,
  mailbox: (email: string) => `E-mail us at ${email}`,
  address: "Alpharetta, GA",
  site: (brand: string) => `Visit the ${brand} website`,
  /** The link of every e-mail to a lead (decision 0033). */
  stopIntro: "Do not want to hear from us again?",
  stopLink: "Stop contacting me",
} as const;

/** The work e-mail code's block (decision 0031), in the confirmation and in "your new code". */
export const WORK_EMAIL_CODE_COPY = {
  title: "Confirm your work e-mail to get your card sooner",
  body: "Enter this code on our website within 10 minutes. It works once.",
  code: (code: string) => `Your code: ${code}`,
  orLink: "Or open this link and press Confirm:",
  link: "Confirm my work e-mail",
} as const;

/** What every kind has; each adds its own words. */
interface KindCopy {
  subject: (...values: never[]) => string;
  /** The line inbox lists show after the subject. */
  preview: string;
  heading: string | ((what: string) => string);
  /** Why the person receives it: the consent it rests on (decision 0023). */
  reason: (brand: string) => string;
  [words: string]: unknown;
}

export interface NextStep {
  title: string;
  body: string;
}

export const MAIL_COPY = {
  lead_confirmation: {
    subject: (brand: string) => `We received your request - ${brand}`,
    preview: "Pick a time for your call. Qualify now by chat or voice in 2-3 minutes.",
    heading: "We received your request",
    greeting: (firstName: string) => `Hi ${firstName},`,
    intro: (facility: string) => `Thank you for your staffing request for ${facility}.`,
    /** The call promise: the earliest time offered when the e-mail was written, in the lead's zone; null: none was; undefined: not known. */
    callPromise: (when: string | null | undefined) =>
      when
        ? `The first free time for your call is ${when}: pick it or another.`
        : when === null
          ? "No call time is open in the next few days. Our team will call you, or call our 24/7 hotline."
          : "Pick a time for your call that suits you.",
    nextTitle: "What happens next",
    nextSteps: [
      { title: "A call at the time you pick", body: "A staffing specialist calls you at the number you gave us." },
      {
        title: "We discuss your staffing needs",
        body: "Roles, shifts, urgency and how coverage works at your facility.",
      },
      {
        title: "$50 gift card after qualifying",
        body: "Your $50 Visa gift card is emailed or sent within one day after role verification.",
      },
    ] satisfies NextStep[],
    qualifyTitle: "Qualify now in 2-3 minutes",
    qualifyBody:
      "Want your $50 Visa gift card sooner? Qualify now by text chat or by voice with our AI assistant. Either way takes about 2-3 minutes.",
    bookingTitle: "Pick a time for your call",
    bookingBody: "Rather choose when we call? Pick a time that suits you; the invite comes by e-mail.",
    bookingLink: "Pick a time for your call",
    chatLink: "Continue your qualification by text chat",
    voiceLink: "Qualify by voice with our AI assistant",
    hotlineTitle: "24/7 Staffing Hotline",
    hotlineBody: "Need coverage right now? Call us any time, day or night.",
    reason: (brand: string) => `You receive this e-mail because you asked ${brand} for staff on our website.`,
  },
  work_email_code: {
    subject: (brand: string) => `Your code to confirm your work e-mail - ${brand}`,
    preview: "The new code you asked for. It works once, for 10 minutes.",
    heading: "Your new confirmation code",
    greeting: (firstName: string) => `Hi ${firstName},`,
    intro: "Here is the new code you asked for. Codes sent earlier no longer work.",
    ignore: "If you did not ask for a new code, you can ignore this e-mail.",
    reason: (brand: string) =>
      `You receive this e-mail because a new confirmation code was asked for on the ${brand} website.`,
  },
  nurse_confirmation: {
    subject: (brand: string) => `Your application has been received - ${brand}`,
    preview: "Thank you for applying. Our team will be in touch shortly.",
    heading: "Your application has been received",
    greeting: (firstName: string) => `Hi ${firstName},`,
    intro: (brand: string) =>
      `Thank you for applying to join the ${brand} Talent Network. Our team will be in touch shortly.`,
    nextTitle: "What happens next",
    nextSteps: [
      {
        title: "A recruiter reviews your application",
        body: "We look at your classification and where you would like to work.",
      },
      { title: "We contact you", body: "A recruiter reaches you by e-mail or phone about shifts that fit you." },
    ] satisfies NextStep[],
    watch: "Please watch your email and phone for our message.",
    reason: (brand: string) =>
      `You receive this e-mail because you applied to the ${brand} Talent Network on our website.`,
  },
  staff_qualified_alert: {
    subject: (facility: string) => `Qualified lead waiting for verification: ${facility}`,
    preview: "A lead qualified and waits for role verification before the $50 gift card.",
    heading: "A qualified lead is waiting for role verification",
    body: (firstName: string, facility: string, channel: string) =>
      `${firstName} at ${facility} qualified by ${channel}.`,
    channel: { chat: "text chat", voice: "voice call" },
    promise: "We promised a call within 24 hours and the $50 Visa gift card within 24 hours after role verification.",
    leadLink: (facility: string) => `Open the lead from ${facility} in the console`,
    reason: (brand: string) =>
      `You receive this alert as ${brand} staff. To stop it, turn alerts off in your console account, or ask an administrator to take you off the alert list.`,
  },
  staff_overdue_digest: {
    subject: (count: number) =>
      count === 1 ? "1 lead is overdue for its 24-hour call" : `${count} leads are overdue for their 24-hour call`,
    preview: "Leads that were promised a call within 24 hours and have not had one yet.",
    heading: "Leads overdue for their 24-hour call",
    intro: (count: number) =>
      count === 0
        ? "No lead is overdue today."
        : count === 1
          ? "1 lead was promised a call within 24 hours and has not had one yet, oldest first:"
          : `${count} leads were promised a call within 24 hours and have not had one yet, oldest first:`,
    leadLink: (firstName: string, facility: string) => `${firstName} at ${facility}`,
    received: (date: string) => `received ${date}`,
    more: (count: number) => `and ${count} more in the console.`,
    listLink: "Open the leads due a call in the console",
    reason: (brand: string) =>
      `You receive this daily digest as ${brand} staff. To stop it, turn alerts off in your console account, or ask an administrator to take you off the alert list.`,
  },
  staff_auto_pay_paused: {
    subject: (ceiling: "daily" | "monthly", limit: number) =>
      ceiling === "daily"
        ? `Automatic gift cards paused: ${limit} sent in the last 24 hours`
        : `Automatic gift cards paused: this month's $${limit} limit is reached`,
    preview: "Verified leads now wait for a person to send their card.",
    heading: "Automatic gift cards are paused",
    body: (ceiling: "daily" | "monthly", limit: number) =>
      ceiling === "daily"
        ? `The automatic verification sent its limit of ${limit} cards in the last 24 hours (VERIFICATION_AUTO_PAY_DAILY_LIMIT).`
        : `This month's rewards reached their limit of $${limit} (REWARDS_MONTHLY_LIMIT_USD).`,
    waits:
      "Until then every lead the registries would verify waits in the console for a person to check it and send its card. This e-mail is sent once.",
    listLink: "Open the leads waiting for verification",
    reason: (brand: string) =>
      `You receive this e-mail as a ${brand} administrator or on the alert list, because automatic payments stopped at a ceiling.`,
  },
  reward_ordered: {
    subject: (what: string) => `Your ${what} is on its way`,
    preview: "Look out for a separate e-mail with your card.",
    what: {
      card: (amount: string) => `${amount} Visa gift card`,
      bonus: (amount: string) => `${amount} first-shift bonus`,
    },
    heading: (what: string) => `Your ${what} is on its way`,
    greeting: (firstName: string) => `Hi ${firstName},`,
    body: (what: string) => `Thank you for working with us. We have ordered your ${what}.`,
    deliveryTitle: "How it reaches you",
    delivery: (sentBy: string, email: string) => `${sentBy} sends it by e-mail to ${email}.`,
    spam: (sentBy: string) => `If you do not see it, please check your spam folder for a message from ${sentBy}.`,
    questions: "Questions about your card? Call or e-mail us: how to reach us is below.",
    reason: (brand: string) => `You receive this e-mail because you qualified for a ${brand} reward.`,
  },
  booking_invite: BOOKING_MAIL_COPY.booking_invite,
  booking_reminder: BOOKING_MAIL_COPY.booking_reminder,
  booking_offer: BOOKING_MAIL_COPY.booking_offer,
} as const satisfies Record<MailKind, KindCopy>;
