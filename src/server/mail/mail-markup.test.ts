// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { MAIL_COPY } from "./mail-copy";
import type { MailMessage } from "./mail-kinds";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { mailDocument } from "../test-support/mail-test-document";
import { renderMail } from "./render-mail";

/**
 * The e-mail finish (decision 0040), in the markup of every kind: what caniemail.com lists as unsupported
 * in Outlook, Gmail or Apple Mail is absent (the lint), the preview line is the text alone, and
 * a long unbroken name wraps.
 */

const SAMPLES = Object.values(SAMPLE_MESSAGES).map((message) => [message.kind, message as MailMessage] as const);

/** The invisible characters React Email's <Preview> pads with, and their kin (a list: some are combining marks). */
const INVISIBLE = [0xa0, 0xad, 0x34f, 0x61c, 0x115f, 0x1160, 0x17b4, 0x17b5, 0x180e, 0xfeff, 0x200b, 0x200c, 0x200d]
  .concat([0x200e, 0x200f, 0x202a, 0x202b, 0x202c, 0x202d, 0x202e, 0x2060, 0x2061, 0x2062, 0x2063, 0x2064])
  .map((code) => String.fromCodePoint(code));

/** caniemail's known issues, as findings: an empty list is a clean e-mail. */
function caniemailFindings(html: string): string[] {
  const doc = mailDocument(html);
  const findings: string[] = [];
  const styled = [...doc.querySelectorAll<HTMLElement>("[style]")];
  for (const element of styled) {
    const style = element.getAttribute("style")!;
    const tag = element.tagName.toLowerCase();
    if (tag === "table" && /(^|;)\s*padding/.test(style)) findings.push(`padding on <table> (Outlook): ${style}`);
    if (/display\s*:\s*(flex|grid|inline-flex|inline-grid)/.test(style)) findings.push(`flex or grid: ${style}`);
    if (/(^|;)\s*position\s*:/.test(style)) findings.push(`position: ${style}`);
    if (/(^|;)\s*float\s*:/.test(style)) findings.push(`float: ${style}`);
    if (tag === "div" && /background/.test(style)) findings.push(`a <div>'s background (Outlook): ${style}`);
    if (/background-image|url\(/.test(style)) findings.push(`background image: ${style}`);
    if (/text-decoration-line/.test(style) && !/(^|;)\s*text-decoration\s*:/.test(style))
      findings.push(`text-decoration-line alone (Outlook): ${style}`);
  }
  for (const tag of ["style", "script", "form", "button", "input", "svg", "video", "iframe", "img"])
    if (doc.querySelector(tag)) findings.push(`<${tag}>`);
  if (INVISIBLE.some((character) => html.includes(character))) findings.push("invisible characters");
  return findings;
}

describe("every e-mail passes the caniemail lint", () => {
  it.each(SAMPLES)("%s", async (_, message) => {
    const { html } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
    expect(caniemailFindings(html)).toEqual([]);
    // The card's padding is on its cell: the table carries none, its cell all of it.
    const card = [...mailDocument(html).querySelectorAll("table")].find((t) => t.style.borderTop)!;
    expect(card.style.padding).toBe("");
    expect(card.querySelector("td")!.style.padding).toBe("24px 28px");
  });

  it("finds what it looks for: React Email's <Container> and <Preview>", async () => {
    const { render } = await import("@react-email/render");
    const { Container, Preview } = await import("@react-email/components");
    const { createElement } = await import("react");
    const html = await render(
      createElement(
        "div",
        null,
        createElement(Preview, null, "Hello"),
        createElement(Container, { style: { padding: "24px" } }, "Text"),
      ),
    );
    const findings = caniemailFindings(html);
    expect(findings.some((finding) => finding.startsWith("padding on <table>"))).toBe(true);
    expect(findings).toContain("invisible characters");
  });
});

describe("the preview line is its text alone, hidden, and left out of the text part", () => {
  it.each(SAMPLES)("%s", async (_, message) => {
    const { html, text } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
    const hidden = mailDocument(html).querySelector<HTMLElement>("[data-skip-in-text]")!;
    expect(hidden.textContent).toBe(MAIL_COPY[message.kind].preview);
    expect(hidden.style.display).toBe("none");
    expect(hidden.children).toHaveLength(0);
    expect(text).not.toContain(hidden.textContent);
  });
});

describe("a long unbroken name wraps (Gmail, Apple Mail and Outlook)", () => {
  const long = "W".repeat(200);
  const message: MailMessage = {
    ...SAMPLE_MESSAGES.lead_confirmation,
    data: { ...SAMPLE_MESSAGES.lead_confirmation.data, firstName: long, facilityName: `${long} Care` },
  };

  it("every element holding it, its cell and the card say so; the card's layout is fixed", async () => {
    const { html } = await renderMail(message, { ...SAMPLE_BRAND, brandName: "B".repeat(200) }, SAMPLE_KEYS);
    const doc = mailDocument(html);
    const holders = [...doc.querySelectorAll<HTMLElement>("p, h1, h2, li, a")].filter((element) =>
      [...element.childNodes].some((node) => node.nodeType === 3 && /[WB]{40}/.test(node.textContent ?? "")),
    );
    expect(holders.length).toBeGreaterThanOrEqual(3); // the brand, the greeting, the facility, the footer
    for (const element of holders) {
      expect(element.getAttribute("style"), element.outerHTML.slice(0, 80)).toContain("overflow-wrap:anywhere");
      expect(element.getAttribute("style")).toContain("word-break:break-word");
    }
    const card = [...doc.querySelectorAll("table")].find((t) => t.style.borderTop)!;
    expect(card.style.tableLayout).toBe("fixed");
    expect(card.querySelector("td")!.getAttribute("style")).toContain("word-break:break-word");
  });
});

describe("every e-mail to a lead or a nurse shows its stop link; staff's do not", () => {
  it.each(SAMPLES)("%s", async (kind, message) => {
    const { html } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
    const toPerson =
      !kind.startsWith("staff_") && !(message.kind === "booking_invite" && message.data.recipient === "staff");
    const stop = [...mailDocument(html).querySelectorAll("a")].some((a) => a.href.includes("/stop-contacting#token="));
    expect(stop).toBe(toPerson);
  });
});
