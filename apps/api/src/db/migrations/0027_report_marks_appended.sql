ALTER TABLE "report_dirty" DROP CONSTRAINT "report_dirty_pk";--> statement-breakpoint
ALTER TABLE "report_dirty" ADD COLUMN "id" bigserial PRIMARY KEY NOT NULL;--> statement-breakpoint
CREATE INDEX "report_dirty_day_idx" ON "report_dirty" USING btree ("white_label_id","local_date","resto_id");