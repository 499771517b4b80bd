CREATE TABLE "bonus_ledger" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"person_id" integer NOT NULL,
	"kind" text NOT NULL,
	"amount" integer NOT NULL,
	"order_id" integer,
	"refund_id" integer,
	"expires_at" timestamp with time zone,
	"staff_id" integer,
	"reason" text,
	"created_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bonus_programs" (
	"white_label_id" text PRIMARY KEY NOT NULL,
	"program" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "online_methods" text[] DEFAULT '{card}' NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "bonus_discount" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_spent" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "bonus_earn" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "method" text DEFAULT 'card' NOT NULL;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_refund_id_payment_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."payment_refunds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_ledger" ADD CONSTRAINT "bonus_ledger_staff_id_staff_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bonus_programs" ADD CONSTRAINT "bonus_programs_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bonus_ledger_person_idx" ON "bonus_ledger" USING btree ("person_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_ledger_order_once" ON "bonus_ledger" USING btree ("order_id","kind") WHERE "bonus_ledger"."kind" in ('held', 'released', 'earned');--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_ledger_refund_once" ON "bonus_ledger" USING btree ("refund_id","kind") WHERE "bonus_ledger"."refund_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_ledger_expiry_once" ON "bonus_ledger" USING btree ("person_id","expires_at") WHERE "bonus_ledger"."kind" = 'expired';--> statement-breakpoint
CREATE UNIQUE INDEX "bonus_ledger_welcome_once" ON "bonus_ledger" USING btree ("person_id","white_label_id") WHERE "bonus_ledger"."kind" = 'welcome';