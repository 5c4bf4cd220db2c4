import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, gte, inArray, isNull, lt, lte, ne, or, sql, type SQL } from "drizzle-orm";
import { CALL_PROMISE_HOURS, GIFT_CARD_PROMISE_HOURS, PIPELINE_STATUSES, amountOf, checkStep, flagsMatter, isPipelineStatus, type DuplicateFlag, type PipelineActor, type PipelineStatus, type PipelineStep } from "../../domain/incentive-pipeline";
import { LEAD_PAGE_SIZE, type LeadListQuery } from "../../domain/lead-list-filters";
import { emailDomainFlags } from "../../domain/email-domain-flags";
import type { Database } from "./database";
import { decodeCursor, pageOf } from "./keyset-cursor";
import { insertDeliveries } from "./submission";
import { deliveries, deliveryAttempts, facilityLeads, leadStatusCounts, leadTransitions, rewards } from "./schema";
import { UNDELIVERED_STATUSES } from "../../domain/rewards";

export type LeadTransitionRow = typeof leadTransitions.$inferSelect;

/** The signed event the provider's CRM receives for every step (PIPELINE_WEBHOOK_URL). */
export interface PipelineEvent {
  type: "lead.pipeline_step";
  transitionId: string;
  leadId: string;
  at: string;
  actor: string;
  from: PipelineStatus;
  to: PipelineStatus;
  details: Record<string, string | number>;
  note: string;
  lead: { email: string; facilityName: string; location: string };
}

export type TransitionResult =
  | { ok: true; transition: LeadTransitionRow; event: PipelineEvent }
  | { ok: false; reason: "not_found" | "refused"; error: string };

export interface TransitionOptions {
  /** PIPELINE_WEBHOOK_URL: when set, the step is forwarded through the outbox. */
  webhookUrl?: string | undefined;
  now?: Date;
}

/** What a step records besides its status: the method, the reason, the reference, the amount. */
function detailsOf(step: PipelineStep): Record<string, string | number> {
  const amount = amountOf(step);
  switch (step.to) {
    case "qualified":
      return { via: step.via };
    case "role_verified":
      return { method: step.method };
    case "gift_card_sent":
    case "bonus_sent":
      return { reference: step.reference.trim(), amountUsd: amount! };
    case "rejected":
      return { reason: step.reason };
    default:
      return {};
  }
}

/**
 * Takes one pipeline step for a lead: checks it against the domain's rules on the lead's current
 * status (row locked), appends the transition, moves the lead, and queues the signed event, all
 * in one transaction. The qualification code calls this with actor "system:chat" / "system:voice"
 * and step { to: "qualified", via: "chat" | "voice" }.
 */
export async function recordTransition(
  db: Database,
  input: { leadId: string; actor: PipelineActor; step: PipelineStep },
  options: TransitionOptions = {},
): Promise<TransitionResult> {
  const now = options.now ?? new Date();
  return db.transaction(async (tx) => {
    const [lead] = await tx
      .select({
        status: facilityLeads.pipelineStatus,
        email: facilityLeads.email,
        facilityName: facilityLeads.facilityName,
        location: facilityLeads.location,
      })
      .from(facilityLeads)
      .where(and(eq(facilityLeads.id, input.leadId), eq(facilityLeads.isSpam, false)))
      .for("update");
    if (!lead) return { ok: false, reason: "not_found", error: "No lead with this id." } as const;
    const from = isPipelineStatus(lead.status) ? lead.status : "new";
    const check = checkStep(from, input.step);
    if (!check.ok) return { ok: false, reason: "refused", error: check.error } as const;
    const transition = {
      id: randomUUID(),
      leadId: input.leadId,
      at: now,
      actor: input.actor,
      fromStatus: from,
      toStatus: input.step.to,
      details: detailsOf(input.step),
      note: (input.step.note ?? "").trim(),
    };
    await tx.insert(leadTransitions).values(transition);
    await tx
      .update(facilityLeads)
      .set({
        pipelineStatus: input.step.to,
        ...(input.actor.startsWith("staff:") ? { staffActedAt: now } : {}),
        ...(input.step.to === "role_verified" ? { roleVerifiedAt: now } : {}),
      })
      .where(eq(facilityLeads.id, input.leadId));
    const event: PipelineEvent = {
      type: "lead.pipeline_step",
      transitionId: transition.id,
      leadId: input.leadId,
      at: now.toISOString(),
      actor: input.actor,
      from,
      to: input.step.to,
      details: transition.details,
      note: transition.note,
      lead: { email: lead.email, facilityName: lead.facilityName, location: lead.location },
    };
    if (options.webhookUrl) {
      await insertDeliveries(tx, "facility_lead", input.leadId, [{ destination: "pipeline_webhook", url: options.webhookUrl, payload: event }]);
    }
    return { ok: true, transition: { ...transition, details: transition.details }, event } as const;
  });
}

export async function transitionsOf(db: Database, leadId: string): Promise<LeadTransitionRow[]> {
  return db.select().from(leadTransitions).where(eq(leadTransitions.leadId, leadId)).orderBy(asc(leadTransitions.at), asc(leadTransitions.id));
}

// ---------------------------------------------------------------- the list

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
};

/** LIKE's own characters in a search term match themselves. */
const likePrefix = (term: string) => `${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Search: what starts with the term, on normalised columns each with a text_pattern_ops index
 * (custom migration): e-mail, full name, last name, facility name, and the phone's digits.
 */
function searchCondition(q: string): SQL {
  const term = q.trim().toLowerCase();
  const text = likePrefix(term);
  const conditions: SQL[] = [
    sql`lower(${facilityLeads.email}) like ${text}`,
    sql`lower(${facilityLeads.firstName} || ' ' || ${facilityLeads.lastName}) like ${text}`,
    sql`lower(${facilityLeads.lastName}) like ${text}`,
    sql`lower(${facilityLeads.facilityName}) like ${text}`,
  ];
  const digits = term.replace(/\D/g, "");
  // A phone is searched by its digits when the term is written like one ("(555) 010-", "+1 555010").
  if (digits.length >= 3 && /^[\d\s()+.-]+$/.test(term)) {
    const national = digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits;
    conditions.push(sql`regexp_replace(${facilityLeads.phone}, '\\D', '', 'g') like ${likePrefix(national)}`);
  }
  return or(...conditions)!;
}

const hoursAgo = (now: Date, hours: number) => new Date(now.getTime() - hours * 3_600_000);

/** The WHERE of a filtered list (the export uses the same). */
export function leadListConditions(query: Omit<LeadListQuery, "cursor">, now = new Date()): SQL {
  const conditions: SQL[] = [eq(facilityLeads.isSpam, false)];
  if (query.status) conditions.push(eq(facilityLeads.pipelineStatus, query.status));
  if (query.form) conditions.push(eq(facilityLeads.form, query.form));
  if (query.from) conditions.push(gte(facilityLeads.receivedAt, new Date(`${query.from}T00:00:00.000Z`)));
  if (query.to) conditions.push(lt(facilityLeads.receivedAt, new Date(new Date(`${query.to}T00:00:00.000Z`).getTime() + 86_400_000)));
  if (query.q) conditions.push(searchCondition(query.q));
  if (query.due === "call") {
    conditions.push(isNull(facilityLeads.staffActedAt), lte(facilityLeads.receivedAt, hoursAgo(now, CALL_PROMISE_HOURS)), ne(facilityLeads.pipelineStatus, "rejected"));
  }
  if (query.due === "gift_card") {
    conditions.push(eq(facilityLeads.pipelineStatus, "role_verified"), lte(facilityLeads.roleVerifiedAt, hoursAgo(now, GIFT_CARD_PROMISE_HOURS)));
  }
  if (query.due === "card_delivery") {
    const late = and(eq(rewards.leadId, facilityLeads.id), inArray(rewards.status, [...UNDELIVERED_STATUSES]), lte(rewards.requestedAt, hoursAgo(now, GIFT_CARD_PROMISE_HOURS)));
    conditions.push(sql`exists (select 1 from ${rewards} where ${late})`);
  }
  return and(...conditions)!;
}

export type LeadSummary = Awaited<ReturnType<typeof listLeads>>["leads"][number];

/** One page of the filtered list, newest first, with the cursor of the next page. */
export async function listLeads(db: Database, query: LeadListQuery, now = new Date(), pageSize = LEAD_PAGE_SIZE) {
  const cursor = query.cursor ? decodeCursor(query.cursor) : undefined;
  const where = cursor
    ? and(leadListConditions(query, now), sql`(${facilityLeads.receivedAt}, ${facilityLeads.id}) < (${cursor.at}::timestamptz, ${cursor.id}::uuid)`)
    : leadListConditions(query, now);
  const rows = await db
    .select({ ...SUMMARY, cursorAt: sql<string>`${facilityLeads.receivedAt}::text` })
    .from(facilityLeads)
    .where(where)
    .orderBy(desc(facilityLeads.receivedAt), desc(facilityLeads.id))
    .limit(pageSize + 1);
  const page = pageOf(rows, pageSize);
  return { leads: page.rows, nextCursor: page.nextCursor };
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

/** Likely duplicates of a lead (same e-mail, phone, or facility name in the same state) and its e-mail domain's flags. */
export async function duplicateFlagsOf(
  db: Database,
  lead: { id: string; email: string; phone: string; facilityName: string; location: string },
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
          and(sql`lower(${facilityLeads.facilityName}) = ${lead.facilityName.trim().toLowerCase()}`, eq(facilityLeads.location, lead.location)),
        ),
      ),
    )
    .orderBy(desc(facilityLeads.receivedAt))
    .limit(20);
  const matches: DuplicateMatch[] = [];
  for (const other of others) {
    const flag: DuplicateFlag = other.sameEmail ? "same_email" : other.samePhone ? "same_phone" : "same_facility_and_state";
    matches.push({ flag, leadId: other.id });
  }
  return [...matches, ...emailDomainFlags(lead.email).map((flag) => ({ flag }))];
}

/** Everything the lead page shows: every field, the flags, the deliveries with attempts, the timeline. */
export async function leadDetail(db: Database, id: string) {
  const [lead] = await db.select().from(facilityLeads).where(eq(facilityLeads.id, id));
  if (!lead) return undefined;
  const status = isPipelineStatus(lead.pipelineStatus) ? lead.pipelineStatus : "new";
  const [flags, timeline, forwarded] = await Promise.all([
    flagsMatter(status) ? duplicateFlagsOf(db, lead) : Promise.resolve([]),
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
      })
      .from(deliveries)
      .where(and(eq(deliveries.recordKind, "facility_lead"), eq(deliveries.recordId, id)))
      .orderBy(asc(deliveries.createdAt)),
  ]);
  const attempts = forwarded.length
    ? await db
        .select()
        .from(deliveryAttempts)
        .where(inArray(deliveryAttempts.deliveryId, forwarded.map((d) => d.id)))
        .orderBy(asc(deliveryAttempts.attemptedAt))
    : [];
  return {
    lead,
    flags,
    timeline,
    deliveries: forwarded.map((d) => ({ ...d, attemptLog: attempts.filter((a) => a.deliveryId === d.id) })),
  };
}

/** Whether a failed delivery belongs to this lead (the console retries only its lead's deliveries). */
export async function deliveryOfLead(db: Database, deliveryId: string, leadId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(and(eq(deliveries.id, deliveryId), eq(deliveries.recordKind, "facility_lead"), eq(deliveries.recordId, leadId)));
  return Boolean(row);
}


/**
 * The qualification's hand-over (issue 14 → 15): a lead the chat or the voice agent judged
 * "qualified" enters the pipeline as qualified, by "system:chat" / "system:voice". Only from
 * "new": a lead staff have already moved on (or rejected) is left as it is. True when recorded.
 */
export async function recordQualifiedBy(db: Database, leadId: string, via: "chat" | "voice", options: TransitionOptions = {}): Promise<boolean> {
  const result = await recordTransition(db, { leadId, actor: via === "chat" ? "system:chat" : "system:voice", step: { to: "qualified", via } }, options);
  return result.ok;
}
