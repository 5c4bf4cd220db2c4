import type { FastifyInstance } from "fastify";
import { HONEYPOT_FIELD } from "../../domain/honeypot";
import type { PipelineActor, PipelineStep } from "../../domain/incentive-pipeline";
import { erasePerson } from "../privacy/privacy-request-log";
import { recordTransition } from "../store/lead-pipeline-repository";
import { homepageLead, qualifyLead } from "./test-fixtures";

/**
 * The funnel report's data (decision 0039), through the real routes: five leads from three sources
 * and two regions taken to different steps, a spam submission, a repeat of one, and one person
 * erased. The expected figures are written beside it, once, for the API, CSV and view tests.
 */
const STAFF: PipelineActor = "staff:reports@provider.example";
const QUALIFY: PipelineStep = { to: "qualified", via: "staff_call" };
const VERIFY_BY_CALL: PipelineStep = { to: "role_verified", method: "phone_call_to_facility", note: "Called the desk" };

async function post(app: FastifyInstance, body: object, key: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/api/leads",
    payload: body,
    headers: { "idempotency-key": key },
  });
  if (response.statusCode !== 201 && response.statusCode !== 200)
    throw new Error(`the lead was refused: ${response.statusCode} ${response.body}`);
  return response.json<{ id: string }>().id;
}

const steps = async (app: FastifyInstance, leadId: string, list: [PipelineActor, PipelineStep][]) => {
  for (const [actor, step] of list) {
    const result = await recordTransition(app.store.db, { leadId, actor, step });
    if (!result.ok) throw new Error(`step ${step.to} refused: ${JSON.stringify(result)}`);
  }
};

const lead = (n: number, overrides: Record<string, unknown>) =>
  homepageLead({
    email: `lead${n}@facility${n}.example`,
    phone: `55512340${n}0`,
    facilityName: `Facility ${n}`,
    ...overrides,
  });

/** Seeds the leads; answers their ids (L1 erased at the end). */
export async function seedFunnel(app: FastifyInstance): Promise<string[]> {
  const l1 = await post(
    app,
    lead(1, { trafficSource: "google", location: "Georgia", utm: { utm_source: "google", utm_campaign: "winter" } }),
    "l1",
  );
  const repeatBody = qualifyLead({
    email: "lead2@facility2.example",
    phone: "5551234020",
    facilityName: "Facility 2",
    trafficSource: "google",
    location: "Texas",
  });
  const l2 = await post(app, repeatBody, "l2");
  const l3 = await post(
    app,
    lead(3, {
      trafficSource: "linkedin",
      location: "Georgia",
      utm: { utm_source: "linkedin", utm_campaign: "nurses" },
    }),
    "l3",
  );
  const l4 = await post(app, lead(4, { trafficSource: "linkedin", location: "Texas", utm: {} }), "l4");
  const l5 = await post(app, lead(5, { trafficSource: "facebook", location: "Georgia", utm: {} }), "l5");
  // Spam (the honeypot filled in) and a repeat of L2 (the same submission again): neither counts.
  await post(
    app,
    { ...lead(6, { trafficSource: "facebook", location: "Georgia" }), [HONEYPOT_FIELD]: "https://spam.example" },
    "spam",
  );
  const repeat = await post(app, repeatBody, "l2-again");
  if (repeat !== l2) throw new Error("the repeat was stored as a lead of its own");

  await steps(app, l1, [
    [STAFF, QUALIFY],
    [STAFF, VERIFY_BY_CALL],
    [STAFF, { to: "gift_card_sent", reference: "CARD-1" }],
    [STAFF, { to: "first_shift_filled" }],
    [STAFF, { to: "bonus_sent", reference: "BONUS-1" }],
  ]);
  await steps(app, l2, [[STAFF, QUALIFY]]);
  await steps(app, l3, [
    ["system:chat", { to: "qualified", via: "chat" }],
    [
      "system:verification",
      { to: "role_verified", method: "registry_and_work_email", note: "Registry and work e-mail" },
    ],
    [STAFF, { to: "gift_card_sent", reference: "CARD-3" }],
  ]);
  // Verified straight from "new" (the call qualified it too), then rejected.
  await steps(app, l4, [
    [STAFF, VERIFY_BY_CALL],
    [STAFF, { to: "rejected", reason: "suspected_fraud" }],
  ]);
  const erased = await erasePerson(
    app.store.db,
    { kind: "lead_id", id: l1 },
    { actor: "admin-token", reference: "T-39" },
  );
  if (erased.status !== "erased") throw new Error(`L1 was not erased: ${erased.status}`);
  return [l1, l2, l3, l4, l5];
}

const counts = (
  leads: number,
  qualified: number,
  auto: number,
  staff: number,
  card: number,
  shift: number,
  bonus: number,
  rejected: number,
) => ({
  leads,
  qualified,
  roleVerified: auto + staff,
  roleVerifiedAutomatically: auto,
  roleVerifiedByStaff: staff,
  giftCardSent: card,
  firstShiftFilled: shift,
  bonusSent: bonus,
  rejected,
});

/** What the report says of the seeded leads, by grouping. */
export const SEEDED_FUNNEL = {
  source: [
    { key: "google", ...counts(2, 2, 0, 1, 1, 1, 1, 0) },
    { key: "linkedin", ...counts(2, 2, 1, 1, 1, 0, 0, 1) },
    { key: "facebook", ...counts(1, 0, 0, 0, 0, 0, 0, 0) },
  ],
  region: [
    { key: "Southeast", ...counts(3, 2, 1, 1, 2, 1, 1, 0) },
    { key: "Southwest", ...counts(2, 2, 0, 1, 0, 0, 0, 1) },
  ],
  campaign: [
    { key: "(none)", ...counts(3, 2, 0, 1, 0, 0, 0, 1) },
    { key: "nurses", ...counts(1, 1, 1, 0, 1, 0, 0, 0) },
    { key: "winter", ...counts(1, 1, 0, 1, 1, 1, 1, 0) },
  ],
  form: [
    { key: "homepage_form", ...counts(4, 3, 1, 2, 2, 1, 1, 1) },
    { key: "qualify_page", ...counts(1, 1, 0, 0, 0, 0, 0, 0) },
  ],
  totals: counts(5, 4, 1, 2, 2, 1, 1, 1),
};
