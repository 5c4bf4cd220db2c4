import type { FastifyInstance } from "fastify";
import { isUuid } from "../../domain/fields";
import { STAFF_MESSAGES } from "../staff-messages";
import { verificationView, type WorkAddressConfirmedAt } from "./verification-view";
import { verificationDeps, verifyLead } from "./verify-lead";

/** The console's verification routes (issue 31), inside the staff scope (session and CSRF). */

const VERIFICATION_MESSAGES = {
  checking: "This lead is being checked already: wait for that check to finish.",
} as const;

export interface StaffVerificationOptions {
  /** When a lead confirmed its work address (the work-address code, issue 31); absent: not confirmed. */
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
      return reply.code(201).send({ verification: await verificationView(db, id, options) });
    } finally {
      running.delete(id);
    }
  });
}
