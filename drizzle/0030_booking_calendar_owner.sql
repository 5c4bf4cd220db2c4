ALTER TABLE "bookings" ADD COLUMN "calendar_staff_id" uuid;--> statement-breakpoint
ALTER TABLE "bookings" ADD CONSTRAINT "bookings_calendar_staff_id_staff_accounts_id_fk" FOREIGN KEY ("calendar_staff_id") REFERENCES "public"."staff_accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
-- The events written before: each is in the calendar of the staff member the call is with.
UPDATE "bookings" SET "calendar_staff_id" = "staff_id" WHERE "calendar_href" IS NOT NULL;
