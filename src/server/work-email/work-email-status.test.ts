import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { useTestApp } from "../test-support/test-helpers";

/** Whether codes are sent at all (decision 0040): the pages show the code form only when they are. */
const MAIL = { SMTP_URL: "smtp://127.0.0.1:2", SITE_URL: "https://staffing.example" };

describe("GET /api/work-email/status with a code key", () => {
  let app: FastifyInstance;
  useTestApp("pglite", (made) => ({ app } = made), { ...MAIL, WORK_EMAIL_CODE_KEY: Buffer.alloc(32, 7) });

  it("says codes are sent", async () => {
    const answered = await app.inject({ url: "/api/work-email/status" });
    expect(answered.statusCode).toBe(200);
    expect(answered.json()).toEqual({ codes: true });
  });
});

describe("GET /api/work-email/status without a code key", () => {
  let app: FastifyInstance;
  useTestApp("pglite", (made) => ({ app } = made), MAIL);

  it("says no codes are sent, and the code routes answer 404 in words", async () => {
    expect((await app.inject({ url: "/api/work-email/status" })).json()).toEqual({ codes: false });
    const confirm = await app.inject({
      method: "POST",
      url: "/api/work-email/confirm",
      payload: { leadId: "0b6f3c52-9b43-4d8e-9d3a-0a5b8c1e2f30", token: "t".repeat(43), code: "123456" },
    });
    expect(confirm.statusCode).toBe(404);
    expect(confirm.json<{ error: string }>().error.length).toBeGreaterThan(10);
  });
});
