CREATE TABLE "reward_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"reward_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"status" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "reward_webhook_events" (
	"provider" text NOT NULL,
	"event_id" text NOT NULL,
	"event" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reward_webhook_events_provider_event_id_pk" PRIMARY KEY("provider","event_id")
);
--> statement-breakpoint
CREATE TABLE "rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"step" text NOT NULL,
	"external_id" text NOT NULL,
	"provider" text NOT NULL,
	"amount_usd" integer NOT NULL,
	"recipient_name" text NOT NULL,
	"recipient_email" text NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"status" text NOT NULL,
	"provider_order_id" text,
	"provider_reward_id" text,
	"last_error" text,
	"ordered_by" text NOT NULL,
	"requested_at" timestamp with time zone NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "reward_changes" ADD CONSTRAINT "reward_changes_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rewards" ADD CONSTRAINT "rewards_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reward_changes_lead_idx" ON "reward_changes" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_external_id_idx" ON "rewards" USING btree ("external_id");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_lead_step_idx" ON "rewards" USING btree ("lead_id","step");--> statement-breakpoint
CREATE UNIQUE INDEX "rewards_provider_reward_idx" ON "rewards" USING btree ("provider","provider_reward_id");--> statement-breakpoint
CREATE INDEX "rewards_requested_idx" ON "rewards" USING btree ("requested_at");--> statement-breakpoint
CREATE INDEX "rewards_status_idx" ON "rewards" USING btree ("status","requested_at");