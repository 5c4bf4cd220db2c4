import { and, asc, desc, eq, gte, inArray, lt, ne, or, sql, type SQL } from "drizzle-orm";
import {
  PIPELINE_STATUSES,
  flagsMatter,
  isPipelineStatus,
  type DuplicateFlag,
  type PipelineStatus,
} from "../../domain/incentive-pipeline";
import { LEAD_PAGE_SIZE, type LeadListQuery } from "../../domain/lead-list-filters";
import { emailDomainFlags } from "../../domain/email-domain-flags";
import type {
  BuiltAs,
  LeadDelivery,
  LeadListPage,
  LeadRecord,
  PipelineTransition,
} from "../../domain/staff-console-api";
import type { Database } from "./database";
import { decodeCursor, pageOf } from "./keyset-cursor";
import { transitionsOf } from "./lead-pipeline-repository";
import { deliveries, deliveryAttempts, facilityLeads, leadStatusCounts, leadTransitions } from "./schema";
import { doNotContact, dueConditions, dueReasons } from "./due-conditions";
import type { RoleStep } from "../../domain/lead-standing";
import { SEARCH_TIERS, searchCondition, tierRows, type SearchPhase, type SearchTier } from "./lead-search";
import { inDecidingOrder } from "../../domain/verification-words";

/**
 * The staff console's reads: the lead list (filters, search, keyset pages), the counts by
 * status, and one lead's page (its flags, deliveries and timeline). The pipeline's writes are in
 * lead-pipeline-repository.ts.
 */

// ---------------------------------------------------------------- the list

/** The latest step that decided the lead's role (a person's or the automatic check's), as JSON. */
const roleStepOfLead = sql`(select jsonb_build_object('toStatus', t.to_status, 'actor', t.actor, 'at', t.at, 'details', t.details) from ${leadTransitions} t where t.lead_id = ${facilityLeads.id} and t.to_status in ('role_verified', 'rejected') order by t.at desc, t.id desc limit 1)`;

/** The columns a list row shows (the lead page shows every field). */
const SUMMARY = {
  id: facilityLeads.id,
  receivedAt: facilityLeads.receivedAt,
  form: facilityLeads.form,
  firstName: facilityLeads.firstName,
  lastName: facilityLeads.lastName,
  email: facilityLeads.email,
  phone: facilityLeads.phone,
  facilityName: facilityLeads.facilityName,
  location: facilityLeads.location,
  urgency: facilityLeads.urgency,
  pipelineStatus: facilityLeads.pipelineStatus,
  staffActedAt: facilityLeads.staffActedAt,
  roleVerifiedAt: facilityLeads.roleVerifiedAt,
  /**
   * The step that decided the role (the lists read the lead's standing from it), and
   * do-not-contact. Each is wrapped in a second `sql`: in a one-table select, Drizzle writes a
   * column at a field's top level unqualified ("id"), which inside the subquery would name the
   * subquery's own column; nested, it is written "facility_leads"."id".
   */
  roleStep: sql<RoleStep | null>`${roleStepOfLead}`,
  doNotContact: sql<boolean>`${doNotContact}`,
};

/** The WHERE of a filtered list (the export uses the same). */
export function leadListConditions(query: Omit<LeadListQuery, "cursor">, now = new Date()): SQL {
  const conditions: SQL[] = [eq(facilityLeads.isSpam, false)];
  if (query.status) conditions.push(eq(facilityLeads.pipelineStatus, query.status));
  if (query.form) conditions.push(eq(facilityLeads.form, query.form));
  if (query.from) conditions.push(gte(facilityLeads.receivedAt, new Date(`${query.from}T00:00:00.000Z`)));
  if (query.to)
    conditions.push(
      lt(facilityLeads.receivedAt, new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000)),
    );
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.due) conditions.push(...dueConditions(query.due, now));
  return and(...conditions)!;
}

/**
 * One page of the filtered list with the cursor of the next page: newest first, and oldest first
 * in the Due view (the longest waiting on top), where "verification" rows carry their reasons,
 * the one that decides first.
 */
export async function listLeads(
  db: Database,
  query: LeadListQuery,
  now = new Date(),
  pageSize = LEAD_PAGE_SIZE,
): Promise<LeadListPage<Date, string>> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const oldestFirst = Boolean(query.due);
  const order = oldestFirst ? asc : desc;
  const key = sql`(${facilityLeads.receivedAt}, ${facilityLeads.id})`;
  const after = cursor && sql`(${cursor.at}::timestamptz, ${cursor.id}::uuid)`;
  const keyset = after && (oldestFirst ? sql`${key} > ${after}` : sql`${key} < ${after}`);
  const { q, ...filters } = query;
  const read = (where: SQL | undefined, limit: number, tier?: SearchTier, phase?: SearchPhase) =>
    db
      .select({
        ...SUMMARY,
        ...(query.due === "verification" ? { reasons: dueReasons } : {}),
        cursorAt: sql<string>`${facilityLeads.receivedAt}::text`,
      })
      .from(phase?.source ?? facilityLeads)
      .where(and(leadListConditions(filters, now), where))
      // sortAll: ordered by an expression no index holds, so every match is read and sorted (lead-search.ts).
      .orderBy(
        order(phase?.sortAll ? sql`${facilityLeads.receivedAt} + interval '0 s'` : facilityLeads.receivedAt),
        order(facilityLeads.id),
      )
      .limit(limit)
      .then((rows) => rows.map((row) => ({ ...row, tier })));
  if (!q) {
    const page = pageOf(await read(keyset, pageSize + 1), pageSize);
    return { leads: inDecidingOrderOf(page.rows), nextCursor: page.nextCursor };
  }
  // A search: its rank groups one after another (lead-search.ts), each read only while the page has room.
  const rows: Awaited<ReturnType<typeof read>> = [];
  const fromTier = cursor?.tier ?? 0;
  for (const tier of SEARCH_TIERS.filter((t) => t >= fromTier)) {
    const list = and(leadListConditions(filters, now), tier === fromTier ? keyset : undefined)!;
    const limit = pageSize + 1 - rows.length;
    rows.push(
      ...(await tierRows(db, { q, tier, list, oldestFirst, limit }, (where, n, phase) => read(where, n, tier, phase))),
    );
    if (rows.length > pageSize) break;
  }
  const page = pageOf(rows, pageSize);
  return { leads: inDecidingOrderOf(page.rows), nextCursor: page.nextCursor };
}

/** The Due view's reasons in the order that decides: the first is the one the row shows (decision 0035). */
function inDecidingOrderOf<Row extends object>(rows: Row[]): Row[] {
  return rows.map(withRoleStep).map((row) => {
    if (!("reasons" in row) || !Array.isArray(row.reasons)) return row;
    const reasons = inDecidingOrder(row.reasons);
    return { ...row, reason: reasons[0] ?? null, reasons };
  });
}

/** The role step as an object (a driver may answer a jsonb built in SQL as its text). */
function withRoleStep<Row extends object>(row: Row): Row {
  if (!("roleStep" in row) || typeof row.roleStep !== "string") return row;
  return { ...row, roleStep: JSON.parse(row.roleStep) as RoleStep };
}

/** How many leads are in each status (spam left out), from the counts a trigger keeps. */
export async function countByStatus(db: Database): Promise<Record<PipelineStatus, number>> {
  const rows = await db
    .select({ status: leadStatusCounts.status, count: sql<number>`sum(${leadStatusCounts.count})::bigint` })
    .from(leadStatusCounts)
    .groupBy(leadStatusCounts.status);
  const counts = Object.fromEntries(PIPELINE_STATUSES.map((s) => [s, 0])) as Record<PipelineStatus, number>;
  for (const row of rows) if (isPipelineStatus(row.status)) counts[row.status] = Number(row.count);
  return counts;
}

// ---------------------------------------------------------------- one lead

export interface DuplicateMatch {
  flag: DuplicateFlag;
  leadId?: string;
}

/** Likely duplicates of a lead (the lead it was sent again after; same e-mail, phone, or facility name in the same state) and its e-mail domain's flags. */
async function duplicateFlagsOf(
  db: Database,
  lead: {
    id: string;
    email: string;
    phone: string;
    facilityName: string;
    location: string;
    duplicateOf?: string | null;
  },
): Promise<DuplicateMatch[]> {
  const others = await db
    .select({
      id: facilityLeads.id,
      sameEmail: sql<boolean>`lower(${facilityLeads.email}) = ${lead.email.toLowerCase()}`,
      samePhone: sql<boolean>`regexp_replace(${facilityLeads.phone}, '\\D', '', 'g') = ${lead.phone.replace(/\D/g, "")}`,
    })
    .from(facilityLeads)
    .where(
      and(
        ne(facilityLeads.id, lead.id),
        eq(facilityLeads.isSpam, false),
        or(
          sql`lower(${facilityLeads.email}) = ${lead.email.toLowerCase()}`,
          sql`regexp_replace(${facilityLeads.phone}, '\\D', '', 'g') = ${lead.phone.replace(/\D/g, "")}`,
          and(
            sql`lower(${facilityLeads.facilityName}) = ${lead.facilityName.trim().toLowerCase()}`,
            eq(facilityLeads.location, lead.location),
          ),
        ),
      ),
    )
    .orderBy(desc(facilityLeads.receivedAt))
    .limit(20);
  // First the earlier lead this one was sent again after (same e-mail and phone, other details: submission.ts).
  const matches: DuplicateMatch[] = lead.duplicateOf ? [{ flag: "resubmitted", leadId: lead.duplicateOf }] : [];
  for (const other of others) {
    const flag: DuplicateFlag = other.sameEmail
      ? "same_email"
      : other.samePhone
        ? "same_phone"
        : "same_facility_and_state";
    matches.push({ flag, leadId: other.id });
  }
  return [...matches, ...emailDomainFlags(lead.email).map((flag) => ({ flag }))];
}

/**
 * The columns the lead page shows (LeadRecord), each named: a column it should show is added to
 * LeadRecord and here, and the compiler refuses the one without the other.
 */
const LEAD_RECORD = {
  id: facilityLeads.id,
  form: facilityLeads.form,
  receivedAt: facilityLeads.receivedAt,
  facilityName: facilityLeads.facilityName,
  facilityType: facilityLeads.facilityType,
  location: facilityLeads.location,
  rolesNeeded: facilityLeads.rolesNeeded,
  urgency: facilityLeads.urgency,
  shiftTypes: facilityLeads.shiftTypes,
  firstName: facilityLeads.firstName,
  lastName: facilityLeads.lastName,
  title: facilityLeads.title,
  email: facilityLeads.email,
  phone: facilityLeads.phone,
  consentAgreed: facilityLeads.consentAgreed,
  trafficSource: facilityLeads.trafficSource,
  timestamp: facilityLeads.timestamp,
  source: facilityLeads.source,
  userAgent: facilityLeads.userAgent,
  referrer: facilityLeads.referrer,
  url: facilityLeads.url,
  utm: facilityLeads.utm,
  consentText: facilityLeads.consentText,
  consentVersion: facilityLeads.consentVersion,
  clientIp: facilityLeads.clientIp,
  pageUrl: facilityLeads.pageUrl,
  pipelineStatus: facilityLeads.pipelineStatus,
} satisfies Record<keyof LeadRecord, unknown>;

/** Everything the lead page shows: every field, the flags, the deliveries with attempts, the timeline. */
export async function leadDetail(db: Database, id: string) {
  const [row] = await db
    .select({ ...LEAD_RECORD, duplicateOf: facilityLeads.duplicateOf })
    .from(facilityLeads)
    .where(eq(facilityLeads.id, id));
  if (!row) return undefined;
  const status = isPipelineStatus(row.pipelineStatus) ? row.pipelineStatus : "new";
  const { duplicateOf, ...fields } = row;
  const lead = { ...fields, pipelineStatus: status } satisfies BuiltAs<LeadRecord>;
  const [flags, timeline, forwarded] = await Promise.all([
    flagsMatter(status) ? duplicateFlagsOf(db, { ...lead, duplicateOf }) : Promise.resolve([]),
    transitionsOf(db, id),
    db
      .select({
        id: deliveries.id,
        destination: deliveries.destination,
        status: deliveries.status,
        attempts: deliveries.attempts,
        lastError: deliveries.lastError,
        createdAt: deliveries.createdAt,
        deliveredAt: deliveries.deliveredAt,
        nextAttemptAt: deliveries.nextAttemptAt,
        // An e-mail's recipient (the console names it: "Confirmation to taylor@…").
        recipient: sql<
          string | null
        >`case when ${deliveries.destination} like 'mail:%' and left(${deliveries.payload}, 1) = '{' then ${deliveries.payload}::jsonb ->> 'to' end`,
      })
      .from(deliveries)
      .where(and(eq(deliveries.recordKind, "facility_lead"), eq(deliveries.recordId, id)))
      .orderBy(asc(deliveries.createdAt)),
  ]);
  const attempts = forwarded.length
    ? await db
        .select({
          id: deliveryAttempts.id,
          deliveryId: deliveryAttempts.deliveryId,
          attemptedAt: deliveryAttempts.attemptedAt,
          statusCode: deliveryAttempts.statusCode,
          durationMs: deliveryAttempts.durationMs,
          error: deliveryAttempts.error,
        })
        .from(deliveryAttempts)
        .where(
          inArray(
            deliveryAttempts.deliveryId,
            forwarded.map((d) => d.id),
          ),
        )
        .orderBy(asc(deliveryAttempts.attemptedAt))
    : [];
  const answered: { timeline: PipelineTransition<Date, string>[]; deliveries: LeadDelivery<Date>[] } = {
    timeline,
    deliveries: forwarded.map((d) => ({
      ...d,
      attemptLog: attempts.filter((a) => a.deliveryId === d.id).map(({ deliveryId: _, ...attempt }) => attempt),
    })),
  };
  return { lead, flags, ...answered };
}

/** Whether a failed delivery belongs to this lead (the console retries only its lead's deliveries). */
export async function deliveryOfLead(db: Database, deliveryId: string, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(eq(deliveries.id, deliveryId), eq(deliveries.recordKind, "facility_lead"), eq(deliveries.recordId, leadId)),
    );
  return Boolean(row);
}
