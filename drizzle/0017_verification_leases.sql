CREATE TABLE "verification_leases" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"owner" text NOT NULL,
	"until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "verification_leases" ADD CONSTRAINT "verification_leases_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE cascade ON UPDATE no action;