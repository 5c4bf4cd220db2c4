ALTER TABLE "chat_qualifications" ADD COLUMN "gift_card_emails" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "submission_hash" text;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "duplicate_of" uuid;--> statement-breakpoint
ALTER TABLE "nurse_applications" ADD COLUMN "submission_hash" text;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD CONSTRAINT "facility_leads_duplicate_of_facility_leads_id_fk" FOREIGN KEY ("duplicate_of") REFERENCES "public"."facility_leads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lead_transitions_paid_once_idx" ON "lead_transitions" USING btree ("lead_id","to_status") WHERE "lead_transitions"."to_status" in ('gift_card_sent', 'bonus_sent');--> statement-breakpoint
CREATE UNIQUE INDEX "lead_transitions_reference_once_idx" ON "lead_transitions" USING btree (("details"->>'reference')) WHERE "lead_transitions"."to_status" in ('gift_card_sent', 'bonus_sent');