-- Issue 33: a person's data on request. What drizzle-kit cannot generate.
-- The pipeline's history stays append-only, with one allowed change: what names a person erased
-- with them ('[erased]'): the staff's note, and a card's recipient in the step's details; every
-- other column, and every other detail (reference, amount, method), as it was. No trigger is
-- lifted to erase.
CREATE OR REPLACE FUNCTION lead_transitions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    IF (NEW.note = OLD.note OR NEW.note = '[erased]')
      AND (NEW.details - 'recipient') IS NOT DISTINCT FROM (OLD.details - 'recipient')
      AND (NEW.details->>'recipient' IS NOT DISTINCT FROM OLD.details->>'recipient' OR NEW.details->>'recipient' = '[erased]')
      AND (NEW.id, NEW.lead_id, NEW.at, NEW.actor, NEW.from_status, NEW.to_status)
        IS NOT DISTINCT FROM (OLD.id, OLD.lead_id, OLD.at, OLD.actor, OLD.from_status, OLD.to_status) THEN
      RETURN NEW;
    END IF;
  END IF;
  RAISE EXCEPTION 'lead_transitions is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
-- The request log is append-only too; a row may go only after the 24 months the law keeps it.
CREATE OR REPLACE FUNCTION privacy_requests_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.at < now() - interval '24 months' THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'privacy_requests is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS privacy_requests_append_only ON "privacy_requests";--> statement-breakpoint
CREATE TRIGGER privacy_requests_append_only BEFORE UPDATE OR DELETE ON "privacy_requests"
  FOR EACH ROW EXECUTE FUNCTION privacy_requests_append_only();--> statement-breakpoint
DROP TRIGGER IF EXISTS privacy_requests_no_truncate ON "privacy_requests";--> statement-breakpoint
CREATE TRIGGER privacy_requests_no_truncate BEFORE TRUNCATE ON "privacy_requests"
  FOR EACH STATEMENT EXECUTE FUNCTION privacy_requests_append_only();
