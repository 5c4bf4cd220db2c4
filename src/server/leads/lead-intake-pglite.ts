import type { PGlite } from "@electric-sql/pglite";

/** What a lead's statement answers: the earlier lead it repeats, by key or by fields, and the one it duplicates. */
export interface OutcomeRow {
  by_key: string | null;
  repeat: string | null;
  duplicate_of: string | null;
}

/** The PGlite databases whose session holds the lead's function (a temporary one lives as long as the session). */
const preparedOn = new WeakMap<PGlite, Promise<unknown>>();

/**
 * PGlite's client has no named statements: the statement goes into a temporary PL/pgSQL function
 * of its one session, created once, so it is parsed once and its plan kept, not parsed per lead.
 * The lead's values reach it as one text[] parameter, never as SQL text.
 */
export async function runOnPglite(
  client: PGlite,
  text: string,
  values: (string | null)[],
  again = true,
): Promise<{ rows: OutcomeRow[] }> {
  let prepared = preparedOn.get(client);
  if (!prepared) {
    const body = text.replace(/\$(\d+)/g, "v[$1]");
    prepared = client.exec(
      `create or replace function pg_temp.store_facility_lead(v text[]) returns table (by_key uuid, repeat uuid, duplicate_of uuid)
       language plpgsql as $body$ #variable_conflict use_column
       begin return query ${body}; end $body$`,
    );
    preparedOn.set(client, prepared);
    prepared.catch(() => preparedOn.delete(client)); // the next lead tries again
  }
  await prepared;
  try {
    return await client.query<OutcomeRow>("select * from pg_temp.store_facility_lead($1::text[])", [values]);
  } catch (error) {
    // The session lost its temporary objects (DISCARD TEMP): the function is made again, once.
    if ((error as { code?: string }).code !== "42883" || !again) throw error;
    preparedOn.delete(client);
    return runOnPglite(client, text, values, false);
  }
}
