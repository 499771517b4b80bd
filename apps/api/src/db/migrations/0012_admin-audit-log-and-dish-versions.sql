CREATE TABLE "admin_audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"staff_id" integer,
	"staff_login" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"entity_kind" text NOT NULL,
	"entity_id" integer NOT NULL,
	"action" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"reverts_entry_id" integer,
	"reverted_by_entry_id" integer
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_reverts_entry_id_admin_audit_log_id_fk" FOREIGN KEY ("reverts_entry_id") REFERENCES "public"."admin_audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "admin_audit_log" ADD CONSTRAINT "admin_audit_log_reverted_by_entry_id_admin_audit_log_id_fk" FOREIGN KEY ("reverted_by_entry_id") REFERENCES "public"."admin_audit_log"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "admin_audit_log_brand_idx" ON "admin_audit_log" USING btree ("white_label_id","id");--> statement-breakpoint
CREATE INDEX "admin_audit_log_entity_idx" ON "admin_audit_log" USING btree ("white_label_id","entity_kind","entity_id","id");