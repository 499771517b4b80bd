CREATE TABLE "order_events" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"order_id" integer NOT NULL,
	"kind" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_history" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"status" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_idempotency_keys" (
	"person_id" integer NOT NULL,
	"key" text NOT NULL,
	"fingerprint" text NOT NULL,
	"order_id" integer,
	"locked_until" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "order_idempotency_keys_person_id_key_pk" PRIMARY KEY("person_id","key")
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"position_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"count" integer NOT NULL,
	"price" integer NOT NULL,
	"modifiers" jsonb NOT NULL,
	"sum" integer NOT NULL,
	"discount" integer NOT NULL,
	"payable_amount" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_number_counters" (
	"white_label_id" text NOT NULL,
	"local_date" date NOT NULL,
	"resto_id" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "order_number_counters_white_label_id_local_date_resto_id_pk" PRIMARY KEY("white_label_id","local_date","resto_id")
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"person_id" integer NOT NULL,
	"resto_id" integer NOT NULL,
	"number" text NOT NULL,
	"local_date" date NOT NULL,
	"status" text NOT NULL,
	"payment_status" text NOT NULL,
	"delivery_type" text NOT NULL,
	"pay_type" text NOT NULL,
	"currency" text NOT NULL,
	"timezone" text NOT NULL,
	"resto_name" jsonb NOT NULL,
	"promo_code_id" integer,
	"promo_code" text,
	"person_name" text NOT NULL,
	"person_phone" text NOT NULL,
	"person_email" text,
	"comment" text,
	"person_count" integer NOT NULL,
	"address" text,
	"lat" double precision,
	"lng" double precision,
	"place" jsonb,
	"pre_order_at" timestamp with time zone,
	"promised_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sum" integer NOT NULL,
	"discount" integer NOT NULL,
	"delivery_price" integer NOT NULL,
	"payable" integer NOT NULL,
	"positions_count" integer NOT NULL,
	CONSTRAINT "orders_money" CHECK ("orders"."sum" >= 0 and "orders"."discount" >= 0 and "orders"."delivery_price" >= 0 and "orders"."payable" >= 0)
);
--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "order_code" text;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "take_away_minutes" integer DEFAULT 20 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_events" ADD CONSTRAINT "order_events_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_history" ADD CONSTRAINT "order_history_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_idempotency_keys" ADD CONSTRAINT "order_idempotency_keys_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_events_resto_idx" ON "order_events" USING btree ("white_label_id","resto_id","id");--> statement-breakpoint
CREATE INDEX "order_history_order_idx" ON "order_history" USING btree ("order_id","id");--> statement-breakpoint
CREATE INDEX "order_lines_order_idx" ON "order_lines" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_number_idx" ON "orders" USING btree ("white_label_id","resto_id","local_date","number");--> statement-breakpoint
CREATE INDEX "orders_person_idx" ON "orders" USING btree ("person_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_resto_idx" ON "orders" USING btree ("resto_id","created_at");--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "restos_order_code_idx" ON "restos" USING btree ("white_label_id","order_code");--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_order_idx" ON "promo_code_redemptions" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "restos" ADD CONSTRAINT "restos_take_away_minutes" CHECK ("restos"."take_away_minutes" between 0 and 1440);