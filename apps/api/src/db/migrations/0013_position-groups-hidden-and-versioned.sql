ALTER TABLE "position_groups" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "position_groups" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;