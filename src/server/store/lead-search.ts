import { and, not, or, sql, type SQL } from "drizzle-orm";
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

/** Some field matches the term in this shape (LIKE; anywhere: in the one searched text). */
function matches(q: string, shape: Shape): SQL {
  const { text, digits } = termsOf(q);
  const expressions = shape === anywhere ? [SEARCH_TEXT] : TEXT_EXPRESSIONS;
  const conditions = expressions.map((expression) => sql`${expression} like ${shape(escapeLike(text))}`);
  if (digits) conditions.push(sql`${PHONE_DIGITS} like ${shape(digits)}`);
  return or(...conditions)!;
}

/**
 * Whether a term is looked for anywhere: three characters or more, a letter or digit among them.
 * A shorter one has no trigram to look up (the index could not narrow it: every lead would be
 * read) and inside a word would match nearly every lead ("ng", "a"): it finds the whole or the
 * start of a field (a last name "Ng", "Nguyen"), from the prefix indexes.
 */
const searchesAnywhere = (q: string): boolean => {
  const text = q.trim();
  return [...text].length >= 3 && /[\p{L}\p{N}]/u.test(text);
};

/** Every match of a search, whatever its tier (the export's and the digest's WHERE). */
export const searchCondition = (q: string): SQL => matches(q, searchesAnywhere(q) ? anywhere : start);

/** The matches of one tier: each tier leaves out those of the tiers before it. */
export function searchTierCondition(q: string, tier: SearchTier): SQL {
  if (tier === 0) return matches(q, whole);
  if (tier === 1) return and(matches(q, start), not(matches(q, whole)))!;
  if (!searchesAnywhere(q)) return sql`false`;
  return and(matches(q, anywhere), not(matches(q, start)))!;
}
