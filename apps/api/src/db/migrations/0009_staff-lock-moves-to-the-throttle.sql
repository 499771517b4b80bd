ALTER TABLE "staff" DROP COLUMN "failed_attempts";--> statement-breakpoint
ALTER TABLE "staff" DROP COLUMN "locked_until";