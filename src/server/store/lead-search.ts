import { and, asc, desc, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "./database";
import { facilityLeads } from "./schema";

/**
 * The console's search of leads: a word or part of one anywhere in the e-mail, the
 * name, the facility's name or the phone's digits. The matches come in three rank groups
 * ("tiers"): 0 the whole of a field, 1 the start of one, 2 anywhere else; newest first within
 * each. Tiers 0 and 1 read each field's prefix index (text_pattern_ops, migration 0004); tier 2
 * reads ONE trigram index on the searched text, the fields one a line (pg_trgm, migration 0025),
 * and the phone digits' own (0021).
 */

/** The rank groups, in the order they are listed. */
export const SEARCH_TIERS = [0, 1, 2] as const;
export type SearchTier = (typeof SEARCH_TIERS)[number];

/** LIKE's own characters in a search term match themselves. */
const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** The searched expressions, exactly as indexed. */
const TEXT_EXPRESSIONS: SQL[] = [
  sql`lower(${facilityLeads.email})`,
  sql`lower(${facilityLeads.firstName} || ' ' || ${facilityLeads.lastName})`,
  sql`lower(${facilityLeads.lastName})`,
  sql`lower(${facilityLeads.facilityName})`,
];
const PHONE_DIGITS = sql`regexp_replace(${facilityLeads.phone}, '\\D', '', 'g')`;
/** The e-mail, the name and the facility, a line each (no term typed in one box spans two), exactly as indexed. */
const SEARCH_TEXT = sql`lower(${facilityLeads.email} || E'\\n' || ${facilityLeads.firstName} || ' ' || ${facilityLeads.lastName} || E'\\n' || ${facilityLeads.facilityName})`;

/** The term lowercased, and the phone digits to look for when it is written like a phone ("(555) 010-", "0199"). */
function termsOf(q: string): { text: string; digits: string | undefined } {
  const text = q.trim().toLowerCase();
  const digits = text.replace(/\D/g, "");
  if (digits.length < 3 || !/^[\d\s()+.-]+$/.test(text)) return { text, digits: undefined };
  return { text, digits: digits.length === 11 && digits.startsWith("1") ? digits.slice(1) : digits };
}

type Shape = (escaped: string) => string;
const whole: Shape = (t) => t;
const start: Shape = (t) => `${t}%`;
const anywhere: Shape = (t) => `%${t}%`;

/**
 * The phone's digits without a regular expression, the same text: for the reads that test leads
 * one by one (where no index serves, and regexp_replace was most of a walk's cost).
 */
const PHONE_DIGITS_WALKING = sql`translate(${facilityLeads.phone}, translate(${facilityLeads.phone}, '0123456789', ''), '')`;

/**
 * Some field matches the term in this shape (LIKE; anywhere: in the one searched text). `walking`:
 * the leads are tested one by one (a walk along the list's order, lead-search's tierRows), with
 * the cheaper phone digits.
 */
function matches(q: string, shape: Shape, walking = false): SQL {
  const { text, digits } = termsOf(q);
  const expressions = shape === anywhere ? [SEARCH_TEXT] : TEXT_EXPRESSIONS;
  const conditions = expressions.map((expression) => sql`${expression} like ${shape(escapeLike(text))}`);
  if (digits) conditions.push(sql`${walking ? PHONE_DIGITS_WALKING : PHONE_DIGITS} like ${shape(digits)}`);
  return or(...conditions)!;
}

/**
 * Whether a term is looked for anywhere: it holds three letters or digits in a row, a trigram the
 * index can look up. Without one ("ng", "a", "o_d") the index could not narrow it (every lead, or
 * most, would be read), and inside words it would match nearly every lead: such a term finds the
 * whole or the start of a field (a last name "Ng", "Nguyen"), from the prefix indexes.
 */
const searchesAnywhere = (q: string): boolean => /[\p{L}\p{N}]{3}/u.test(q);

/** Every match of a search, whatever its tier (the export's and the digest's WHERE). */
export const searchCondition = (q: string): SQL => matches(q, searchesAnywhere(q) ? anywhere : start);

/** The matches of one tier: each tier leaves out those of the tiers before it (`walking`: see matches). */
function searchTierCondition(q: string, tier: SearchTier, walking = false): SQL {
  if (tier === 0) return matches(q, whole, walking);
  if (tier === 1) return and(matches(q, start, walking), not(matches(q, whole, walking)))!;
  if (!searchesAnywhere(q)) return sql`false`;
  return and(matches(q, anywhere, walking), not(matches(q, start, walking)))!;
}

/**
 * The reads of one rank group, newest first, so none walks the whole table. A plan
 * that walks the list's order until it has a page is fast for a common term and reads every lead
 * for a rare one (or one whose leads are all old); a plan that reads every match from the search's
 * indexes and sorts them is fast for a rare term and slow for a common one. The whole of a field
 * (tier 0) matches few leads: they are read at once. The start and the inside: first the newest
 * FIRST_WALK leads of the list (`list`: its filters and page cursor, no search) are read along its
 * index, the term tested field by field, stopping when the page is full; then, when at least
 * DENSE of them matched (the term is common: the page fills soon), as many more the same way as
 * would fill the rest of the page twice at the density seen (at most SECOND_WALK); then every
 * older match from the search's indexes, sorted (a rare term: few to sort).
 * Oldest first (the Due view) the same from the other end.
 */
const FIRST_WALK = 2000;
const DENSE = 10;
const SECOND_WALK = 40_000;

export interface SearchPhase {
  /** Read from these leads instead of the table (some of the list, in its order), under the table's name. */
  source?: typeof facilityLeads | undefined;
  /** Every match is read and sorted (no walk along the list's order: the matches are few). */
  sortAll: boolean;
}

export async function tierRows<Row>(
  db: Database,
  {
    q,
    tier,
    list,
    oldestFirst,
    limit,
  }: { q: string; tier: SearchTier; list: SQL; oldestFirst: boolean; limit: number },
  read: (where: SQL, limit: number, phase: SearchPhase) => Promise<Row[]>,
): Promise<Row[]> {
  const order = oldestFirst ? asc : desc;
  const window = (offset: number, count: number) =>
    db
      .select()
      .from(facilityLeads)
      .where(list)
      .orderBy(order(facilityLeads.receivedAt), order(facilityLeads.id))
      .offset(offset)
      .limit(count)
      .as("facility_leads") as unknown as typeof facilityLeads;
  // The whole of a field: few leads each, found from the prefix indexes at once.
  if (tier === 0) return read(and(searchTierCondition(q, tier), list)!, limit, { sortAll: true });
  const rows = await read(searchTierCondition(q, tier, true), limit, { source: window(0, FIRST_WALK), sortAll: false });
  let walked = FIRST_WALK;
  if (rows.length < limit && rows.length >= DENSE) {
    // A term a few in a thousand leads hold walks a few thousand more, not SECOND_WALK (each walked
    // lead is tested, ~2.5 µs); the index finds what is beyond.
    const second = Math.min(SECOND_WALK, Math.ceil((2 * (limit - rows.length) * FIRST_WALK) / rows.length));
    rows.push(
      ...(await read(searchTierCondition(q, tier, true), limit - rows.length, {
        source: window(walked, second),
        sortAll: false,
      })),
    );
    walked += second;
  }
  if (rows.length >= limit) return rows;
  // The rest: beyond the last lead walked (none when the list has no more).
  const direction = sql.raw(oldestFirst ? "asc" : "desc");
  const edge = sql`(select ${facilityLeads.receivedAt} from ${facilityLeads} where ${list} order by ${facilityLeads.receivedAt} ${direction}, ${facilityLeads.id} ${direction} offset ${sql.raw(String(walked - 1))} limit 1)`;
  const beyond = oldestFirst ? sql`${facilityLeads.receivedAt} > ${edge}` : sql`${facilityLeads.receivedAt} < ${edge}`;
  rows.push(...(await read(and(searchTierCondition(q, tier), list, beyond)!, limit - rows.length, { sortAll: true })));
  return rows;
}
