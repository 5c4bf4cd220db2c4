import type { CSSProperties } from "react";

/**
 * The e-mails' look, inline (mail clients drop <style> blocks). Every text colour passes WCAG
 * AA on its background with room to spare (axe checks it in e2e/mail-accessibility.spec.ts):
 * TEXT 15.4:1 and MUTED 7.6:1 on white, LINK 6.6:1 on white; links are underlined too, so they
 * never depend on colour alone. The brand's orange (#FF6200, 3:1 on white) is only a border,
 * never text.
 */
const TEXT = "#1f2328";
const MUTED = "#4b5563";
const LINK = "#0b57d0";
const PAGE = "#f3f4f6";
const ACCENT = "#ff6200";
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

// A name of 200 letters without a space must wrap, not widen the e-mail past a phone's screen:
// overflow-wrap for Apple Mail and Gmail, word-break: break-word for Outlook.com and older
// WebKit, and the card's fixed table layout for Outlook's Word engine (mail-layout.tsx).
const WRAP: CSSProperties = { overflowWrap: "anywhere", wordBreak: "break-word" };

export const MAIL_STYLES = {
  body: { backgroundColor: PAGE, margin: 0, padding: "24px 0", fontFamily: FONT },
  /** The hidden preview line: no padding characters (mail-layout.tsx PreviewLine). */
  preview: { display: "none", overflow: "hidden", lineHeight: "1px", opacity: 0, maxHeight: 0, maxWidth: 0 },
  /** The card's table: no padding here (Outlook ignores it on a table); its cell has it. */
  card: { maxWidth: "560px", backgroundColor: "#ffffff", borderTop: `4px solid ${ACCENT}`, tableLayout: "fixed" },
  cardCell: { padding: "24px 28px", ...WRAP },
  brand: { color: TEXT, fontSize: "20px", fontWeight: 700, lineHeight: "28px", margin: "0 0 16px", ...WRAP },
  h1: { color: TEXT, fontSize: "24px", lineHeight: "32px", fontWeight: 700, margin: "0 0 16px", ...WRAP },
  h2: { color: TEXT, fontSize: "18px", lineHeight: "26px", fontWeight: 700, margin: "24px 0 8px", ...WRAP },
  text: { color: TEXT, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px", ...WRAP },
  list: { color: TEXT, fontSize: "16px", lineHeight: "24px", margin: "0 0 12px", paddingLeft: "20px", ...WRAP },
  listItem: { margin: "0 0 8px" },
  /** The work e-mail code: large, spaced, easy to read and copy. */
  code: {
    color: TEXT,
    fontSize: "24px",
    lineHeight: "32px",
    fontWeight: 700,
    letterSpacing: "2px",
    margin: "0 0 12px",
  },
  link: { color: LINK, textDecoration: "underline", textDecorationLine: "underline", ...WRAP },
  rule: { borderTop: "1px solid #d1d5db", margin: "28px 0 16px" },
  footer: { color: MUTED, fontSize: "14px", lineHeight: "22px", margin: "0 0 6px", ...WRAP },
  footerLink: { color: LINK, textDecoration: "underline", textDecorationLine: "underline", ...WRAP },
} as const satisfies Record<string, CSSProperties>;
