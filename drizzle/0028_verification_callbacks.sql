CREATE TABLE "verification_callbacks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"attempt" integer NOT NULL,
	"phone" text NOT NULL,
	"facility_key" text NOT NULL,
	"placed_by" text NOT NULL,
	"status" text NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"provider_call_id" text,
	"placed_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	"ended_reason" text,
	"outcome" text,
	"answered_by" text,
	"transcript" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "lead_verifications" ADD COLUMN "facility_keys" text[];--> statement-breakpoint
ALTER TABLE "verification_callbacks" ADD CONSTRAINT "verification_callbacks_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "verification_callbacks_lead_attempt_key" ON "verification_callbacks" USING btree ("lead_id","attempt");--> statement-breakpoint
CREATE UNIQUE INDEX "verification_callbacks_call_key" ON "verification_callbacks" USING btree ("provider_call_id");--> statement-breakpoint
CREATE INDEX "verification_callbacks_due_idx" ON "verification_callbacks" USING btree ("status","due_at");--> statement-breakpoint
CREATE INDEX "verification_callbacks_facility_idx" ON "verification_callbacks" USING btree ("facility_key","created_at");