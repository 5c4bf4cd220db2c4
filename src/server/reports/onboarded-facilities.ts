import { sql } from "drizzle-orm";
import { facilityKey, quarterBounds } from "../../domain/onboarding-spots";
import { regionOfState, type RegionMap } from "../../domain/onboarding-regions";
import type { Database } from "../store/database";

/**
 * Facilities onboarded per region this quarter (issue 39): a facility is onboarded in the quarter
 * of its first filled shift (the pipeline's "first_shift_filled" step, from the append-only
 * history), counted once by the registry NPI or CCN its verification matched, else its name and
 * state. Few leads get that far, so every such step is read and the rule applied here.
 */
export async function onboardedByRegion(db: Database, map: RegionMap, now: Date): Promise<Map<string, number>> {
  const { start, end } = quarterBounds(now);
  const result = await db.execute(sql`
    select l.id, l.facility_name as "facilityName", l.location as state, l.erased_at is not null as erased,
      min(t.at) as "filledAt", v.npi, v.ccn
    from lead_transitions t
    join facility_leads l on l.id = t.lead_id
    left join lateral (
      select lv.npi, lv.ccn from lead_verifications lv
      where lv.lead_id = l.id and lv.decision = 'verified' and (lv.npi is not null or lv.ccn is not null)
      order by lv.checked_at desc limit 1
    ) v on true
    where t.to_status = 'first_shift_filled' and t.at < ${end.toISOString()}::timestamptz
    group by l.id, v.npi, v.ccn`);
  type Filled = {
    id: string;
    facilityName: string;
    state: string;
    erased: boolean;
    filledAt: string | Date;
    npi: string | null;
    ccn: string | null;
  };
  const firstFilled = new Map<string, { at: number; state: string }>();
  for (const row of (result as unknown as { rows: Filled[] }).rows) {
    const key = facilityKey(row);
    const at = new Date(row.filledAt).getTime();
    const known = firstFilled.get(key);
    if (!known || at < known.at) firstFilled.set(key, { at, state: row.state });
  }
  const counts = new Map<string, number>();
  for (const { at, state } of firstFilled.values()) {
    if (at < start.getTime()) continue;
    const region = regionOfState(map, state);
    if (region) counts.set(region, (counts.get(region) ?? 0) + 1);
  }
  return counts;
}
