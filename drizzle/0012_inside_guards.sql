ALTER TABLE "security_events" ADD COLUMN "window_key" text;--> statement-breakpoint
ALTER TABLE "security_events" ADD COLUMN "repeats" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_accounts" ADD COLUMN "second_factor_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_devices" ADD COLUMN "last_used_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "started_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD COLUMN "code_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "security_events_window_idx" ON "security_events" USING btree ("window_key");--> statement-breakpoint
CREATE INDEX "staff_devices_last_used_idx" ON "staff_devices" USING btree ("last_used_at");