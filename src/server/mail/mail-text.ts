import { isCompletePhone, phoneDigits } from "../../domain/phone";

/**
 * What a person typed (a name, a facility), made safe to put in an e-mail. React escapes it in
 * the HTML part; this keeps it to one line of bounded length, so it never adds a header line to
 * the subject, never spreads over the text part, and never reorders the words after it.
 */

// C0 controls (CR, LF, TAB, NUL...), DEL, C1 controls (NEL U+0085 breaks lines in some
// readers) and the Unicode line and paragraph separators: matching them is the point.
// eslint-disable-next-line no-control-regex
const LINE_BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;
// Bidirectional embeddings, overrides and isolates: an unclosed RLO in a name would turn the
// rest of the subject or paragraph around (Trojan Source, CVE-2021-42574). Right-to-left letters
// themselves stay.
const BIDI_CONTROLS = /[\u202a-\u202e\u2066-\u2069]/g;

// Built once: a segmenter costs far more to build than to use.
const GRAPHEMES = new Intl.Segmenter("en", { granularity: "grapheme" });

/** Cuts to at most `maxLength` characters (by user-perceived characters, so an emoji is never halved). */
function bounded(value: string, maxLength: number): string {
  if (value.length <= maxLength) return value;
  let result = "";
  for (const { segment } of GRAPHEMES.segment(value)) {
    if (result.length + segment.length > maxLength - 1) break;
    result += segment;
  }
  return `${result.trimEnd()}…`;
}

/** One line: every control character a space, runs of white space one space, trimmed, bounded. */
export function singleLine(value: string, maxLength: number): string {
  return bounded(value.replace(LINE_BREAKING, " ").replace(BIDI_CONTROLS, "").replace(/\s+/g, " ").trim(), maxLength);
}

/**
 * Lead-typed text made unlinkable (decision 0040): a mail client turns "https://x.example/login",
 * "www.x.example" and a bare "x.example" into links, so a facility name could carry a phishing
 * link in our own e-mail. A dot between two letters or digits becomes the one dot leader
 * (U+2024, visible, no invisible characters), and "://" loses its slashes' meaning (": //").
 */
export function unlinkable(value: string): string {
  return value.replace(/:\/\//g, ": //").replace(/(?<=[\p{L}\p{N}])\.(?=[\p{L}\p{N}])/gu, "\u2024");
}

/** RFC 5322 allows 998 characters a line; mail clients show about 60-80. */
const SUBJECT_MAX_LENGTH = 150;

export const subjectLine = (subject: string) => singleLine(subject, SUBJECT_MAX_LENGTH);

/** The lengths a typed value is cut to in an e-mail (the forms allow more than a line shows). */
export const MAX_LENGTH = { name: 60, facility: 120, email: 254, sender: 80 } as const;

/**
 * A link the product built (site and console pages): only http(s). Anything else is a bug
 * upstream, and a `javascript:` or `data:` link must never reach a mailbox, so it throws.
 */
export function linkUrl(value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new TypeError("mail link is not a URL");
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") throw new TypeError("mail link is not http(s)");
  return url.href;
}

/** The hotline as a `tel:` link: a US number as +1 and its ten digits, else its digits as given. */
export function telHref(phone: string): string {
  if (isCompletePhone(phone)) return `tel:+1${phoneDigits(phone)}`;
  return `tel:${phone.replace(/[^\d+]/g, "")}`;
}
