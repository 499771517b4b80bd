CREATE TABLE "pos_links" (
	"resto_id" integer PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"provider" text NOT NULL,
	"organization_id" text NOT NULL,
	"terminal_group_id" text NOT NULL,
	"payment_types" jsonb NOT NULL,
	"linked_at" timestamp with time zone NOT NULL,
	"linked_by" integer,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_log" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"resto_id" integer,
	"organization_id" text,
	"order_id" integer,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"summary" jsonb NOT NULL,
	"error" text
);
--> statement-breakpoint
CREATE TABLE "pos_mappings" (
	"white_label_id" text NOT NULL,
	"provider" text NOT NULL,
	"organization_id" text NOT NULL,
	"kind" text NOT NULL,
	"external_id" text NOT NULL,
	"external_size_id" text DEFAULT '' NOT NULL,
	"external_parent_id" text,
	"our_id" integer NOT NULL,
	CONSTRAINT "pos_mappings_pk" PRIMARY KEY("white_label_id","provider","organization_id","kind","external_id","external_size_id")
);
--> statement-breakpoint
CREATE TABLE "pos_order_transfers" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"provider" text NOT NULL,
	"external_order_id" text NOT NULL,
	"organization_id" text NOT NULL,
	"terminal_group_id" text NOT NULL,
	"state" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone NOT NULL,
	"correlation_id" text,
	"last_error" text,
	"last_error_text" text,
	"external_status" text,
	"cancel_cause" text,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "pos_order_transfers_attempts" CHECK ("pos_order_transfers"."attempts" >= 0)
);
--> statement-breakpoint
CREATE TABLE "pos_organizations" (
	"white_label_id" text NOT NULL,
	"provider" text NOT NULL,
	"organization_id" text NOT NULL,
	"name" text,
	"menu_id" integer,
	"nomenclature_revision" bigint DEFAULT 0 NOT NULL,
	"deliveries_revision" bigint DEFAULT 0 NOT NULL,
	"webhook_token" text,
	"webhook_uri" text,
	"webhook_registered_at" timestamp with time zone,
	"last_webhook_at" timestamp with time zone,
	"next_sync_at" timestamp with time zone NOT NULL,
	"last_sync_at" timestamp with time zone,
	CONSTRAINT "pos_organizations_white_label_id_provider_organization_id_pk" PRIMARY KEY("white_label_id","provider","organization_id")
);
--> statement-breakpoint
ALTER TABLE "positions" ADD COLUMN "nutrition" jsonb;--> statement-breakpoint
ALTER TABLE "resto_stop_list" ADD COLUMN "source" text DEFAULT 'staff' NOT NULL;--> statement-breakpoint
ALTER TABLE "pos_links" ADD CONSTRAINT "pos_links_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_links" ADD CONSTRAINT "pos_links_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_links" ADD CONSTRAINT "pos_links_linked_by_staff_id_fk" FOREIGN KEY ("linked_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_log" ADD CONSTRAINT "pos_log_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_log" ADD CONSTRAINT "pos_log_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_log" ADD CONSTRAINT "pos_log_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_mappings" ADD CONSTRAINT "pos_mappings_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_transfers" ADD CONSTRAINT "pos_order_transfers_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_transfers" ADD CONSTRAINT "pos_order_transfers_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_order_transfers" ADD CONSTRAINT "pos_order_transfers_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_organizations" ADD CONSTRAINT "pos_organizations_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_organizations" ADD CONSTRAINT "pos_organizations_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pos_log_resto_idx" ON "pos_log" USING btree ("white_label_id","resto_id","id");--> statement-breakpoint
CREATE INDEX "pos_log_org_idx" ON "pos_log" USING btree ("white_label_id","organization_id","id");--> statement-breakpoint
CREATE INDEX "pos_mappings_ours_idx" ON "pos_mappings" USING btree ("white_label_id","organization_id","kind","our_id");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_order_transfers_external_idx" ON "pos_order_transfers" USING btree ("provider","external_order_id");--> statement-breakpoint
CREATE INDEX "pos_order_transfers_due_idx" ON "pos_order_transfers" USING btree ("state","next_attempt_at");