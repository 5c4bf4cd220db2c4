import { createElement, type ReactElement } from "react";
import { render, toPlainText } from "@react-email/render";
import { MAIL_COPY } from "./mail-copy";
import type { MailBrand, MailMessage, RenderedMail, WorkEmailCodeRef } from "./mail-kinds";
import { MAX_LENGTH, linkUrl, singleLine, subjectLine, unlinkable } from "./mail-text";
import { LeadConfirmation } from "./templates/lead-confirmation";
import { NurseConfirmation } from "./templates/nurse-confirmation";
import { RewardOrdered, rewardWhat } from "./templates/reward-ordered";
import { StaffAutoPayPaused } from "./templates/staff-auto-pay-paused";
import { StaffOverdueDigest } from "./templates/staff-overdue-digest";
import { StaffQualifiedAlert } from "./templates/staff-qualified-alert";
import { WorkEmailCode } from "./templates/work-email-code";
import { shownCode } from "../work-email";
import { BookingInvite } from "./templates/booking-invite";
import { BookingReminder } from "./templates/booking-reminder";
import { BookingOffer } from "./templates/booking-offer";
import { whenIn } from "./mail-copy-bookings";
import { calendarInviteText } from "./calendar-invite";
import { firstCallLabel } from "../../domain/first-call-time";
import { isTimeZone } from "../../domain/zoned-time";

/** The secrets a rendering may need: WORK_EMAIL_CODE_KEY derives a work e-mail code (decision 0031). */
export interface MailKeys {
  workEmailCode?: Buffer | undefined;
}

/** The earliest call time the confirmation names, in the lead's zone; null: none offered; undefined: unknown. */
function firstCallOf(first: { start: string | null; timeZone: string } | undefined): string | null | undefined {
  if (!first || typeof first.timeZone !== "string" || !isTimeZone(first.timeZone)) return undefined;
  if (first.start === null) return null;
  const at = Date.parse(String(first.start));
  return Number.isNaN(at) ? undefined : firstCallLabel(at, first.timeZone);
}

/** The code and link of a stored reference; none without the key (the confirmation goes without its code block). */
function shown(keys: MailKeys, ref: WorkEmailCodeRef | undefined, siteUrl: string) {
  if (!ref || !keys.workEmailCode) return undefined;
  if (typeof ref.leadId !== "string" || typeof ref.nonce !== "string")
    throw new TypeError("work e-mail code reference");
  const result = shownCode(keys.workEmailCode, ref, siteUrl.replace(/\/+$/, ""));
  return { code: result.code, confirmUrl: linkUrl(result.confirmUrl) };
}

/**
 * Renders one e-mail from the outbox (decision 0023): its subject (one line), its HTML and its plain
 * text. Every value a person typed is made one bounded line first (mail-text.ts); React escapes
 * it in the HTML; the subject is built from those values and made one line again.
 */
export async function renderMail(message: MailMessage, brand: MailBrand, keys: MailKeys = {}): Promise<RenderedMail> {
  const safeBrand = cleanBrand(brand);
  const { subject, element, calendar } = compose(message, safeBrand, keys);
  const html = await render(element);
  // The text part from the same HTML: `render(..., { plainText: true })` would render the React
  // tree a second time only to convert it with this same function.
  const text = toPlainText(html, TEXT_OPTIONS);
  return { subject, html, text, ...(calendar ? { calendar } : {}) };
}

/** html-to-text's defaults, but headings keep their case (a name must read as typed) and phone and mailbox links show no href. */
const TEXT_OPTIONS = {
  selectors: [
    ...["h1", "h2"].map((selector) => ({ selector, options: { uppercase: false } })),
    { selector: "a[href^='tel:']", format: "anchor", options: { ignoreHref: true } },
    { selector: "a[href^='mailto:']", format: "anchor", options: { ignoreHref: true } },
  ],
};

function cleanBrand(brand: MailBrand): MailBrand {
  return {
    brandName: singleLine(brand.brandName, MAX_LENGTH.sender),
    phone: singleLine(brand.phone, MAX_LENGTH.sender),
    contactEmail: singleLine(brand.contactEmail, MAX_LENGTH.email),
    siteUrl: linkUrl(brand.siteUrl),
  };
}

/** The contact links made safe (absent in e-mails queued before the stop link existed). */
const contactLinksOf = (data: { stopUrl?: string; oneClickUrl?: string }) => ({
  ...(data.stopUrl ? { stopUrl: linkUrl(data.stopUrl) } : {}),
  ...(data.oneClickUrl ? { oneClickUrl: linkUrl(data.oneClickUrl) } : {}),
});

/** What a lead typed: one bounded line, never a link a mail client would make (mail-text.ts `unlinkable`). */
const name = (value: string) => unlinkable(singleLine(value, MAX_LENGTH.name));
const facility = (value: string) => unlinkable(singleLine(value, MAX_LENGTH.facility));

/** The subject and the element of one kind, from its data made safe. */
function compose(
  message: MailMessage,
  brand: MailBrand,
  keys: MailKeys,
): { subject: string; element: ReactElement; calendar?: RenderedMail["calendar"] } {
  switch (message.kind) {
    case "booking_invite": {
      const { recipient, change, firstName, withWhom, timeZone, actionUrl, invite } = message.data;
      const when = whenIn(invite.start, timeZone);
      const data = {
        recipient: recipient === "staff" ? ("staff" as const) : ("lead" as const),
        change,
        firstName: name(firstName),
        // Lead-typed on staff's copy ("Dana at Sunrise"): no link a mail client could make of it
        // either (decision 0043).
        withWhom: unlinkable(singleLine(withWhom, MAX_LENGTH.name + MAX_LENGTH.facility + 4)),
        when,
        actionUrl: linkUrl(actionUrl),
        // The lead's stop link (decision 0040); none on the staff member's copy.
        ...(recipient === "staff" ? {} : contactLinksOf(message.data)),
      };
      const subject = subjectLine(MAIL_COPY.booking_invite.subject(change, when));
      const method = invite.method === "CANCEL" ? ("CANCEL" as const) : ("REQUEST" as const);
      return {
        subject,
        element: createElement(BookingInvite, { brand, subject, data }),
        calendar: { method, content: calendarInviteText({ ...invite, method }) },
      };
    }
    case "booking_reminder": {
      const when = whenIn(message.data.start, message.data.timeZone);
      const data = {
        firstName: name(message.data.firstName),
        withWhom: name(message.data.withWhom),
        when,
        actionUrl: linkUrl(message.data.actionUrl),
        ...contactLinksOf(message.data),
      };
      const subject = subjectLine(MAIL_COPY.booking_reminder.subject(when));
      return { subject, element: createElement(BookingReminder, { brand, subject, data }) };
    }
    case "booking_offer": {
      const data = {
        firstName: name(message.data.firstName),
        bookingUrl: linkUrl(message.data.bookingUrl),
        ...contactLinksOf(message.data),
      };
      const subject = subjectLine(MAIL_COPY.booking_offer.subject());
      return { subject, element: createElement(BookingOffer, { brand, subject, data }) };
    }
    case "lead_confirmation": {
      const { firstName, facilityName, resumeUrl, voiceUrl, workEmailCode } = message.data;
      const data = {
        firstName: name(firstName),
        facilityName: facility(facilityName),
        resumeUrl: linkUrl(resumeUrl),
        voiceUrl: linkUrl(voiceUrl),
        ...(message.data.bookingUrl ? { bookingUrl: linkUrl(message.data.bookingUrl) } : {}),
        shown: shown(keys, workEmailCode, brand.siteUrl),
        callPromise: MAIL_COPY.lead_confirmation.callPromise(firstCallOf(message.data.firstCall)),
        ...contactLinksOf(message.data),
      };
      const subject = subjectLine(MAIL_COPY.lead_confirmation.subject(brand.brandName));
      return { subject, element: createElement(LeadConfirmation, { brand, subject, data }) };
    }
    case "nurse_confirmation": {
      const data = { firstName: name(message.data.firstName), ...contactLinksOf(message.data) };
      const subject = subjectLine(MAIL_COPY.nurse_confirmation.subject(brand.brandName));
      return { subject, element: createElement(NurseConfirmation, { brand, subject, data }) };
    }
    case "staff_qualified_alert": {
      const { firstName, facilityName, channel, leadUrl } = message.data;
      const data = {
        firstName: name(firstName),
        facilityName: facility(facilityName),
        channel: channel === "voice" ? ("voice" as const) : ("chat" as const),
        leadUrl: linkUrl(leadUrl),
      };
      const subject = subjectLine(MAIL_COPY.staff_qualified_alert.subject(data.facilityName));
      return { subject, element: createElement(StaffQualifiedAlert, { brand, subject, data }) };
    }
    case "staff_overdue_digest": {
      const leads = message.data.leads.map((lead) => ({
        firstName: name(lead.firstName),
        facilityName: facility(lead.facilityName),
        receivedAt: singleLine(lead.receivedAt, 40),
        leadUrl: linkUrl(lead.leadUrl),
      }));
      const data = { leads, listUrl: linkUrl(message.data.listUrl) };
      const subject = subjectLine(MAIL_COPY.staff_overdue_digest.subject(leads.length));
      return { subject, element: createElement(StaffOverdueDigest, { brand, subject, data }) };
    }
    case "staff_auto_pay_paused": {
      const ceiling = message.data.ceiling === "monthly" ? ("monthly" as const) : ("daily" as const);
      if (!Number.isFinite(message.data.limit) || message.data.limit < 0)
        throw new RangeError("limit must be a number");
      const data = { ceiling, limit: message.data.limit, listUrl: linkUrl(message.data.listUrl) };
      const subject = subjectLine(MAIL_COPY.staff_auto_pay_paused.subject(ceiling, data.limit));
      return { subject, element: createElement(StaffAutoPayPaused, { brand, subject, data }) };
    }
    case "work_email_code": {
      // Without the key this e-mail has nothing to say: a render failure (final), never a code-less copy.
      const code = shown(keys, message.data.workEmailCode, brand.siteUrl);
      if (!code) throw new TypeError("work e-mail code: no key or no reference");
      const data = { firstName: name(message.data.firstName), shown: code, ...contactLinksOf(message.data) };
      const subject = subjectLine(MAIL_COPY.work_email_code.subject(brand.brandName));
      return { subject, element: createElement(WorkEmailCode, { brand, subject, data }) };
    }
    case "reward_ordered": {
      const { firstName, reward, amountUsd, sentBy, recipientEmail } = message.data;
      if (!Number.isFinite(amountUsd) || amountUsd <= 0)
        throw new RangeError("reward amount must be a positive number");
      const data = {
        firstName: name(firstName),
        reward: reward === "bonus" ? ("bonus" as const) : ("card" as const),
        amountUsd,
        sentBy: singleLine(sentBy, MAX_LENGTH.sender),
        recipientEmail: singleLine(recipientEmail, MAX_LENGTH.email),
        ...contactLinksOf(message.data),
      };
      const subject = subjectLine(MAIL_COPY.reward_ordered.subject(rewardWhat(data)));
      return { subject, element: createElement(RewardOrdered, { brand, subject, data }) };
    }
  }
}
