import type { FastifyInstance } from "fastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { HONEYPOT_FIELD } from "../../domain/honeypot";
import { contactOptOuts } from "../store/schema";
import { homepageLead } from "../test-support/test-fixtures";
import { STORE_KINDS, createTestApp, standingClock, useTestStore, type TestStore } from "../test-support/test-helpers";
import { workEmailConfig } from "../test-support/work-email-harness";

const CONFIG = workEmailConfig(Buffer.alloc(32, 9));

/**
 * One answer for "new code" whatever the lead is: a lead caught by the honeypot, one
 * whose address opted out and a real one get the same status and words within the minute and
 * after it, so a spammer cannot tell it was caught.
 */
describe.each(STORE_KINDS)("'new code' answers alike (%s)", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestStore(kind, (made) => (store = made));
  standingClock();
  beforeEach(async () => {
    app = await createTestApp(store, CONFIG, { outbox: false });
  });
  afterEach(() => app.close());

  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });

  it("for a honeypot-caught, an opted-out and a real lead: the same within the minute and after it", async () => {
    await store.db.insert(contactOptOuts).values({
      id: crypto.randomUUID(),
      email: "gone@fernbrook.example",
      at: new Date(),
      via: "console",
      leads: 0,
    });
    const leads = {
      honeypot: homepageLead({ email: "bot@fernbrook.example", [HONEYPOT_FIELD]: "https://bot.example" }),
      optedOut: homepageLead({ email: "gone@fernbrook.example" }),
      real: homepageLead({ email: "here@fernbrook.example" }),
    };
    const made: Record<string, { id: string; qualificationToken: string }> = {};
    for (const [name, lead] of Object.entries(leads)) {
      const posted = await post("/api/leads", lead);
      expect(posted.statusCode).toBe(201);
      made[name] = posted.json();
    }
    const ask = async () => {
      const answers: Record<string, [number, string, string | undefined]> = {};
      for (const [name, lead] of Object.entries(made)) {
        const answer = await post("/api/work-email/new-code", { leadId: lead.id, token: lead.qualificationToken });
        answers[name] = [answer.statusCode, answer.body, answer.headers["retry-after"] as string | undefined];
      }
      return answers;
    };
    const withinTheMinute = await ask();
    expect(withinTheMinute.real![0]).toBe(429);
    expect(withinTheMinute.honeypot).toEqual(withinTheMinute.real);
    expect(withinTheMinute.optedOut).toEqual(withinTheMinute.real);

    vi.setSystemTime(new Date(Date.now() + 61_000));
    const afterIt = await ask();
    expect(afterIt.real![0]).toBe(202);
    expect(afterIt.honeypot).toEqual(afterIt.real);
    expect(afterIt.optedOut).toEqual(afterIt.real);
  });
});
