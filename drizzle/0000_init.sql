CREATE TABLE "deliveries" (
	"id" uuid PRIMARY KEY NOT NULL,
	"destination" text NOT NULL,
	"record_kind" text NOT NULL,
	"record_id" uuid NOT NULL,
	"url" text NOT NULL,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "delivery_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"delivery_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"status_code" integer,
	"duration_ms" integer NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "facility_leads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"form" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"facility_name" text NOT NULL,
	"facility_type" text NOT NULL,
	"location" text NOT NULL,
	"roles_needed" jsonb NOT NULL,
	"urgency" text NOT NULL,
	"shift_types" jsonb NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"title" text DEFAULT '' NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"consent_agreed" boolean NOT NULL,
	"traffic_source" text NOT NULL,
	"timestamp" text NOT NULL,
	"source" text NOT NULL,
	"user_agent" text,
	"referrer" text,
	"url" text,
	"utm" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"consent_text" text,
	"consent_version" text,
	"client_ip" text,
	"is_spam" boolean DEFAULT false NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
CREATE TABLE "nurse_applications" (
	"id" uuid PRIMARY KEY NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text NOT NULL,
	"phone" text NOT NULL,
	"zip_code" text NOT NULL,
	"classification" text NOT NULL,
	"desired_location" text NOT NULL,
	"message" text NOT NULL,
	"subject" text NOT NULL,
	"source" text NOT NULL,
	"timestamp" text NOT NULL,
	"user_agent" text,
	"client_ip" text,
	"is_spam" boolean DEFAULT false NOT NULL,
	"idempotency_key" text
);
--> statement-breakpoint
ALTER TABLE "delivery_attempts" ADD CONSTRAINT "delivery_attempts_delivery_id_deliveries_id_fk" FOREIGN KEY ("delivery_id") REFERENCES "public"."deliveries"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "deliveries_due_idx" ON "deliveries" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "delivery_attempts_delivery_idx" ON "delivery_attempts" USING btree ("delivery_id");--> statement-breakpoint
CREATE INDEX "facility_leads_received_at_idx" ON "facility_leads" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "facility_leads_dedupe_idx" ON "facility_leads" USING btree ("form","email","phone","received_at");--> statement-breakpoint
CREATE INDEX "facility_leads_idempotency_idx" ON "facility_leads" USING btree ("idempotency_key");--> statement-breakpoint
CREATE INDEX "nurse_applications_received_at_idx" ON "nurse_applications" USING btree ("received_at");--> statement-breakpoint
CREATE INDEX "nurse_applications_dedupe_idx" ON "nurse_applications" USING btree ("email","phone","received_at");--> statement-breakpoint
CREATE INDEX "nurse_applications_idempotency_idx" ON "nurse_applications" USING btree ("idempotency_key");