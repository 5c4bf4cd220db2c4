-- The console's search finds a word or part of one anywhere (issue 41): trigram GIN indexes
-- serve LIKE '%term%' on the same normalised expressions as the prefix indexes of 0004 (which
-- still serve the exact and prefix matches ranked first).
-- pg_trgm is a trusted extension: the role that runs the migrations needs CREATE on the database (its owner has it).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_email_trgm_idx" ON "facility_leads" USING gin (lower("email") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_name_trgm_idx" ON "facility_leads" USING gin (lower("first_name" || ' ' || "last_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_facility_trgm_idx" ON "facility_leads" USING gin (lower("facility_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_phone_trgm_idx" ON "facility_leads" USING gin (regexp_replace("phone", '\D', '', 'g') gin_trgm_ops);
