import { and, asc, desc, not, or, sql, type SQL } from "drizzle-orm";
import type { Database } from "./database";
import { facilityLeads } from "./schema";

/**
 * The console's search of leads (issue 41): a word or part of one anywhere in the e-mail, the
 * name, the facility's name or the phone's digits. The matches come in three rank groups
 * ("tiers"): 0 the whole of a field, 1 the start of one, 2 anywhere else; newest first within
 * each. Tiers 0 and 1 read each field's prefix index (text_pattern_ops, migration 0004); tier 2
 * reads ONE trigram index on the searched text, the fields one a line (pg_trgm, migration 0024),
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
 * Some field matches the term in this shape (LIKE). Anywhere: in the one searched text, which its
 * trigram index serves; or, `walking` (the first read of a tier, along the list's order), field by
 * field, which no trigram index serves, so the plan cannot read every match of a common term.
 */
function matches(q: string, shape: Shape, walking = false): SQL {
  const { text, digits } = termsOf(q);
  const expressions =
    shape !== anywhere ? TEXT_EXPRESSIONS : walking ? TEXT_EXPRESSIONS.filter((_, i) => i !== 2) : [SEARCH_TEXT];
  const conditions = expressions.map((expression) => sql`${expression} like ${shape(escapeLike(text))}`);
  const phone = shape === anywhere && walking ? sql`(${PHONE_DIGITS} || '')` : PHONE_DIGITS;
  if (digits) conditions.push(sql`${phone} like ${shape(digits)}`);
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
export function searchTierCondition(q: string, tier: SearchTier, walking = false): SQL {
  if (tier === 0) return matches(q, whole);
  if (tier === 1) return and(matches(q, start), not(matches(q, whole)))!;
  if (!searchesAnywhere(q)) return sql`false`;
  return and(matches(q, anywhere, walking), not(matches(q, start)))!;
}

/** How many of the listed leads, newest first, a tier looks among before it reads all its matches. */
const RECENT_LEADS = 2000;

export interface SearchPhase {
  /** Read from these leads instead of the table (the newest of the list), under the table's name. */
  source?: typeof facilityLeads | undefined;
  where?: SQL | undefined;
  /** The rows are all read and sorted (no walk along the list's order: the matches are few). */
  sortAll: boolean;
}

/**
 * The two reads of a tier (issue 41), so neither can walk the whole table: first the newest
 * RECENT_LEADS leads of the list (`list`: its filters and page cursor, no search), filtered by
 * the term (at most that many rows read, along the list's index); then, only when the page is not
 * full, the older ones, every match found by the search's indexes and sorted. A plan that walks
 * the list's order until it has a page is fast for a common term and reads every lead for a rare
 * one (or one whose leads are all old); a plan that reads every match is fast for a rare term and
 * slow for a common one: a common term fills the page in the first read, a rare one has few
 * matches to sort in the second. Oldest first (the Due view) the same from the other end.
 */
export function searchPhases(db: Database, list: SQL, oldestFirst: boolean): SearchPhase[] {
  const order = oldestFirst ? asc : desc;
  // The first read: those leads, named as the table so the list's columns and conditions apply.
  const source = db
    .select()
    .from(facilityLeads)
    .where(list)
    .orderBy(order(facilityLeads.receivedAt), order(facilityLeads.id))
    .limit(RECENT_LEADS)
    .as("facility_leads") as unknown as typeof facilityLeads;
  // The rest: older than the last of them (none when the list has fewer).
  const edge = sql`(select ${facilityLeads.receivedAt} from ${facilityLeads} where ${list} order by ${facilityLeads.receivedAt} ${sql.raw(oldestFirst ? "asc" : "desc")}, ${facilityLeads.id} ${sql.raw(oldestFirst ? "asc" : "desc")} offset ${sql.raw(String(RECENT_LEADS - 1))} limit 1)`;
  const rest = oldestFirst ? sql`${facilityLeads.receivedAt} > ${edge}` : sql`${facilityLeads.receivedAt} < ${edge}`;
  return [
    { source, sortAll: false },
    { where: rest, sortAll: true },
  ];
}
