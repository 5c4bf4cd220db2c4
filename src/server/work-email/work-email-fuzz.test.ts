import fc from "fast-check";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { workEmailCodes } from "../store/schema";
import { around } from "../test-support/fuzz-arbitraries";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { homepageLead } from "../test-support/test-fixtures";

/** The work e-mail code's routes under arbitrary bodies: a 4xx or a 2xx, never a 500, and a real lead's code untouched. */
describe.each(STORE_KINDS)("the work e-mail code's routes under fuzzing on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  let lead: { id: string; qualificationToken: string };
  useTestApp(
    kind,
    (made) => ({ store, app } = made),
    { MIN_FILL_SECONDS: 0, SMTP_URL: "smtp://127.0.0.1:2", WORK_EMAIL_CODE_KEY: Buffer.alloc(32, 3) },
    { options: { outbox: false } },
  );
  beforeAll(async () => {
    lead = (await app.inject({ method: "POST", url: "/api/leads", payload: homepageLead() })).json();
  });

  it("answers every body with a 4xx (or 202 for a new code) and never confirms", async () => {
    const base = { leadId: lead.id, token: lead.qualificationToken, code: "000000" };
    const routes = ["/api/work-email/confirm", "/api/work-email/confirm-link", "/api/work-email/new-code"] as const;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...routes),
        fc.oneof(around(base), fc.anything(), fc.string({ maxLength: 100 })),
        async (url, body) => {
          const response = await app.inject({
            method: "POST",
            url,
            headers: { "content-type": "application/json" },
            payload: typeof body === "string" ? body : JSON.stringify(body ?? null),
          });
          expect(response.statusCode, `${url} ${response.body}`).toBeLessThan(500);
          expect(response.statusCode).not.toBe(200);
        },
      ),
      { numRuns: 150 },
    );
    const [row] = await store.db.select().from(workEmailCodes);
    expect(row!.confirmedAt).toBeNull();
    expect(row!.wrongTries).toBeLessThanOrEqual(5);
  });
});
