CREATE TABLE "reward_approvals" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"step" text NOT NULL,
	"action" text NOT NULL,
	"reward_id" uuid,
	"reason" text NOT NULL,
	"recipient_email" text NOT NULL,
	"previous_recipient_email" text,
	"note" text DEFAULT '' NOT NULL,
	"requested_by_id" uuid NOT NULL,
	"requested_by" text NOT NULL,
	"conflicted_actor" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"decision_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "window_key" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_devices" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "reward_approvals" ADD CONSTRAINT "reward_approvals_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_approvals" ADD CONSTRAINT "reward_approvals_reward_id_rewards_id_fk" FOREIGN KEY ("reward_id") REFERENCES "public"."rewards"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "reward_approvals_pending_idx" ON "reward_approvals" USING btree ("lead_id","step") WHERE "reward_approvals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "reward_approvals_status_idx" ON "reward_approvals" USING btree ("status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "security_events_window_idx" ON "security_events" USING btree ("window_key");--> statement-breakpoint
CREATE INDEX "staff_devices_last_used_idx" ON "staff_devices" USING btree ("last_used_at");