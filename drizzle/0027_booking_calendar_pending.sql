ALTER TABLE "bookings" ADD COLUMN "calendar_pending" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "bookings" ADD COLUMN "calendar_problem" text;--> statement-breakpoint
CREATE INDEX "bookings_calendar_pending_idx" ON "bookings" USING btree ("staff_id") WHERE "bookings"."calendar_pending";