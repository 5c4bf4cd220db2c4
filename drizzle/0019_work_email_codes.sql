CREATE TABLE "work_email_codes" (
	"lead_id" uuid PRIMARY KEY NOT NULL,
	"code_hash" text NOT NULL,
	"link_hash" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"wrong_tries" integer DEFAULT 0 NOT NULL,
	"used_at" timestamp with time zone,
	"confirmed_at" timestamp with time zone,
	"issue_day" text NOT NULL,
	"issues_today" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "work_email_codes_tries_check" CHECK ("work_email_codes"."wrong_tries" between 0 and 5),
	CONSTRAINT "work_email_codes_issues_check" CHECK ("work_email_codes"."issues_today" between 1 and 5)
);
--> statement-breakpoint
ALTER TABLE "work_email_codes" ADD CONSTRAINT "work_email_codes_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "work_email_codes_link_idx" ON "work_email_codes" USING btree ("link_hash");