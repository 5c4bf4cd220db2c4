-- The application's PostgreSQL role: everything it needs, and no way to alter the incentive
-- pipeline's history (lead_transitions: INSERT and SELECT only) or the schema (no DDL, so no
-- dropping the triggers and unique indexes that guard the money). Run as the owner of the
-- tables (the role that runs `npm run db:migrate`), after the first migration and again after
-- any migration that adds a table. Replace staffing_app with your role's name; create it first:
--   CREATE ROLE staffing_app LOGIN PASSWORD '...';
-- then start the server with DATABASE_URL as staffing_app and MIGRATE_AT_START=false.
GRANT USAGE ON SCHEMA public TO staffing_app;
GRANT USAGE ON SCHEMA drizzle TO staffing_app;
GRANT SELECT ON drizzle.__drizzle_migrations TO staffing_app;
GRANT SELECT, INSERT, UPDATE, DELETE ON ALL TABLES IN SCHEMA public TO staffing_app;
REVOKE UPDATE, DELETE, TRUNCATE ON lead_transitions FROM staffing_app;
-- Issue 33: the one change the history allows (a note and a card's recipient erased with their
-- person; its trigger checks that nothing else moves), and the request log's own guard (DELETE
-- only past 24 months, by trigger).
GRANT UPDATE (note, details) ON lead_transitions TO staffing_app;
REVOKE UPDATE, TRUNCATE ON privacy_requests FROM staffing_app;
