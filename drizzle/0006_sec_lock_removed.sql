ALTER TABLE "staff_accounts" DROP COLUMN "failed_sign_ins";--> statement-breakpoint
ALTER TABLE "staff_accounts" DROP COLUMN "locked_until";