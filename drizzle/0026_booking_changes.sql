CREATE TABLE "booking_changes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"booking_id" uuid NOT NULL,
	"lead_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"kind" text NOT NULL,
	"start_at" timestamp with time zone NOT NULL,
	"with_name" text NOT NULL,
	CONSTRAINT "booking_changes_kind_check" CHECK ("booking_changes"."kind" in ('booked', 'moved', 'cancelled', 'held', 'missed'))
);
--> statement-breakpoint
ALTER TABLE "booking_changes" ADD CONSTRAINT "booking_changes_booking_id_bookings_id_fk" FOREIGN KEY ("booking_id") REFERENCES "public"."bookings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "booking_changes_lead_idx" ON "booking_changes" USING btree ("lead_id","at");--> statement-breakpoint
CREATE INDEX "bookings_calendar_removal_idx" ON "bookings" USING btree ("staff_id") WHERE "bookings"."status" = 'cancelled' and "bookings"."calendar_href" is not null;