ALTER TABLE "contact_links" ALTER COLUMN "lead_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "contact_links" ADD COLUMN "application_id" uuid;--> statement-breakpoint
ALTER TABLE "contact_links" ADD CONSTRAINT "contact_links_one_record" CHECK (("contact_links"."lead_id" is null) <> ("contact_links"."application_id" is null));