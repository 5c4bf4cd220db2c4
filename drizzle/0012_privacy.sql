CREATE TABLE "contact_opt_outs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text,
	"phone_digits" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"via" text NOT NULL,
	"leads" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "privacy_requests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"actor" text NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"reason" text DEFAULT '' NOT NULL,
	"subject_kind" text NOT NULL,
	"touched" jsonb NOT NULL,
	"record_ids" jsonb NOT NULL,
	"follows" uuid
);
--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "nurse_applications" ADD COLUMN "erased_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "contact_opt_outs_email_idx" ON "contact_opt_outs" USING btree ("email");--> statement-breakpoint
CREATE INDEX "contact_opt_outs_phone_idx" ON "contact_opt_outs" USING btree ("phone_digits");--> statement-breakpoint
CREATE INDEX "privacy_requests_at_idx" ON "privacy_requests" USING btree ("at");