// @vitest-environment jsdom
import { describe, expect, it } from "vitest";
import { SAMPLE_BRAND, SAMPLE_KEYS, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { mailDocument } from "../test-support/mail-test-document";
import { renderMail } from "./render-mail";
import { codeHashOf, codeOfNonce, linkHashOf, linkTokenOfNonce, prepareCode } from "../work-email";

const SIX_DIGITS = /(?<!\d)\d{6}(?!\d)/g;
const KEY = SAMPLE_KEYS.workEmailCode;

describe("the work e-mail code in the e-mails (decision 0031)", () => {
  it.each(["lead_confirmation", "work_email_code"] as const)(
    "%s: the code is the only six-digit number of the text, and the link opens SITE_URL's Confirm page",
    async (kind) => {
      const message = SAMPLE_MESSAGES[kind];
      const { text, html } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
      const code = codeOfNonce(KEY, message.data.workEmailCode.nonce);
      expect(text.match(SIX_DIGITS)).toEqual([code]);
      const link = [...mailDocument(html).querySelectorAll("a")]
        .map((a) => a.getAttribute("href")!)
        .find((href) => href.includes("/confirm-email"));
      const url = new URL(link!);
      expect(url.origin + url.pathname).toBe(`${SAMPLE_BRAND.siteUrl}/confirm-email`);
      expect(url.search).toBe("");
      const fragment = new URLSearchParams(url.hash.slice(1));
      expect([...fragment.keys()]).toEqual(["token"]);
      expect(fragment.get("token")).toBe(linkTokenOfNonce(KEY, message.data.workEmailCode.nonce));
      expect(fragment.get("token")).toMatch(/^[a-p]{64}$/);
      expect(text).toContain(link);
    },
  );

  it("the only six-digit number holds over many random codes (the link's token has no digit)", async () => {
    for (let i = 0; i < 30; i++) {
      const { nonce } = prepareCode(KEY);
      const message = {
        ...SAMPLE_MESSAGES.lead_confirmation,
        data: { ...SAMPLE_MESSAGES.lead_confirmation.data, workEmailCode: { leadId: crypto.randomUUID(), nonce } },
      };
      const { text } = await renderMail(message, SAMPLE_BRAND, SAMPLE_KEYS);
      expect(text.match(SIX_DIGITS)).toEqual([codeOfNonce(KEY, nonce)]);
    }
  });

  it("without the key, the confirmation goes without a code and the new-code e-mail is refused", async () => {
    const { text } = await renderMail(SAMPLE_MESSAGES.lead_confirmation, SAMPLE_BRAND);
    expect(text.match(SIX_DIGITS)).toBeNull();
    expect(text).not.toContain("/confirm-email");
    await expect(renderMail(SAMPLE_MESSAGES.work_email_code, SAMPLE_BRAND)).rejects.toThrow(/work e-mail code/);
  });

  it("the stored hashes are keyed: another key gives other hashes, and the nonce alone gives nothing", () => {
    const prepared = prepareCode(KEY);
    const code = codeOfNonce(KEY, prepared.nonce);
    expect(prepared.codeHash).toBe(codeHashOf(KEY, code));
    expect(prepared.linkHash).toBe(linkHashOf(KEY, linkTokenOfNonce(KEY, prepared.nonce)));
    expect(prepared.codeHash).not.toContain(code);
    const other = Buffer.alloc(32, 9);
    expect(codeHashOf(other, code)).not.toBe(prepared.codeHash);
    expect(JSON.stringify(prepared)).not.toContain(code);
  });
});
