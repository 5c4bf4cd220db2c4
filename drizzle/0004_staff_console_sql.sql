-- Staff console (issue 15): what drizzle-kit cannot generate.
-- Search: prefix matches on normalised columns (text_pattern_ops serves LIKE 'term%' under any collation).
CREATE INDEX IF NOT EXISTS "facility_leads_email_search_idx" ON "facility_leads" (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_phone_search_idx" ON "facility_leads" (regexp_replace("phone", '\D', '', 'g') text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_name_search_idx" ON "facility_leads" (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_last_name_search_idx" ON "facility_leads" (lower("last_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "facility_leads_facility_search_idx" ON "facility_leads" (lower("facility_name") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nurse_applications_email_search_idx" ON "nurse_applications" (lower("email") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "nurse_applications_name_search_idx" ON "nurse_applications" (lower("first_name" || ' ' || "last_name") text_pattern_ops);--> statement-breakpoint
-- The pipeline's history is append-only: no UPDATE, no DELETE (TRUNCATE, for test resets, stays).
CREATE OR REPLACE FUNCTION lead_transitions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lead_transitions is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_transitions_append_only ON "lead_transitions";--> statement-breakpoint
CREATE TRIGGER lead_transitions_append_only BEFORE UPDATE OR DELETE ON "lead_transitions"
  FOR EACH ROW EXECUTE FUNCTION lead_transitions_append_only();--> statement-breakpoint
-- The counts per pipeline status follow every insert, status change, spam mark and delete.
CREATE OR REPLACE FUNCTION lead_status_counts_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  picked integer := floor(random() * 8)::integer;
BEGIN
  IF TG_OP IN ('UPDATE', 'DELETE') AND NOT OLD.is_spam THEN
    INSERT INTO lead_status_counts (status, shard, count) VALUES (OLD.pipeline_status, picked, -1)
      ON CONFLICT (status, shard) DO UPDATE SET count = lead_status_counts.count - 1;
  END IF;
  IF TG_OP IN ('INSERT', 'UPDATE') AND NOT NEW.is_spam THEN
    INSERT INTO lead_status_counts (status, shard, count) VALUES (NEW.pipeline_status, picked, 1)
      ON CONFLICT (status, shard) DO UPDATE SET count = lead_status_counts.count + 1;
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_status_counts_follow ON "facility_leads";--> statement-breakpoint
CREATE TRIGGER lead_status_counts_follow AFTER INSERT OR DELETE OR UPDATE OF pipeline_status, is_spam ON "facility_leads"
  FOR EACH ROW EXECUTE FUNCTION lead_status_counts_follow();--> statement-breakpoint
DELETE FROM lead_status_counts;--> statement-breakpoint
INSERT INTO lead_status_counts (status, shard, count)
  SELECT pipeline_status, 0, count(*) FROM facility_leads WHERE NOT is_spam GROUP BY pipeline_status;
