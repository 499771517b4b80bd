ALTER TABLE "menus" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "modifier_items" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "modifiers" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "position_groups" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "key" text;--> statement-breakpoint
ALTER TABLE "time_slots" ADD COLUMN "key" text;--> statement-breakpoint
CREATE UNIQUE INDEX "menus_key_idx" ON "menus" USING btree ("white_label_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "modifier_items_key_idx" ON "modifier_items" USING btree ("modifier_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "modifiers_key_idx" ON "modifiers" USING btree ("white_label_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "position_groups_key_idx" ON "position_groups" USING btree ("menu_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "positions_key_idx" ON "positions" USING btree ("menu_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "time_slots_key_idx" ON "time_slots" USING btree ("white_label_id","key");