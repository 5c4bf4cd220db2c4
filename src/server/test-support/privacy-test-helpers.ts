import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Database } from "../store/database";
import { addAccount, signIn } from "./staff-test-helpers";
import { QUALIFIED_ANSWERS, chatLead } from "./test-fixtures";

/** What the privacy tests share (privacy-erasure.test.ts, privacy-export.test.ts): the admin token, the person, their lead. */
export const ADMIN = "a-test-admin-token-123456";

/** What names the person: none of it may remain after erasure, anywhere. */
export const PERSON = {
  firstName: "Zephyrine",
  lastName: "Quillfeather",
  email: "zephyrine.q@oakhollow-unique.example",
  phone: "5557771234",
  facilityName: "Oakhollow Unique Care",
  challenge: "Xylophonic night shift gaps",
  giftCardEmail: "zq.cards@oakhollow-unique.example",
  note: "Spoke to Zephyrine at the desk",
};
export const NEEDLES = [
  PERSON.firstName,
  PERSON.lastName,
  PERSON.email,
  PERSON.phone,
  "(555) 777-1234",
  PERSON.facilityName,
  PERSON.challenge,
  PERSON.giftCardEmail,
  "Spoke to",
];

/** The database's words when it refuses a statement (drizzle wraps them in the error's cause), or "done". */
export const refusal = (query: PromiseLike<unknown>) =>
  Promise.resolve(query).then(
    () => "done",
    (error: { message?: string; cause?: { message?: string } }) =>
      `${error.message ?? ""} ${error.cause?.message ?? ""}`,
  );

/** A request with the admin token: a POST with a body, else a GET. */
export const adminRequest = (app: FastifyInstance, url: string, payload?: object) =>
  app.inject({
    method: payload ? "POST" : "GET",
    url,
    headers: { authorization: `Bearer ${ADMIN}` },
    ...(payload ? { payload } : {}),
  });

/** A lead through the chat, its card and its bonus, with webhooks and e-mails queued along the way. */
export async function leadThroughCardAndBonus(app: FastifyInstance, db: Database) {
  const post = (url: string, payload: object) => app.inject({ method: "POST", url, payload });
  const created = await post(
    "/api/leads",
    chatLead({
      firstName: PERSON.firstName,
      lastName: PERSON.lastName,
      email: PERSON.email,
      phone: PERSON.phone,
      facilityName: PERSON.facilityName,
    }),
  );
  const lead = created.json<{ id: string; qualificationToken: string }>();
  const answers = QUALIFIED_ANSWERS.map(([id, value]): [string, string] => [
    id,
    id === "challenge" ? PERSON.challenge : id === "giftCardEmail" ? PERSON.giftCardEmail : value,
  ]);
  for (const [questionId, value] of answers)
    expect(
      (
        await post("/api/qualification/answers", {
          leadId: lead.id,
          token: lead.qualificationToken,
          questionId,
          value,
        })
      ).statusCode,
    ).toBe(200);
  await addAccount(db, "worker@provider.example");
  const session = await signIn(app, "worker@provider.example");
  const step = (payload: object) =>
    app.inject({ method: "POST", url: `/api/staff/leads/${lead.id}/steps`, headers: session.headers, payload });
  for (const payload of [
    { to: "role_verified", method: "phone_call_to_facility", note: PERSON.note },
    { to: "gift_card_sent", reference: "CARD-0009" },
    { to: "first_shift_filled" },
    { to: "bonus_sent", reference: "BONUS-0009" },
  ])
    expect((await step(payload)).statusCode).toBe(201);
  return { lead, session };
}
