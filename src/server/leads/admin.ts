import type { FastifyPluginAsync } from "fastify";
import { isUuid } from "../../domain/fields";
import { sendCsv } from "../csv-export";
import {
  listDeliveries,
  deliveryAttemptsOf,
  retryDelivery,
  retryFailedDeliveries,
  type DeliveryStatus,
} from "../store/deliveries-repository";
import { recentFacilityLeads, type FacilityLeadRow } from "./leads-repository";
import {
  QUALIFICATION_COLUMN_NAMES,
  withQualification,
  withQualificationInBatches,
  type QualificationColumns,
} from "./qualification-summaries";
import { newestFirstInBatches } from "./newest-first";
import { recentNurseApplications, type NurseApplicationRow } from "./nurse-applications-repository";
import { facilityLeads, nurseApplications } from "../store/schema";
import { privacyAdminRoutes } from "../privacy";
import { TOKEN_FAILURES_ALLOWED, tokenGuard } from "../token-guard";

/** Failed admin attempts allowed per client per window before 429 (token-guard.ts). */
export const ADMIN_FAILURES_ALLOWED = TOKEN_FAILURES_ALLOWED;

/**
 * The columns of the lead export: what was sent, consent proof and attribution, and the
 * qualification's outcome. Every column of facility_leads is either here or in
 * LEAD_COLUMNS_NOT_IN_CSV (lead-columns.test.ts holds it).
 */
export const LEAD_CSV_COLUMNS = [
  "id",
  "receivedAt",
  "form",
  "source",
  "facilityName",
  "facilityType",
  "location",
  "rolesNeeded",
  "urgency",
  "shiftTypes",
  "firstName",
  "lastName",
  "title",
  "email",
  "phone",
  "trafficSource",
  "timestamp",
  "consentAgreed",
  "consentText",
  "consentVersion",
  "clientIp",
  "userAgent",
  "pageUrl",
  "referrer",
  "url",
  "utm",
  "isSpam",
  "idempotencyKey",
  ...QUALIFICATION_COLUMN_NAMES,
] as const satisfies readonly (keyof (FacilityLeadRow & QualificationColumns))[];

/** The columns of facility_leads the export leaves out, on purpose: each says why. */
export const LEAD_COLUMNS_NOT_IN_CSV = {
  submissionHash: "a fingerprint for spotting repeats, meaningless outside the database",
  duplicateOf: "the console's duplicate flag shows it; an id alone says nothing in a spreadsheet",
  pipelineStatus: "the console's export adds it (the operator's export is of what was sent)",
  staffActedAt: "the pipeline's bookkeeping for the overdue digest, not the lead",
  roleVerifiedAt: "the pipeline's bookkeeping for the reward's deadline, not the lead",
  erasedAt: "an erased lead's fields already hold the erasure's markers",
} as const satisfies Partial<Record<keyof FacilityLeadRow, string>>;

const APPLICATION_CSV_COLUMNS = [
  "id",
  "receivedAt",
  "firstName",
  "lastName",
  "email",
  "phone",
  "zipCode",
  "classification",
  "desiredLocation",
  "message",
  "subject",
  "source",
  "timestamp",
  "clientIp",
  "userAgent",
  "isSpam",
  "idempotencyKey",
] as const satisfies readonly (keyof NurseApplicationRow)[];

const STATUSES: DeliveryStatus[] = ["pending", "failed", "delivered"];

/** Operator endpoints under /api/admin; they exist only when ADMIN_TOKEN is set. */
export const leadsAdminRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  app.addHook("onRequest", tokenGuard(app, { token, name: "admin" }));

  app.get<{ Querystring: { limit?: string } }>("/api/admin/leads", async (request) => ({
    leads: await withQualification(app.store.db, await recentFacilityLeads(app.store.db, limitOf(request.query.limit))),
  }));
  app.get<{ Querystring: { limit?: string } }>("/api/admin/nurse-applications", async (request) => ({
    applications: await recentNurseApplications(app.store.db, limitOf(request.query.limit)),
  }));

  // Streamed page by page: a large export neither holds other requests up nor sits in memory.
  app.get("/api/admin/leads.csv", async (_request, reply) =>
    sendCsv(reply, {
      filename: "leads.csv",
      columns: LEAD_CSV_COLUMNS,
      batches: withQualificationInBatches(app.store.db, newestFirstInBatches(app.store.db, facilityLeads)),
    }),
  );
  app.get("/api/admin/nurse-applications.csv", async (_request, reply) =>
    sendCsv(reply, {
      filename: "nurse-applications.csv",
      columns: APPLICATION_CSV_COLUMNS,
      batches: newestFirstInBatches(app.store.db, nurseApplications),
    }),
  );

  app.get<{ Querystring: { status?: string } }>("/api/admin/deliveries", async (request, reply) => {
    const wanted = (request.query.status ?? "pending,failed").split(",") as DeliveryStatus[];
    if (!wanted.every((status) => STATUSES.includes(status))) {
      return reply.code(400).send({ error: "status must be pending, failed and/or delivered" });
    }
    return { deliveries: await listDeliveries(app.store.db, wanted) };
  });
  app.get<{ Params: { id: string } }>("/api/admin/deliveries/:id/attempts", async (request, reply) => {
    if (!isUuid(request.params.id)) return reply.code(404).send({ error: "Not found" });
    return { attempts: await deliveryAttemptsOf(app.store.db, request.params.id) };
  });
  app.post<{ Params: { id: string } }>("/api/admin/deliveries/:id/retry", async (request, reply) => {
    const retried = isUuid(request.params.id) && (await retryDelivery(app.store.db, request.params.id));
    if (!retried) return reply.code(404).send({ error: "No failed delivery with this id" });
    app.outbox?.wake();
    return { retried: 1 };
  });
  app.post("/api/admin/deliveries/retry-failed", async () => {
    const retried = await retryFailedDeliveries(app.store.db);
    if (retried > 0) app.outbox?.wake();
    return { retried };
  });
  await privacyAdminRoutes(app);
};

function limitOf(value: string | undefined): number {
  const limit = Number(value ?? 50);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 50;
}
