CREATE TABLE "form_step_counts" (
	"day" date NOT NULL,
	"form" text NOT NULL,
	"source" text NOT NULL,
	"step" text NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "form_step_counts_day_form_source_step_pk" PRIMARY KEY("day","form","source","step")
);
--> statement-breakpoint
CREATE TABLE "funnel_day_counts" (
	"dimension" text NOT NULL,
	"day" date NOT NULL,
	"key" text NOT NULL,
	"step" text NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "funnel_day_counts_dimension_day_key_step_shard_pk" PRIMARY KEY("dimension","day","key","step","shard")
);
--> statement-breakpoint
CREATE TABLE "funnel_step_hours" (
	"day" date NOT NULL,
	"step" text NOT NULL,
	"hours" double precision NOT NULL,
	"shard" smallint DEFAULT 0 NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "funnel_step_hours_step_day_hours_shard_pk" PRIMARY KEY("step","day","hours","shard")
);
--> statement-breakpoint
-- Written by hand (issue 39): the funnel report's counts follow every lead stored and every step taken.
-- The steps a transition counts: each one it passes (cumulative: "new" to "role_verified" counts qualified too),
-- "rejected" on its own, and "role_verified_auto" for the automatic verification's method.
CREATE OR REPLACE FUNCTION funnel_steps(from_status text, to_status text, details jsonb) RETURNS text[] LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN to_status = 'rejected' THEN ARRAY['rejected'] ELSE
    coalesce((SELECT array_agg(s.step ORDER BY s.rank) FROM (VALUES ('qualified', 1), ('role_verified', 2), ('gift_card_sent', 3), ('first_shift_filled', 4), ('bonus_sent', 5)) AS s(step, rank)
      WHERE s.rank > coalesce((SELECT f.rank FROM (VALUES ('qualified', 1), ('role_verified', 2), ('gift_card_sent', 3), ('first_shift_filled', 4), ('bonus_sent', 5)) AS f(step, rank) WHERE f.step = from_status), 0)
        AND s.rank <= coalesce((SELECT f.rank FROM (VALUES ('qualified', 1), ('role_verified', 2), ('gift_card_sent', 3), ('first_shift_filled', 4), ('bonus_sent', 5)) AS f(step, rank) WHERE f.step = to_status), 0)), '{}')
    || CASE WHEN to_status = 'role_verified' AND details->>'method' = 'registry_and_work_email' THEN ARRAY['role_verified_auto'] ELSE '{}'::text[] END
  END
$$;--> statement-breakpoint
-- A duration in hours, to the minute under an hour, the quarter hour under two days, else the hour.
CREATE OR REPLACE FUNCTION funnel_hours(took interval) RETURNS double precision LANGUAGE sql IMMUTABLE AS $$
  SELECT CASE WHEN h < 1 THEN round(h * 60) / 60 WHEN h < 48 THEN round(h * 4) / 4 ELSE round(h) END
  FROM (SELECT greatest(0, extract(epoch FROM took)::double precision / 3600) AS h) AS d
$$;--> statement-breakpoint
-- One more lead counted at these steps, under each dimension, on the UTC day it was created (spam never),
-- and how long it took to reach the timed ones.
CREATE OR REPLACE FUNCTION funnel_count(counted uuid, steps text[], taken_at timestamptz) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
  lead record;
  picked smallint := floor(random() * 8)::smallint; -- one of 8 rows per count: concurrent leads do not wait on one row
BEGIN
  SELECT received_at, traffic_source, form, location, is_spam, coalesce(nullif(utm->>'utm_campaign', ''), '(none)') AS campaign
    INTO lead FROM facility_leads WHERE id = counted;
  IF NOT FOUND OR lead.is_spam OR cardinality(steps) = 0 THEN RETURN; END IF;
  INSERT INTO funnel_day_counts (dimension, day, key, step, shard, count)
    SELECT d.dimension, (lead.received_at AT TIME ZONE 'UTC')::date, d.key, s.step, picked, 1
    FROM (VALUES ('source', lead.traffic_source), ('campaign', lead.campaign), ('form', lead.form), ('state', lead.location)) AS d(dimension, key)
    CROSS JOIN unnest(steps) AS s(step)
    ON CONFLICT (dimension, day, key, step, shard) DO UPDATE SET count = funnel_day_counts.count + 1;
  INSERT INTO funnel_step_hours (day, step, hours, shard, count)
    SELECT (lead.received_at AT TIME ZONE 'UTC')::date, s.step, funnel_hours(taken_at - lead.received_at), picked, 1
    FROM unnest(steps) AS s(step) WHERE s.step IN ('qualified', 'role_verified', 'gift_card_sent')
    ON CONFLICT (step, day, hours, shard) DO UPDATE SET count = funnel_step_hours.count + 1;
END;
$$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION funnel_follow_lead() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NOT NEW.is_spam THEN
    PERFORM funnel_count(NEW.id, ARRAY['leads'], NEW.received_at);
  END IF;
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS funnel_follow_lead ON "facility_leads";--> statement-breakpoint
CREATE TRIGGER funnel_follow_lead AFTER INSERT ON "facility_leads" FOR EACH ROW EXECUTE FUNCTION funnel_follow_lead();--> statement-breakpoint
CREATE OR REPLACE FUNCTION funnel_follow_transition() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM funnel_count(NEW.lead_id, funnel_steps(NEW.from_status, NEW.to_status, NEW.details), NEW.at);
  RETURN NULL;
END;
$$;--> statement-breakpoint
DROP TRIGGER IF EXISTS funnel_follow_transition ON "lead_transitions";--> statement-breakpoint
CREATE TRIGGER funnel_follow_transition AFTER INSERT ON "lead_transitions" FOR EACH ROW EXECUTE FUNCTION funnel_follow_transition();--> statement-breakpoint
-- The leads and steps already stored.
INSERT INTO funnel_day_counts (dimension, day, key, step, count)
  SELECT d.dimension, (l.received_at AT TIME ZONE 'UTC')::date, d.key, s.step, count(*)
  FROM (
    SELECT l.id, ARRAY['leads'] AS steps FROM facility_leads l WHERE NOT l.is_spam
    UNION ALL
    SELECT t.lead_id, funnel_steps(t.from_status, t.to_status, t.details) FROM lead_transitions t
  ) AS counted
  JOIN facility_leads l ON l.id = counted.id AND NOT l.is_spam
  CROSS JOIN unnest(counted.steps) AS s(step)
  CROSS JOIN LATERAL (VALUES ('source', l.traffic_source), ('campaign', coalesce(nullif(l.utm->>'utm_campaign', ''), '(none)')), ('form', l.form), ('state', l.location)) AS d(dimension, key)
  GROUP BY 1, 2, 3, 4;--> statement-breakpoint
INSERT INTO funnel_step_hours (day, step, hours, count)
  SELECT (l.received_at AT TIME ZONE 'UTC')::date, s.step, funnel_hours(t.at - l.received_at), count(*)
  FROM lead_transitions t
  JOIN facility_leads l ON l.id = t.lead_id AND NOT l.is_spam
  CROSS JOIN unnest(funnel_steps(t.from_status, t.to_status, t.details)) AS s(step)
  WHERE s.step IN ('qualified', 'role_verified', 'gift_card_sent')
  GROUP BY 1, 2, 3;
