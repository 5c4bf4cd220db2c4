-- The security log (issue 20) is append-only: no UPDATE, no DELETE.
CREATE OR REPLACE FUNCTION security_events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'security_events is append-only: % refused', TG_OP;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS security_events_append_only ON "security_events";--> statement-breakpoint
CREATE TRIGGER security_events_append_only BEFORE UPDATE OR DELETE ON "security_events"
  FOR EACH ROW EXECUTE FUNCTION security_events_append_only();
--> statement-breakpoint
DROP TRIGGER IF EXISTS security_events_no_truncate ON "security_events";--> statement-breakpoint
CREATE TRIGGER security_events_no_truncate BEFORE TRUNCATE ON "security_events"
  FOR EACH STATEMENT EXECUTE FUNCTION security_events_append_only();
