ALTER TABLE "rewards" ADD COLUMN "fraud_status" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "fraud_reasons" jsonb;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "fraud_flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "fraud_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "rewards" ADD COLUMN "fraud_reviewed_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "rewards_fraud_flagged_idx" ON "rewards" USING btree ("lead_id") WHERE "rewards"."fraud_status" = 'flagged';