// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MAIL_KINDS, type MailKind, type MailMessage } from "./mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { shownCode } from "../work-email";
import { mailDocument } from "../test-support/mail-test-document";
import { renderMail } from "./render-mail";

/** What each kind must say and link to, in both parts (decision 0023). */
const sampleCode = (ref: { leadId: string; nonce: string }) =>
  shownCode(SAMPLE_KEYS.workEmailCode, ref, SAMPLE_BRAND.siteUrl);
const LEAD_CODE = sampleCode(SAMPLE_MESSAGES.lead_confirmation.data.workEmailCode);
const NEW_CODE = sampleCode(SAMPLE_MESSAGES.work_email_code.data.workEmailCode);

const ESSENTIALS: Record<MailKind, { h1: string; texts: string[]; links: string[] }> = {
  lead_confirmation: {
    h1: "We received your request",
    texts: [
      "Hi Dana,",
      "Maple Grove Care Center",
      "The first free time for your call is",
      "2-3 minutes",
      "$50 Visa gift card",
      "after role verification",
      "24/7 Staffing Hotline",
      "Confirm your work e-mail to get your card sooner",
      `Your code: ${LEAD_CODE.code}`,
    ],
    links: [
      SAMPLE_MESSAGES.lead_confirmation.data.resumeUrl,
      SAMPLE_MESSAGES.lead_confirmation.data.voiceUrl,
      SAMPLE_MESSAGES.lead_confirmation.data.bookingUrl,
      LEAD_CODE.confirmUrl,
    ],
  },
  work_email_code: {
    h1: "Your new confirmation code",
    texts: ["Hi Dana,", `Your code: ${NEW_CODE.code}`, "within 10 minutes", "Codes sent earlier no longer work."],
    links: [NEW_CODE.confirmUrl],
  },
  nurse_confirmation: {
    h1: "Your application has been received",
    texts: ["Hi Jordan,", "Talent Network", "in touch shortly", "recruiter", "watch your email and phone"],
    links: [],
  },
  staff_qualified_alert: {
    h1: "A qualified lead is waiting for role verification",
    texts: ["Dana at Maple Grove Care Center qualified by text chat."],
    links: [SAMPLE_MESSAGES.staff_qualified_alert.data.leadUrl],
  },
  staff_overdue_digest: {
    h1: "Leads overdue for their 24-hour call",
    texts: [
      "Priya at Riverside Rehabilitation Center",
      "Marcus at Oak Hill Assisted Living",
      "received Mar 2, 2025, 2:05 PM UTC",
    ],
    links: [
      ...SAMPLE_MESSAGES.staff_overdue_digest.data.leads.map((lead) => lead.leadUrl),
      SAMPLE_MESSAGES.staff_overdue_digest.data.listUrl,
    ],
  },
  booking_invite: {
    h1: "Your call is booked",
    texts: ["Hi Dana,", "When: Tuesday, March 4, 2025 at 9:00 AM Central Standard Time", "With: Sam"],
    links: [SAMPLE_MESSAGES.booking_invite.data.actionUrl],
  },
  booking_reminder: {
    h1: "Your call is coming up",
    texts: ["Hi Dana,", "Sam will call you at Tuesday, March 4, 2025 at 9:00 AM Central Standard Time"],
    links: [SAMPLE_MESSAGES.booking_reminder.data.actionUrl],
  },
  booking_offer: {
    h1: "Pick a new time for your call",
    texts: ["Hi Dana,", "We could not reach you at the time of your call."],
    links: [SAMPLE_MESSAGES.booking_offer.data.bookingUrl],
  },
  staff_auto_pay_paused: {
    h1: "Automatic gift cards are paused",
    texts: ["its limit of 10 cards in the last 24 hours", "waits in the console for a person"],
    links: [SAMPLE_MESSAGES.staff_auto_pay_paused.data.listUrl],
  },
  reward_ordered: {
    h1: "Your $50 Visa gift card is on its way",
    texts: ["Hi Dana,", "Tremendous sends it by e-mail to dana.whitfield@maplegrove-care.example."],
    links: [],
  },
};

const HOTLINE_HREF = "tel:+18885550142";

describe.each(MAIL_KINDS)("renderMail: %s with sample data", (kind) => {
  const message: MailMessage = SAMPLE_MESSAGES[kind];
  const essentials = ESSENTIALS[kind];

  it("has a one-line subject, equal to the document's title", async () => {
    const { subject, html } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
    expect(subject).toMatch(/^[^\r\n]+$/);
    expect(mailDocument(html).title).toBe(subject);
  });

  it("HTML: lang, exactly one h1 and it comes first, headings in order, no image, the content and links", async () => {
    const document = mailDocument((await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS)).html);
    expect(document.documentElement.lang).toBe("en");
    const headings = [...document.querySelectorAll("h1, h2, h3, h4, h5, h6")];
    expect(document.querySelectorAll("h1")).toHaveLength(1);
    expect(headings[0]?.textContent).toBe(essentials.h1);
    const levels = headings.map((heading) => Number(heading.tagName[1]));
    levels.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual((levels[index] ?? 1) + 1));
    expect(document.querySelectorAll("img, picture, svg, [background], [style*='url(']")).toHaveLength(0);
    const body = document.body.textContent ?? "";
    for (const text of essentials.texts) expect(body).toContain(text);
    const hrefs = [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
    for (const link of [...essentials.links, HOTLINE_HREF, "mailto:partners@shiftready.example"])
      expect(hrefs).toContain(link);
  });

  it("every link has text that says where it goes (no 'click here', no bare URL)", async () => {
    const document = mailDocument((await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS)).html);
    for (const link of document.querySelectorAll("a")) {
      const text = (link.textContent ?? "").trim();
      expect(text.length).toBeGreaterThan(3);
      expect(text).not.toMatch(/click here|^here$|^link$|^https?:/i);
    }
  });

  it("text part: the same content, the links' addresses, the hotline, and no markup", async () => {
    const { text } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
    expect(text).toContain(essentials.h1);
    for (const content of essentials.texts) expect(text).toContain(content);
    for (const link of essentials.links) expect(text).toContain(link);
    expect(text).toContain("Call our 24/7 staffing hotline at (888) 555-0142");
    expect(text).toContain("partners@shiftready.example");
    expect(text).not.toMatch(/<[a-z!/]/i);
    // The hidden preview line is for the inbox list, not the text part.
    expect(text).not.toContain("\u200c");
  });
});

describe("renderMail: what the data decides", () => {
  it("the $250 bonus and a voice qualification read as such", async () => {
    const bonus = await renderMail(
      {
        ...SAMPLE_MESSAGES.reward_ordered,
        data: { ...SAMPLE_MESSAGES.reward_ordered.data, reward: "bonus", amountUsd: 250 },
      },
      SAMPLE_BRAND,
    );
    expect(bonus.subject).toBe("Your $250 first-shift bonus is on its way");
    const voice = await renderMail(
      {
        ...SAMPLE_MESSAGES.staff_qualified_alert,
        data: { ...SAMPLE_MESSAGES.staff_qualified_alert.data, channel: "voice" },
      },
      SAMPLE_BRAND,
    );
    expect(voice.text).toContain("qualified by voice call");
  });

  it("the digest says so when no lead is overdue, and sends staff to the console past 100 leads", async () => {
    const empty = await renderMail(
      { ...SAMPLE_MESSAGES.staff_overdue_digest, data: { ...SAMPLE_MESSAGES.staff_overdue_digest.data, leads: [] } },
      SAMPLE_BRAND,
    );
    expect(empty.text).toContain("No lead is overdue today.");
    expect(mailDocument(empty.html).querySelectorAll("ul")).toHaveLength(0);
    const lead = SAMPLE_MESSAGES.staff_overdue_digest.data.leads[0];
    const leads = Array.from({ length: 130 }, (_, index) => ({ ...lead, leadUrl: `${lead.leadUrl}&n=${index}` }));
    const many = await renderMail(
      { ...SAMPLE_MESSAGES.staff_overdue_digest, data: { ...SAMPLE_MESSAGES.staff_overdue_digest.data, leads } },
      SAMPLE_BRAND,
    );
    expect(many.subject).toBe("130 leads are overdue for their 24-hour call");
    expect(mailDocument(many.html).querySelectorAll("li")).toHaveLength(100);
    expect(many.text).toContain("and 30 more in the console.");
  });

  it("an unreadable received date is shown as given, not as 'Invalid Date'", async () => {
    const lead = { ...SAMPLE_MESSAGES.staff_overdue_digest.data.leads[0], receivedAt: "yesterday" };
    const { text } = await renderMail(
      {
        ...SAMPLE_MESSAGES.staff_overdue_digest,
        data: { ...SAMPLE_MESSAGES.staff_overdue_digest.data, leads: [lead] },
      },
      SAMPLE_BRAND,
    );
    expect(text).toContain("received yesterday");
  });

  it.each(["javascript:alert(1)", "data:text/html,<script>alert(1)</script>", "not a url", "//shiftready.example/x"])(
    "refuses a link that is not http(s): %s",
    async (resumeUrl) => {
      const message = {
        ...SAMPLE_MESSAGES.lead_confirmation,
        data: { ...SAMPLE_MESSAGES.lead_confirmation.data, resumeUrl },
      };
      await expect(renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS)).rejects.toThrow(/mail link/);
    },
  );

  it.each([0, -50, Number.NaN, Number.POSITIVE_INFINITY])("refuses a reward amount of %s", async (amountUsd) => {
    const message = { ...SAMPLE_MESSAGES.reward_ordered, data: { ...SAMPLE_MESSAGES.reward_ordered.data, amountUsd } };
    await expect(renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS)).rejects.toThrow(RangeError);
  });

  it("renders without pathological slowness", async () => {
    const messages: MailMessage[] = Object.values(SAMPLE_MESSAGES);
    for (const message of messages) await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS); // warm: modules, JIT
    const count = 200;
    const started = performance.now();
    for (let index = 0; index < count; index++)
      await renderMail(messages[index % messages.length] as MailMessage, SAMPLE_BRAND, SAMPLE_KEYS);
    const perMail = (performance.now() - started) / count;
    // 4-6 ms a mail measured with tsx on this machine (two cores shared by four people), 15 ms
    // under Vitest with a load of 5: the bound is no benchmark (the report has the figures), it
    // fails when a change makes rendering an order of magnitude slower.
    expect(perMail).toBeLessThan(60);
  });
});
