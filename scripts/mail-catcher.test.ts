import { createTransport } from "nodemailer";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startMailCatcher, type MailCatcher } from "./mail-catcher";

describe("npm run mail:catcher", () => {
  let catcher: MailCatcher;
  beforeAll(async () => {
    // Port 0: the system picks free ones, so parallel runs never collide.
    catcher = await startMailCatcher({ smtpPort: 0, httpPort: 0, keep: 2 });
  });
  afterAll(() => catcher.stop());

  const send = async (message: { subject: string; html: string; text: string; bcc?: string }) => {
    const transport = createTransport(catcher.smtpUrl);
    try {
      await transport.sendMail({
        from: '"ShiftReady Staffing" <hello@shiftready.example>',
        to: "dana@facility.example",
        ...message,
      });
    } finally {
      transport.close();
    }
  };
  const inbox = async () => {
    const response = await fetch(catcher.inboxUrl);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-security-policy")).toContain("default-src 'none'");
    return response.text();
  };

  it("shows a message it received: from, to, subject, its HTML in a sandboxed frame and its text", async () => {
    expect(catcher.smtpUrl).toMatch(/^smtp:\/\/127\.0\.0\.1:\d+$/);
    await send({
      subject: "We received your request",
      html: '<p class="x">Hello <b>Dana</b> "quoted"</p>',
      text: "Hello Dana",
      bcc: "staff@shiftready.example",
    });
    const page = await inbox();
    expect(page).toContain("<h2>We received your request</h2>");
    expect(page).toContain("&#34;ShiftReady Staffing&#34; &#60;hello@shiftready.example&#62;");
    expect(page).toContain("dana@facility.example, staff@shiftready.example");
    expect(page).toContain(
      '<iframe sandbox="" title="HTML part of We received your request" srcdoc="&#60;p class=&#34;x&#34;&#62;Hello &#60;b&#62;Dana&#60;/b&#62; &#34;quoted&#34;&#60;/p&#62;',
    );
    expect(page).toContain('<pre style="white-space:pre-wrap">Hello Dana');
  });

  it("keeps a hostile message's HTML inside its frame, and only the newest messages", async () => {
    await send({
      subject: "<script>alert(1)</script>",
      html: '"></iframe><script>alert(2)</script>',
      text: "</pre><script>alert(3)</script>",
    });
    await send({ subject: "third", html: "<p>3</p>", text: "3" });
    const page = await inbox();
    expect(page).not.toContain("<script>");
    expect(page).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(page.match(/<iframe /g)).toHaveLength(2);
    expect(page).not.toContain("We received your request");
    expect(catcher.messages.map((message) => message.subject)).toEqual(["<script>alert(1)</script>", "third"]);
  });
});
