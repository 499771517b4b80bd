ALTER TABLE "menus" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifiers" ADD COLUMN "min_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifiers" ADD COLUMN "max_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifiers" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_counts" CHECK ("modifiers"."min_count" >= 0 and "modifiers"."max_count" >= 1 and "modifiers"."min_count" <= "modifiers"."max_count");--> statement-breakpoint
-- A group's own rule starts as the widest its dishes allow today (each attachment keeps its own until the back office
-- changes the group), bounded by its items so the check holds.
UPDATE "modifiers" m SET "max_count" = GREATEST(1, a."max_count"), "min_count" = LEAST(a."min_count", GREATEST(1, a."max_count"))
FROM (SELECT "modifier_id", min("min_count") AS "min_count", max("max_count") AS "max_count" FROM "position_modifiers" GROUP BY "modifier_id") a
WHERE a."modifier_id" = m."id";
