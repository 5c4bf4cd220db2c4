CREATE TABLE "lead_status_counts" (
	"status" text NOT NULL,
	"shard" integer NOT NULL,
	"count" bigint NOT NULL,
	CONSTRAINT "lead_status_counts_status_shard_pk" PRIMARY KEY("status","shard")
);
--> statement-breakpoint
CREATE TABLE "lead_transitions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"from_status" text NOT NULL,
	"to_status" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_accounts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"disabled_at" timestamp with time zone,
	"failed_sign_ins" integer DEFAULT 0 NOT NULL,
	"locked_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "staff_sessions" (
	"id_hash" text PRIMARY KEY NOT NULL,
	"account_id" uuid NOT NULL,
	"csrf_token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "facility_leads_received_at_idx";--> statement-breakpoint
DROP INDEX "nurse_applications_received_at_idx";--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "pipeline_status" text DEFAULT 'new' NOT NULL;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "staff_acted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "facility_leads" ADD COLUMN "role_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lead_transitions" ADD CONSTRAINT "lead_transitions_lead_id_facility_leads_id_fk" FOREIGN KEY ("lead_id") REFERENCES "public"."facility_leads"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_sessions" ADD CONSTRAINT "staff_sessions_account_id_staff_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."staff_accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lead_transitions_lead_idx" ON "lead_transitions" USING btree ("lead_id","at");--> statement-breakpoint
CREATE UNIQUE INDEX "staff_accounts_email_idx" ON "staff_accounts" USING btree ("email");--> statement-breakpoint
CREATE INDEX "staff_sessions_account_idx" ON "staff_sessions" USING btree ("account_id");--> statement-breakpoint
CREATE INDEX "facility_leads_pipeline_idx" ON "facility_leads" USING btree ("pipeline_status","received_at","id");--> statement-breakpoint
CREATE INDEX "facility_leads_form_received_idx" ON "facility_leads" USING btree ("form","received_at","id");--> statement-breakpoint
CREATE INDEX "facility_leads_call_due_idx" ON "facility_leads" USING btree ("received_at") WHERE "facility_leads"."staff_acted_at" is null;--> statement-breakpoint
CREATE INDEX "facility_leads_received_at_idx" ON "facility_leads" USING btree ("received_at","id");--> statement-breakpoint
CREATE INDEX "nurse_applications_received_at_idx" ON "nurse_applications" USING btree ("received_at","id");