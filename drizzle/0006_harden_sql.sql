-- Issue 20: the pipeline's history refuses TRUNCATE too (UPDATE and DELETE are refused by
-- lead_transitions_append_only, 0004). A statement-level trigger: TRUNCATE fires no row trigger.
-- TRUNCATE facility_leads ... CASCADE reaches lead_transitions and is refused the same way.
CREATE OR REPLACE FUNCTION lead_transitions_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'lead_transitions is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS lead_transitions_no_truncate ON "lead_transitions";--> statement-breakpoint
CREATE TRIGGER lead_transitions_no_truncate BEFORE TRUNCATE ON "lead_transitions"
  FOR EACH STATEMENT EXECUTE FUNCTION lead_transitions_append_only();
