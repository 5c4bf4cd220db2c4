import type { FastifyInstance } from "fastify";
import { isUuid } from "../../domain/fields";
import { STAFF_MESSAGES } from "../staff-messages";
import { verificationView, type WorkAddressConfirmedAt } from "./verification-view";
import { latestVerification } from "./verification-repository";
import { verificationDeps, verifyLead, type VerificationEvidence } from "./verify-lead";
import type { BuiltAs, VerificationAnswer } from "../../domain/staff-console-api";

/** The console's verification routes (decision 0030), inside the staff scope (session and CSRF). */

const VERIFICATION_MESSAGES = {
  checking: "This lead is being checked already: wait for that check to finish.",
  callbackOff: "Callbacks are off on this server (VERIFICATION_CALLBACK): call the facility's number yourself.",
  noNumber: "No registry number may be called for this lead: check it with the facility yourself.",
  callbackWaiting: "A callback for this lead is waiting or under way already.",
} as const;

export interface StaffVerificationOptions {
  /** When a lead confirmed its work address (the work-address code, decision 0031); absent: not confirmed. */
  workAddressConfirmedAt?: WorkAddressConfirmedAt | undefined;
}

/**
 * `POST /api/staff/leads/:id/verification`: checks the lead against the registries again now
 * (the policy decides, the evidence is stored as a new row) and answers the lead's verification
 * as `GET /api/staff/leads/:id` shows it. One check per lead at a time in this process: a
 * second click while one runs answers 409 and gathers nothing.
 */
export async function verificationStaffRoutes(app: FastifyInstance, options: StaffVerificationOptions): Promise<void> {
  const running = new Set<string>();
  app.post<{ Params: { id: string } }>("/api/staff/leads/:id/verification", async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    if (running.has(id)) return reply.code(409).send({ error: VERIFICATION_MESSAGES.checking });
    running.add(id);
    try {
      const db = app.store.db;
      const confirmedAt = options.workAddressConfirmedAt;
      const deps = verificationDeps(app.config, db, {
        ...(confirmedAt ? { workAddressConfirmedAt: (leadId: string) => confirmedAt(db, leadId) } : {}),
      });
      const stored = await verifyLead(db, id, deps);
      if (!stored) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
      request.log.info({ leadId: id, decision: stored.decision }, "verification: checked again by staff");
      return reply
        .code(201)
        .send({ verification: await verificationView(db, id, options) } satisfies BuiltAs<VerificationAnswer>);
    } finally {
      running.delete(id);
    }
  });

  /** `POST /api/staff/leads/:id/verification/callback` (decision 0042): places the callback to the facility's number of record again, by hand. */
  app.post<{ Params: { id: string } }>("/api/staff/leads/:id/verification/callback", async (request, reply) => {
    const { id } = request.params;
    if (!isUuid(id)) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    const callbacks = app.verification?.options.callbacks;
    if (!callbacks) return reply.code(409).send({ error: VERIFICATION_MESSAGES.callbackOff });
    const db = app.store.db;
    const latest = await latestVerification(db, id);
    if (!latest) return reply.code(404).send({ error: STAFF_MESSAGES.leadNotFound });
    const evidence = (latest.evidence as Partial<VerificationEvidence>).callback;
    if (!evidence?.phone) return reply.code(409).send({ error: VERIFICATION_MESSAGES.noNumber });
    const now = new Date();
    const row = await callbacks.schedule(id, evidence, now, request.staff?.account.email ?? "staff");
    if (!row) return reply.code(409).send({ error: VERIFICATION_MESSAGES.callbackWaiting });
    await callbacks.placeDue(now);
    request.log.info({ leadId: id }, "verification: callback placed by staff");
    return reply
      .code(201)
      .send({ verification: await verificationView(db, id, options) } satisfies BuiltAs<VerificationAnswer>);
  });
}
