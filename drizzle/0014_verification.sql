CREATE TABLE "lead_verifications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decision" text NOT NULL,
	"reasons" jsonb NOT NULL,
	"evidence" jsonb NOT NULL,
	"npi" text,
	"ccn" text,
	"email_domain" text NOT NULL,
	"client_ip" text
);
--> statement-breakpoint
CREATE TABLE "registry_cache" (
	"key" text PRIMARY KEY NOT NULL,
	"records" jsonb NOT NULL,
	"fetched_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_verifications" ADD CONSTRAINT "lead_verifications_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_verifications_lead_idx" ON "lead_verifications" USING btree ("lead_id","checked_at");--> statement-breakpoint
CREATE INDEX "lead_verifications_npi_idx" ON "lead_verifications" USING btree ("npi");--> statement-breakpoint
CREATE INDEX "lead_verifications_ccn_idx" ON "lead_verifications" USING btree ("ccn");--> statement-breakpoint
CREATE INDEX "lead_verifications_domain_idx" ON "lead_verifications" USING btree ("email_domain","checked_at");--> statement-breakpoint
CREATE INDEX "lead_verifications_decision_idx" ON "lead_verifications" USING btree ("decision","checked_at");--> statement-breakpoint
CREATE INDEX "registry_cache_expires_idx" ON "registry_cache" USING btree ("expires_at");