import type { PGlite } from "@electric-sql/pglite";
import { getTableColumns } from "drizzle-orm";
import type pg from "pg";
import type { Database } from "../store/database";
import { runOnPglite, type OutcomeRow } from "./lead-intake-pglite";
import { lockLiteral } from "../store/advisory-locks";
import { CAPPED_MAIL_DESTINATIONS, mailboxSqlText } from "../store/mailbox-sql";
import { facilityLeads } from "../store/schema";

/**
 * A lead and everything it writes (its qualification token, first work e-mail code, contact
 * link and outbox rows) as ONE statement (decision 0034): the duplicate lookups and
 * the inserts are the CTEs of one INSERT, prepared once per connection, so a lead costs one
 * statement instead of seven round trips. A single statement is atomic on its own: all of it or
 * nothing. On PostgreSQL, where other connections store leads at once, the same submit's keys are
 * locked first: BEGIN and the advisory locks, then the statement (which reads after the locks: a
 * statement's snapshot is taken when it starts), then COMMIT: three, sent in one write (one wait).
 * PGlite runs it from a temporary function of its session (lead-intake-pglite.ts).
 */

type LeadRow = typeof facilityLeads.$inferInsert;

/** The capped e-mails' destinations as SQL literals (our own constant names, nothing a visitor sent). */
const CAPPED_MAIL_DESTINATIONS_SQL = CAPPED_MAIL_DESTINATIONS.map((destination) => `'${destination}'`).join(", ");

/** What a lead's statement writes besides the lead's row. */
export interface IntakeRows {
  /** The lead's row; `duplicateOf` is found by the statement. */
  lead: LeadRow & { id: string; receivedAt: Date; isSpam: boolean; submissionHash: string };
  /** Leads of the same form, e-mail and phone received after this are "the same submit" candidates. */
  since: Date;
  qualificationToken?: { hash: string; expiresAt: Date } | undefined;
  /**
   * The first work e-mail code: stored for every lead but spam, e-mailed or not (an opted-out or
   * over-limit address gets no e-mail), so "new code" answers alike for every address (decision 0040).
   */
  workEmailCode?: { codeHash: string; linkHash: string; expiresAt: Date; issueDay: string } | undefined;
  contactTokenHash?: string | undefined;
  /** Outbox rows; those to a `mail:` destination are left out for an address that opted out. */
  deliveries: { id: string; destination: string; url: string; payload: string }[];
  /**
   * PostgreSQL: the same submit's lock keys (serialise concurrent identical submits), then its
   * mailbox's (mailboxLockKey: the day's e-mails to it counted one writer after another).
   */
  lockKeys?: string[] | undefined;
  /**
   * MAIL_PER_RECIPIENT_DAILY_LIMIT (decision 0040): past this many e-mails in 24 hours to an address
   * that confirmed nothing, the lead's e-mail and its contact link are left out (its code is still
   * stored). 0 or undefined: no limit.
   */
  mailPerRecipientDailyLimit?: number | undefined;
}

export interface IntakeOutcome {
  /** The earlier lead by the same Idempotency-Key and fields, or by every field within the window. */
  repeat?: string | undefined;
  byKey: boolean;
  duplicateOf?: string | undefined;
}

/** The statement's text for a lead row with these keys, built once (the row's keys never change). */
interface Statement {
  text: string;
  keys: (keyof LeadRow)[];
}
let statement: Statement | undefined;

/** Every value goes as text and is cast in SQL, the same on both drivers. */
const asText = (value: unknown): string | null =>
  value === null || value === undefined ? null : typeof value === "string" ? value : String(value);

function buildStatement(lead: LeadRow): Statement {
  const columns = getTableColumns(facilityLeads);
  const keys: (keyof LeadRow)[] = (Object.keys(lead) as (keyof LeadRow)[]).filter((key) => key !== "duplicateOf");
  const p = (key: keyof LeadRow) => {
    if (!keys.includes(key)) throw new Error(`A lead's row has no ${key}: the intake statement needs it.`);
    return `$${keys.indexOf(key) + 1}::text::${columns[key].getSQLType()}`;
  };
  let n = keys.length;
  const extra = () => `$${++n}::text`;
  const [since, tokenHash, tokenExpires, codeHash, linkHash, codeExpires, issueDay, contactHash, queued, mailLimit] =
    Array.from({ length: 10 }, extra);
  const spam = p("isSpam");
  const text = `
with by_key as (
  select id from facility_leads
  where not ${spam} and idempotency_key = ${p("idempotencyKey")} and submission_hash = ${p("submissionHash")}
  order by received_at limit 1
), same as (
  select id, submission_hash, received_at from facility_leads
  where not ${spam} and not is_spam and form = ${p("form")} and lower(email) = lower(${p("email")})
    and phone = ${p("phone")} and received_at > ${since}::timestamptz
  order by received_at limit 20
), earlier as (
  select (select id from by_key) as by_key,
    (select id from same where submission_hash = ${p("submissionHash")} order by received_at limit 1) as repeat,
    (select id from same order by received_at limit 1) as duplicate_of
), lead as (
  insert into facility_leads (${keys.map((key) => `"${columns[key].name}"`).join(", ")}, duplicate_of)
  select ${keys.map(p).join(", ")}, earlier.duplicate_of from earlier
  where earlier.by_key is null and earlier.repeat is null
  returning id, received_at
), mail_ok as (
  select not exists (select 1 from contact_opt_outs where email = lower(${p("email")})) as ok
), mail_allowed as (
  -- No e-mail cannon (decision 0040): an address that confirmed nothing gets at most the limit a day.
  select ${mailLimit}::int <= 0
    or exists (
      select 1 from work_email_codes c where c.confirmed_at is not null
        and c.lead_id in (select id from facility_leads where ${mailboxSqlText("email")} = ${mailboxSqlText(p("email"))})
    )
    or (
      -- Every e-mail to the mailbox counts (decision 0043): plus-tags and Gmail's dots left out.
      select count(*) from deliveries
      where created_at > ${p("receivedAt")} - interval '1 day'
        and destination in (${CAPPED_MAIL_DESTINATIONS_SQL})
        and ${mailboxSqlText("payload::jsonb->>'to'")} = ${mailboxSqlText(p("email"))}
    ) < ${mailLimit}::int as ok
), token as (
  insert into qualification_tokens (token_hash, lead_id, created_at, expires_at)
  select ${tokenHash}, lead.id, lead.received_at, ${tokenExpires}::timestamptz from lead where ${tokenHash} is not null
), code as (
  insert into work_email_codes (lead_id, code_hash, link_hash, issued_at, expires_at, wrong_tries, issue_day, issues_today)
  select lead.id, ${codeHash}, ${linkHash}, lead.received_at, ${codeExpires}::timestamptz, 0, ${issueDay}, 1
  from lead where ${codeHash} is not null and not ${spam}
), contact as (
  insert into contact_links (token_hash, lead_id, created_at)
  select ${contactHash}, lead.id, lead.received_at from lead, mail_ok, mail_allowed
  where ${contactHash} is not null and not ${spam} and mail_ok.ok and mail_allowed.ok
), queued as (
  insert into deliveries (id, destination, record_kind, record_id, url, payload, status)
  select d.id, d.destination, 'facility_lead', lead.id, d.url, d.payload, 'pending'
  from lead, mail_ok, mail_allowed,
    jsonb_to_recordset(${queued}::jsonb) as d(id uuid, destination text, url text, payload text)
  where not ${spam} and (d.destination not like 'mail:%' or (mail_ok.ok and mail_allowed.ok))
)
select by_key, repeat, duplicate_of from earlier`;
  return { text, keys };
}

function valuesOf(statement: Statement, rows: IntakeRows): (string | null)[] {
  const columns = getTableColumns(facilityLeads);
  return [
    ...statement.keys.map((key) =>
      asText(rows.lead[key] == null ? null : columns[key].mapToDriverValue(rows.lead[key])),
    ),
    rows.since.toISOString(),
    rows.qualificationToken?.hash ?? null,
    rows.qualificationToken?.expiresAt.toISOString() ?? null,
    rows.workEmailCode?.codeHash ?? null,
    rows.workEmailCode?.linkHash ?? null,
    rows.workEmailCode?.expiresAt.toISOString() ?? null,
    rows.workEmailCode?.issueDay ?? null,
    rows.contactTokenHash ?? null,
    JSON.stringify(rows.lead.isSpam ? [] : rows.deliveries),
    String(rows.mailPerRecipientDailyLimit ?? 0),
  ];
}

const outcomeOf = (row: OutcomeRow | undefined): IntakeOutcome => ({
  repeat: row?.by_key ?? row?.repeat ?? undefined,
  byKey: Boolean(row?.by_key),
  duplicateOf: row?.duplicate_of ?? undefined,
});

interface Corkable {
  cork(): void;
  uncork(): void;
}

/**
 * Runs a lead's statement: one call on PGlite (and for spam); on PostgreSQL with lock keys, three
 * statements in one write.
 */
export async function writeLead(db: Database, rows: IntakeRows): Promise<IntakeOutcome> {
  statement ??= buildStatement(rows.lead);
  const values = valuesOf(statement, rows);
  const client = (db as unknown as { $client: pg.Pool | PGlite }).$client;
  if (!("connect" in client)) return outcomeOf((await runOnPglite(client, statement.text, values)).rows[0]);
  const query = { name: "store_facility_lead", text: statement.text, values };
  if (!rows.lockKeys?.length) return outcomeOf((await client.query<OutcomeRow>(query)).rows[0]);
  const connection = await client.connect();
  const locks = rows.lockKeys.map((key) => `pg_advisory_xact_lock(${lockLiteral(key)})`).join(", ");
  // The three sent at once (node-postgres's pipelining): one wait on the database, not three. The
  // server runs them in order; a failed statement leaves the transaction aborted, and its COMMIT
  // then rolls back: nothing of the lead is stored, and the caller gets the statement's error.
  // Pipelined queries are written as they are queued: corked, the three leave in one write. The
  // statement's one plan is kept (a generic plan; left to choose, PostgreSQL plans it again for
  // every lead, which cost more than running it).
  const pipelined = connection as unknown as { pipeline: boolean; connection: { stream: Corkable } };
  pipelined.pipeline = true;
  const stream = pipelined.connection.stream;
  stream.cork();
  let sent;
  try {
    sent = [
      connection.query(`begin; set local plan_cache_mode = force_generic_plan; select ${locks}`),
      connection.query<OutcomeRow>(query),
      connection.query<never>("commit"),
    ] as const;
  } finally {
    stream.uncork(); // never left corked: the connection would wait for ever
  }
  const [begun, stored, committed] = await Promise.allSettled(sent);
  pipelined.pipeline = false;
  const failed = [begun, stored, committed].find((outcome) => outcome.status === "rejected");
  if (
    failed ||
    stored.status !== "fulfilled" ||
    committed.status !== "fulfilled" ||
    committed.value.command !== "COMMIT"
  ) {
    // A connection whose transaction may still be open is closed, not reused.
    const error: unknown = failed?.reason ?? new Error("The lead's transaction did not commit.");
    connection.release(error instanceof Error ? error : true);
    throw error;
  }
  connection.release();
  return outcomeOf(stored.value.rows[0]);
}
