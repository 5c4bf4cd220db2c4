// @vitest-environment jsdom
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { LeadConfirmationData, MailMessage, StaffQualifiedAlertData } from "./mail-kinds";
import { SAMPLE_BRAND, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { mailDocument, markupShape } from "../test-support/mail-test-document";
import { renderMail } from "./render-mail";

/**
 * What a lead types reaches e-mails (decision 0023, "Bad input"): it must stay text in both parts,
 * never add markup, a header line or a link, and the subject must stay one bounded line.
 */

// Any control character (C0, DEL, C1) or line/paragraph separator: none may reach a subject.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;

const lead = (firstName: string, facilityName: string): MailMessage => ({
  ...SAMPLE_MESSAGES.lead_confirmation,
  data: { ...SAMPLE_MESSAGES.lead_confirmation.data, firstName, facilityName } satisfies LeadConfirmationData,
});
const alert = (firstName: string, facilityName: string): MailMessage => ({
  ...SAMPLE_MESSAGES.staff_qualified_alert,
  data: { ...SAMPLE_MESSAGES.staff_qualified_alert.data, firstName, facilityName } satisfies StaffQualifiedAlertData,
});
/** Each kind with the typed values replaced: the subject of the staff alert holds the facility. */
const everyKind = (firstName: string, facilityName: string): MailMessage[] => [
  lead(firstName, facilityName),
  { ...SAMPLE_MESSAGES.nurse_confirmation, data: { firstName } },
  alert(firstName, facilityName),
  {
    ...SAMPLE_MESSAGES.staff_overdue_digest,
    data: {
      ...SAMPLE_MESSAGES.staff_overdue_digest.data,
      leads: [{ ...SAMPLE_MESSAGES.staff_overdue_digest.data.leads[0], firstName, facilityName }],
    },
  },
  {
    ...SAMPLE_MESSAGES.reward_ordered,
    data: { ...SAMPLE_MESSAGES.reward_ordered.data, firstName, recipientEmail: facilityName },
  },
];

const HOSTILE: Record<string, string> = {
  "header injection": "Dana\r\nBcc: x@y.example\r\nSubject: pwned",
  "bare LF and CR": "Dana\nTo: x@y.example\rCc: z@y.example",
  "script tag": "<script>alert(1)</script>",
  "attribute break-out": `"><a href="https://evil.example">win</a><img src=x onerror=alert(1)>`,
  quotes: `O'Brien "Danny" \`tick\``,
  "HTML entities": "&lt;b&gt; &amp; &#60;i&#62;",
  "NUL, DEL, C1, line separator": "Da\u0000na\u007f\u0085\u2028\u2029x",
  "bidi override": "\u202eanaD\u202c Care",
  emoji: "Dana 👩🏽‍⚕️🏥",
  "right-to-left": "مركز الرعاية",
  "very long": "Dana".repeat(500),
};

/** The benign rendering of each kind, parsed once: what every hostile one is compared with. */
const reference = (async () =>
  Promise.all(
    everyKind("Dana", "Maple Grove").map(async (message) => {
      const { html, text } = await renderMail(message, SAMPLE_BRAND);
      const document = mailDocument(html);
      return { shape: markupShape(document), hrefs: hrefs(document), lines: text.split("\n").length };
    }),
  ))();

function hrefs(document: Document) {
  return [...document.querySelectorAll("a")].map((a) => a.getAttribute("href"));
}

describe.each(Object.entries(HOSTILE))("a typed value holding %s", (_, value) => {
  it("adds no element, no link and no header line to any kind", async () => {
    const expected = await reference;
    for (const [index, message] of everyKind(value, value).entries()) {
      const rendered = await renderMail(message, SAMPLE_BRAND);
      const document = mailDocument(rendered.html);
      expect(markupShape(document), message.kind).toEqual(expected[index]?.shape);
      expect(document.querySelectorAll("script, img, [onerror]")).toHaveLength(0);
      expect(hrefs(document), message.kind).toEqual(expected[index]?.hrefs);
      expect(rendered.subject).not.toMatch(CONTROL);
      expect(rendered.subject.length).toBeLessThanOrEqual(150);
      // The text part keeps its line count: the value never spreads over lines.
      expect(rendered.text.split("\n").length, message.kind).toBe(expected[index]?.lines);
    }
  });
});

describe("typed values come out as text", () => {
  it("a script tag reads as its characters in both parts", async () => {
    const { html, text } = await renderMail(lead("<script>alert(1)</script>", `"Quoted" & <b>Care</b>`), SAMPLE_BRAND);
    expect(html).not.toContain("<script>");
    expect(html).toContain("&lt;script&gt;alert(1)&lt;/script&gt;");
    const body = mailDocument(html).body.textContent ?? "";
    expect(body).toContain("Hi <script>alert(1)</script>,");
    expect(body).toContain(`request for "Quoted" & <b>Care</b>.`);
    expect(text).toContain("Hi <script>alert(1)</script>,");
  });

  it("a line break in a name becomes a space, so 'Bcc:' never starts a line", async () => {
    const { subject, text } = await renderMail(alert("Dana", "Maple\r\nBcc: x@y.example"), SAMPLE_BRAND);
    expect(subject).toBe("Qualified lead waiting for verification: Maple Bcc: x@y\u2024example");
    expect(text).not.toMatch(/^Bcc:/m);
  });

  it("emoji and right-to-left names are kept whole; bidi overrides are dropped", async () => {
    const { text } = await renderMail(lead("👩🏽‍⚕️ مريم", "\u202eevil\u202c Care"), SAMPLE_BRAND);
    expect(text).toContain("Hi 👩🏽‍⚕️ مريم,");
    expect(text).toContain("request for evil Care.");
    expect(text).not.toMatch(/[\u202a-\u202e\u2066-\u2069]/);
  });

  it("a very long name is cut with an ellipsis, never through an emoji", async () => {
    // 115 letters, then a 7-unit emoji that would pass the facility's 120: the cut falls before it.
    const { subject, text } = await renderMail(alert("Dana", `${"A".repeat(115)}${"👩🏽‍⚕️".repeat(3)}`), SAMPLE_BRAND);
    expect(text).toContain(`Dana at ${"A".repeat(115)}… qualified by text chat.`);
    // The subject is bounded again as a whole (150).
    expect(subject).toMatch(/^Qualified lead waiting for verification: A+…$/);
    expect(subject.length).toBe(150);
    expect(`${subject}${text}`).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
  });
});

describe("any string as a name and a facility (property)", () => {
  it("keeps the markup, the links and a one-line bounded subject", async () => {
    const sample = await renderMail(alert("Dana", "Maple"), SAMPLE_BRAND);
    const shape = markupShape(mailDocument(sample.html));
    const typed = fc.oneof(
      fc.string({ maxLength: 200, unit: "grapheme" }),
      fc.string({ maxLength: 200, unit: "binary" }),
      fc.constantFrom(...Object.values(HOSTILE)),
    );
    await fc.assert(
      fc.asyncProperty(typed, typed, async (firstName, facilityName) => {
        const { subject, html } = await renderMail(alert(firstName, facilityName), SAMPLE_BRAND);
        const document = mailDocument(html);
        expect(markupShape(document)).toEqual(shape);
        expect(document.querySelector("a[href^='https://shiftready.example/staff?lead=']")).not.toBeNull();
        expect(subject).not.toMatch(CONTROL);
        expect(subject.length).toBeLessThanOrEqual(150);
      }),
      // Each run renders and parses an e-mail (~0.1 s here): enough runs to meet odd strings, few
      // enough for a shared machine.
      { numRuns: 60 },
    );
  });
});
