import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import { objectsToCsv } from "../csv";
import { listDeliveries, deliveryAttemptsOf, retryDelivery, retryFailedDeliveries, type DeliveryStatus } from "../store/deliveries-repository";
import { allFacilityLeads, recentFacilityLeads, type FacilityLeadRow } from "../store/leads-repository";
import { QUALIFICATION_COLUMN_NAMES, withQualification, type QualificationColumns } from "../store/qualifications-repository";
import {
  allNurseApplications,
  recentNurseApplications,
  type NurseApplicationRow,
} from "../store/nurse-applications-repository";

/** Bearer token compared in constant time (lengths leak nothing useful: we hash-compare equal-length buffers). */
export function hasAdminToken(request: FastifyRequest, token: string): boolean {
  const header = request.headers.authorization ?? "";
  const given = Buffer.from(header.startsWith("Bearer ") ? header.slice(7) : "");
  const expected = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Failed admin attempts allowed per client IP per window before 429. */
export const ADMIN_FAILURES_ALLOWED = 10;
const ADMIN_FAILURE_WINDOW_MS = 15 * 60 * 1000;

/** Every column of a facility lead, consent proof and attribution included. */
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

export const APPLICATION_CSV_COLUMNS = [
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
export const adminRoutes: FastifyPluginAsync<{ token: string }> = async (app, { token }) => {
  const failures = new Map<string, { count: number; resetAt: number }>();

  app.addHook("onRequest", async (request, reply) => {
    const now = Date.now();
    const entry = failures.get(request.ip);
    if (entry && entry.resetAt <= now) failures.delete(request.ip);
    const current = failures.get(request.ip);
    if (current && current.count >= ADMIN_FAILURES_ALLOWED) {
      const retryAfter = Math.ceil((current.resetAt - now) / 1000);
      return reply.code(429).header("retry-after", String(retryAfter)).send({ error: "Too many failed attempts" });
    }
    if (hasAdminToken(request, token)) return;
    if (failures.size > 10_000) failures.clear(); // bounded memory under a spray of addresses
    failures.set(request.ip, { count: (current?.count ?? 0) + 1, resetAt: current?.resetAt ?? now + ADMIN_FAILURE_WINDOW_MS });
    return reply.code(401).send({ error: "Unauthorized" });
  });

  app.get<{ Querystring: { limit?: string } }>("/api/admin/leads", async (request) => ({
    leads: await withQualification(app.store.db, await recentFacilityLeads(app.store.db, limitOf(request.query.limit))),
  }));
  app.get<{ Querystring: { limit?: string } }>("/api/admin/nurse-applications", async (request) => ({
    applications: await recentNurseApplications(app.store.db, limitOf(request.query.limit)),
  }));

  app.get("/api/admin/leads.csv", async (_request, reply) => {
    const csv = objectsToCsv(LEAD_CSV_COLUMNS, await withQualification(app.store.db, await allFacilityLeads(app.store.db)));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="leads.csv"')
      .send(csv);
  });
  app.get("/api/admin/nurse-applications.csv", async (_request, reply) => {
    const csv = objectsToCsv(APPLICATION_CSV_COLUMNS, await allNurseApplications(app.store.db));
    return reply
      .type("text/csv; charset=utf-8")
      .header("content-disposition", 'attachment; filename="nurse-applications.csv"')
      .send(csv);
  });

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
};

const isUuid = (value: string) => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);

function limitOf(value: string | undefined): number {
  const limit = Number(value ?? 50);
  return Number.isInteger(limit) && limit > 0 ? Math.min(limit, 1000) : 50;
}
