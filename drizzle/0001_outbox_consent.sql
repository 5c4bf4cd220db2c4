DROP INDEX "facility_leads_dedupe_idx";--> statement-breakpoint
DROP INDEX "nurse_applications_dedupe_idx";--> statement-breakpoint
ALTER TABLE "deliveries" ALTER COLUMN "payload" SET DATA TYPE text USING "payload"::text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "retry_until" timestamp with time zone DEFAULT now() + interval '3 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "page_url" text;--> statement-breakpoint
CREATE INDEX "facility_leads_dedupe_idx" ON "facility_leads" USING btree ("form",lower("email"),"phone","received_at");--> statement-breakpoint
CREATE INDEX "nurse_applications_dedupe_idx" ON "nurse_applications" USING btree (lower("email"),"phone","received_at");