import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { beforeAll, describe, expect, it } from "vitest";
import { addAccount, signIn } from "../test-support/staff-test-helpers";
import { getChatQualification } from "./qualifications-repository";
import { deliveries, facilityLeads } from "../store/schema";
import { STORE_KINDS, useTestApp, type TestStore } from "../test-support/test-helpers";
import { chatLead, homepageLead } from "../test-support/test-fixtures";
import { INVALID_TOKEN_MESSAGE } from "./qualification";

interface Created {
  id: string;
  qualificationToken: string;
}

/** Decision 0016: a qualification token only for the lead its holder created. */
describe.each(STORE_KINDS)("a token only for the lead its holder created, on %s", (kind) => {
  let store: TestStore;
  let app: FastifyInstance;
  useTestApp(kind, (made) => ({ store, app } = made), {
    MIN_FILL_SECONDS: 0,
    HOMEPAGE_WEBHOOK_URL: "http://127.0.0.1:9/hook",
  });
  beforeAll(() => app.outbox!.stop());

  const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
    app.inject({ method: "POST", url, payload, headers });
  const createLead = async (body: object, headers: Record<string, string> = {}) => {
    const response = await post("/api/leads", body, headers);
    expect(response.statusCode).toBe(201);
    return response.json<Created>();
  };
  const session = (leadId: string, token: string) => post("/api/qualification/session", { leadId, token });
  const answer = (leadId: string, token: string, questionId: string, value: string) =>
    post("/api/qualification/answers", { leadId, token, questionId, value });
  const staffView = async (leadId: string) => {
    await addAccount(store.db, "worker@provider.example");
    const { headers } = await signIn(app, "worker@provider.example");
    const response = await app.inject({ url: `/api/staff/leads/${leadId}`, headers });
    expect(response.statusCode).toBe(200);
    return response.json<{
      flags: { flag: string; leadId?: string }[];
      qualification: { chat: { giftCardEmails: { value: string }[] } | null };
    }>();
  };

  it("a second submission with the first lead's e-mail and phone (other name and facility) is its own lead, flagged, with a token that cannot read or change the first one's chat", async () => {
    const first = await createLead(homepageLead());
    expect((await answer(first.id, first.qualificationToken, "role", "director_of_nursing")).statusCode).toBe(200);
    const second = await createLead(
      homepageLead({ firstName: "Mallory", lastName: "Stone", facilityName: "Elsewhere Clinic" }),
    );
    expect(second.id).not.toBe(first.id);
    expect(second.qualificationToken).not.toBe(first.qualificationToken);

    // The second token is refused for the first lead: nothing read, nothing changed.
    const read = await session(first.id, second.qualificationToken);
    expect(read.statusCode).toBe(401);
    expect(read.json()).toEqual({ error: INVALID_TOKEN_MESSAGE });
    expect(read.body).not.toContain("Dana");
    for (const [questionId, value] of [
      ["giftCardEmail", "mallory@evil.example"],
      ["role", "scheduler"],
    ] as const) {
      expect((await answer(first.id, second.qualificationToken, questionId, value)).statusCode).toBe(401);
    }
    expect((await getChatQualification(store.db, first.id))!.answers).toEqual({ role: "director_of_nursing" });
    expect((await session(first.id, first.qualificationToken)).json()).toMatchObject({
      firstName: "Dana",
      answers: { role: "director_of_nursing" },
    });

    // It opens its own, empty chat.
    expect((await session(second.id, second.qualificationToken)).json()).toMatchObject({
      leadId: second.id,
      firstName: "Mallory",
      facilityName: "Elsewhere Clinic",
      answers: {},
    });

    // Stored as its own lead (and forwarded), flagged for staff as a resubmission of the first.
    const rows = await store.db.select().from(facilityLeads);
    expect(rows).toHaveLength(2);
    expect(rows.find((row) => row.id === second.id)!.duplicateOf).toBe(first.id);
    expect(rows.find((row) => row.id === first.id)!.duplicateOf).toBeNull();
    expect(await store.db.select().from(deliveries)).toHaveLength(2);
    const { flags } = await staffView(second.id);
    expect(flags[0]).toEqual({ flag: "resubmitted", leadId: first.id });
    expect(flags).toContainEqual({ flag: "same_email", leadId: first.id });
  });

  it("an exact repeat (any case of e-mail, any phone format) gets the first lead's id, once stored, but no token without the same Idempotency-Key (decision 0026)", async () => {
    const first = await createLead(homepageLead());
    const again = await createLead(homepageLead({ email: "DANA@sunrise.example", phone: "555-123-4567" }));
    const both = await Promise.all([createLead(homepageLead()), createLead(homepageLead())]);
    expect([again.id, ...both.map((b) => b.id)]).toEqual([first.id, first.id, first.id]);
    // Identical fields typed by anyone: no token for the earlier lead's chat and answers.
    expect(again.qualificationToken).toBeUndefined();
    expect(both.map((b) => b.qualificationToken)).toEqual([undefined, undefined]);
    expect(await store.db.select().from(facilityLeads)).toHaveLength(1);
    expect(await store.db.select().from(deliveries)).toHaveLength(1);
  });

  it("an Idempotency-Key gets the first lead's answer only with the same fields; replayed with other fields it is a lead of its own", async () => {
    const key = { "idempotency-key": "key-1234567890" };
    const first = await createLead(homepageLead(), key);
    const retried = await createLead(homepageLead(), key);
    expect(retried.id).toBe(first.id);
    // A retry of the same request (its key) gets a token for its lead, as before.
    expect((await session(first.id, retried.qualificationToken)).json()).toMatchObject({
      leadId: first.id,
      firstName: "Dana",
    });
    const replayed = await createLead(
      homepageLead({ email: "eve@elsewhere.example", phone: "5559990000", firstName: "Eve" }),
      key,
    );
    expect(replayed.id).not.toBe(first.id);
    expect((await session(first.id, replayed.qualificationToken)).statusCode).toBe(401);
    const [row] = await store.db.select().from(facilityLeads).where(eq(facilityLeads.id, replayed.id));
    expect(row!.duplicateOf).toBeNull(); // nothing else in common: not flagged
    // The same key, the first lead's e-mail and phone, another name: its own lead, flagged.
    const sameContact = await createLead(homepageLead({ firstName: "Mallory" }), key);
    expect(sameContact.id).not.toBe(first.id);
    const [flagged] = await store.db.select().from(facilityLeads).where(eq(facilityLeads.id, sameContact.id));
    expect(flagged!.duplicateOf).toBe(first.id);
  });

  it("a chat's gift-card e-mail changed after the first answer keeps the earlier one, and staff see it changed", async () => {
    const lead = await createLead(chatLead());
    const say = (questionId: string, value: string) => answer(lead.id, lead.qualificationToken, questionId, value);
    expect((await say("role", "director_of_nursing")).statusCode).toBe(200);
    expect((await say("giftCardEmail", "pat@maplegrove.example")).statusCode).toBe(200);
    expect((await say("giftCardEmail", "pat@maplegrove.example")).statusCode).toBe(200); // the same again: no change
    expect((await say("giftCardEmail", "someone@else.example")).statusCode).toBe(200);
    const chat = await getChatQualification(store.db, lead.id);
    expect(chat!.answers.giftCardEmail).toBe("someone@else.example");
    expect(chat!.giftCardEmails.map((e) => e.value)).toEqual(["pat@maplegrove.example", "someone@else.example"]);
    expect((await staffView(lead.id)).qualification.chat!.giftCardEmails.map((e) => e.value)).toEqual([
      "pat@maplegrove.example",
      "someone@else.example",
    ]);
  });
});
