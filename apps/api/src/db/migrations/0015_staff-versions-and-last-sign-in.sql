ALTER TABLE "staff" ADD COLUMN "last_sign_in_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "staff" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;