import { sql } from "drizzle-orm";
import { countsTowardSpots, facilityKey, quarterBounds } from "../../domain/onboarding-spots";
import { regionOfState, type RegionMap } from "../../domain/onboarding-regions";
import type { Database } from "../store/database";

/**
 * Facilities onboarded per region this quarter (decision 0039): a facility is onboarded in the quarter
 * of its first filled shift (the pipeline's "first_shift_filled" step, from the append-only
 * history), counted once by the registry NPI or CCN its verification matched. Only shifts the
 * claim can rest on count (decision 0043, countsTowardSpots): a registry match, and recorded by an
 * admin or with a card really ordered. Few leads get that far, so every such step is read and
 * the rule applied here.
 */
export async function onboardedByRegion(db: Database, map: RegionMap, now: Date): Promise<Map<string, number>> {
  const { start, end } = quarterBounds(now);
  const result = await db.execute(sql`
    select l.id, l.facility_name as "facilityName", l.location as state, l.erased_at is not null as erased,
      min(t.at) as "filledAt", coalesce(bool_or(s.role = 'admin'), false) as "recordedByAdmin",
      v.npi, v.ccn, r.status as "cardStatus", r.fraud_status as "cardFraudStatus"
    from lead_transitions t
    join facility_leads l on l.id = t.lead_id
    left join staff_accounts s on 'staff:' || s.email = t.actor
    left join lateral (
      select lv.npi, lv.ccn from lead_verifications lv
      where lv.lead_id = l.id
      order by lv.checked_at desc limit 1
    ) v on true
    left join rewards r on r.lead_id = l.id and r.step = 'gift_card_sent'
    where t.to_status = 'first_shift_filled' and t.at < ${end.toISOString()}::timestamptz
    group by l.id, v.npi, v.ccn, r.status, r.fraud_status`);
  type Filled = {
    id: string;
    facilityName: string;
    state: string;
    erased: boolean;
    filledAt: string | Date;
    recordedByAdmin: boolean;
    npi: string | null;
    ccn: string | null;
    cardStatus: string | null;
    cardFraudStatus: string | null;
  };
  const firstFilled = new Map<string, { at: number; state: string }>();
  for (const row of (result as unknown as { rows: Filled[] }).rows) {
    const cardOrder = row.cardStatus ? { status: row.cardStatus, fraudStatus: row.cardFraudStatus } : null;
    if (!countsTowardSpots({ ...row, cardOrder })) continue;
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
