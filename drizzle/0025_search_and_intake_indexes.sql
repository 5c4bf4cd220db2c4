-- Written by hand (issue 41).
-- The console's search, a word anywhere: ONE trigram index on the searched text (e-mail, name,
-- facility, each on a line of its own so a term does not match across two fields) instead of
-- one per field: a search reads one index instead of an OR of three, and a lead stored updates
-- one trigram index instead of three. The phone's digits keep theirs (0021).
DROP INDEX IF EXISTS "facility_leads_email_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "facility_leads_name_trgm_idx";--> statement-breakpoint
DROP INDEX IF EXISTS "facility_leads_facility_trgm_idx";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_search_trgm_idx" ON "facility_leads" USING gin (lower("email" || E'\n' || "first_name" || ' ' || "last_name" || E'\n' || "facility_name") gin_trgm_ops);--> statement-breakpoint
-- The per-address mail allowance (issue 37), read inside every lead's statement: the e-mails to
-- one address in the last 24 hours, found by an index instead of reading every delivery.
CREATE INDEX IF NOT EXISTS "deliveries_mail_recipient_idx" ON "deliveries" (lower(("payload")::jsonb ->> 'to'), "created_at") WHERE "destination" IN ('mail:lead_confirmation', 'mail:work_email_code');
