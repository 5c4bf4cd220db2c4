import { openStore } from "../src/server/store/database";

/**
 * $1 leads, made by the database itself (no row crosses the wire) in one INSERT ... SELECT
 * generate_series (the staff bench fills 1,000,000, the intake bench a database that already holds
 * leads): names, facilities, states, forms and pipeline states spread like real ones.
 */
export const FILL_SQL = `
insert into facility_leads (id, form, received_at, facility_name, facility_type, location, roles_needed, urgency, shift_types,
  first_name, last_name, title, email, phone, consent_agreed, traffic_source, timestamp, source, consent_text, consent_version,
  pipeline_status, staff_acted_at, role_verified_at)
select
  gen_random_uuid(),
  (array['homepage_form','qualify_page','chat'])[1 + i % 3],
  received,
  (array['Sunrise','Lakeside','Mercy','Oak Grove','Riverbend','Cedar','Harbor','Maple','Summit','Valley'])[1 + (i / 7) % 10] || ' ' ||
    (array['Care Center','General Hospital','Nursing Home','Rehab','Senior Living','Health'])[1 + (i / 3) % 6] || ' ' || (i % 5000),
  (array['hospital','nursing_home','assisted_living','skilled_nursing','clinic'])[1 + i % 5],
  (array['Georgia','Texas','Ohio','Florida','California','New York','Illinois','Arizona'])[1 + (i / 11) % 8],
  '["CNA","RN"]'::jsonb,
  (array['immediate','this_week','next_week','ongoing'])[1 + i % 4],
  '["Day Shift"]'::jsonb,
  (array['Dana','Sam','Alex','Jordan','Taylor','Morgan','Casey','Riley','Jamie','Avery','Quinn','Reese'])[1 + i % 12],
  (array['Reyes','Ortiz','Smith','Nguyen','Patel','Johnson','Garcia','Kim','Brown','Lopez','Davis','Wilson','Clark','Lewis'])[1 + (i / 12) % 14] || (i % 997),
  'Director of Nursing',
  'lead' || i || '@facility' || (i % 40000) || '.example',
  '(' || (200 + i % 800) || ') ' || lpad(((i / 800) % 1000)::text, 3, '0') || '-' || lpad((i % 10000)::text, 4, '0'),
  true, 'google', received::text, 'landing_page', 'I agree to be contacted.', 'bench',
  status,
  case when status = 'new' then null else received + interval '2 hours' end,
  case when status in ('role_verified','gift_card_sent','first_shift_filled','bonus_sent') then received + interval '1 day' end
from (
  select i,
    date_trunc('milliseconds', now() - (i * interval '31 seconds')) as received,
    case when i % 100 < 78 then 'new' when i % 100 < 86 then 'qualified' when i % 100 < 91 then 'role_verified'
         when i % 100 < 94 then 'gift_card_sent' when i % 100 < 96 then 'first_shift_filled' when i % 100 < 97 then 'bonus_sent'
         else 'rejected' end as status
  from generate_series(1, $1::int) as i
) as s`;

/** A migrated database holding `count` leads made by the database (the triggers that count them off meanwhile), analysed. */
export async function seedLeads(databaseUrl: string | undefined, dataDir: string, count: number): Promise<void> {
  const store = await openStore({ databaseUrl, dataDir }); // migrations
  try {
    const client = (store.db as unknown as { $client: { query(text: string, values?: unknown[]): Promise<unknown> } })
      .$client;
    await client.query("alter table facility_leads disable trigger user");
    await client.query(FILL_SQL, [count]);
    await client.query("alter table facility_leads enable trigger user");
    await client.query("analyze");
  } finally {
    await store.close();
  }
}
