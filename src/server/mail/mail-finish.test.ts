import { describe, expect, it } from "vitest";
import { forwardingHarness } from "../test-support/forwarding-harness";
import { SmtpReceiver } from "../test-support/smtp-receiver";
import { STORE_KINDS } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";
import { SAMPLE_BRAND, SAMPLE_MESSAGES } from "../test-support/mail-samples";
import { renderMail } from "./render-mail";

/** The e-mail finish (decision 0040): a Reply-To a person reads, and links underlined the way Outlook understands. */
describe.each(STORE_KINDS)("the e-mail finish (%s)", (kind) => {
  const h = forwardingHarness(kind);

  it("every e-mail carries a Reply-To of the contact address", async () => {
    const smtp = await new SmtpReceiver().start();
    try {
      const app = await h.start({ MIN_FILL_SECONDS: 0, SMTP_URL: smtp.url, SITE_URL: "https://staffing.example" });
      expect((await h.post("/api/leads", homepageLead({ email: "dana@maplegrove.example" }))).statusCode).toBe(201);
      const [mail] = await smtp.waitFor(1);
      expect(mail!.parsed.replyTo?.value.map((a) => a.address)).toEqual([app.mail!.brand.contactEmail]);
      expect(mail!.parsed.from?.value[0]!.address).not.toBe(app.mail!.brand.contactEmail);
    } finally {
      await smtp.stop();
    }
  });
});

describe("links are underlined with text-decoration (Outlook reads no text-decoration-line; the Link component's own is 'none')", () => {
  it.each(Object.values(SAMPLE_MESSAGES).map((message) => [message.kind, message] as const))(
    "%s",
    async (_, message) => {
      const { html } = await renderMail(message, SAMPLE_BRAND, { workEmailCode: Buffer.alloc(32, 1) });
      expect(html).not.toContain("text-decoration-line:none");
      for (const anchor of html.match(/<a [^>]*>/g) ?? []) expect(anchor).toContain("text-decoration:underline");
    },
  );
});
