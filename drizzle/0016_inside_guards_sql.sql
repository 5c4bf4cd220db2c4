-- Issue 32: the security log stays append-only, with two narrow paths and nothing else.
--  1. UPDATE only raises `repeats` of a collapsed row (repeated throttled tries share one row):
--     every other column must stay as it was.
--  2. DELETE only of rows older than the cut-off a transaction names in
--     app.security_log_retention (set_config(..., true): that transaction only), and only when
--     the cut-off is at least 30 days old: the daily retention (SECURITY_LOG_RETENTION_DAYS).
-- TRUNCATE stays refused.
CREATE OR REPLACE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  cutoff timestamptz;
BEGIN
  IF TG_OP = 'UPDATE' AND NEW.repeats > OLD.repeats
     AND (NEW.id, NEW.at, NEW.kind, NEW.actor_email, NEW.subject_email, NEW.client_ip, NEW.row_count, NEW.detail, NEW.window_key)
         IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.kind, OLD.actor_email, OLD.subject_email, OLD.client_ip, OLD.row_count, OLD.detail, OLD.window_key) THEN
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' THEN
    BEGIN
      cutoff := nullif(current_setting('app.security_log_retention', true), '')::timestamptz;
    EXCEPTION WHEN others THEN
      cutoff := NULL;
    END;
    IF cutoff IS NOT NULL AND cutoff <= now() - interval '30 days' AND OLD.at < cutoff THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'security_events is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
-- Sessions open at the upgrade keep their real start (the absolute lifetime counts from it).
UPDATE "staff_sessions" SET "started_at" = "created_at";
