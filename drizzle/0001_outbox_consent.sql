ALTER TABLE "deliveries" ALTER COLUMN "payload" SET DATA TYPE text USING "payload"::text;--> statement-breakpoint
ALTER TABLE "deliveries" ADD COLUMN "retry_until" timestamp with time zone DEFAULT now() + interval '3 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "page_url" text;