CREATE TABLE "position_pairs" (
	"resto_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	"with_position_id" integer NOT NULL,
	"orders" integer NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "position_pairs_pk" PRIMARY KEY("resto_id","position_id","with_position_id")
);
--> statement-breakpoint
CREATE TABLE "resto_delays" (
	"resto_id" integer PRIMARY KEY NOT NULL,
	"extra_minutes" integer NOT NULL,
	"until" timestamp with time zone NOT NULL,
	"source" text NOT NULL,
	"set_by" integer,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "resto_delays_minutes" CHECK ("resto_delays"."extra_minutes" in (15, 30, 60))
);
--> statement-breakpoint
CREATE TABLE "slot_loads" (
	"resto_id" integer NOT NULL,
	"delivery_type" text NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"taken" integer NOT NULL,
	CONSTRAINT "slot_loads_pk" PRIMARY KEY("resto_id","delivery_type","slot_at"),
	CONSTRAINT "slot_loads_taken" CHECK ("slot_loads"."taken" >= 0)
);
--> statement-breakpoint
ALTER TABLE "menus" ADD COLUMN "add_on_position_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "kind" text DEFAULT 'banner' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "gift_min_sum" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "gift_position_ids" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "gift_with_promo_code" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "gift_with_bonus" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "slot_capacity_delivery" integer;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "slot_capacity_take_away" integer;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "auto_delay_threshold" integer;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "auto_delay_minutes" integer DEFAULT 15 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "kind" text DEFAULT 'dish' NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "slot_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "gift_promotion_id" integer;--> statement-breakpoint
ALTER TABLE "position_pairs" ADD CONSTRAINT "position_pairs_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_delays" ADD CONSTRAINT "resto_delays_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_delays" ADD CONSTRAINT "resto_delays_set_by_staff_id_fk" FOREIGN KEY ("set_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "slot_loads" ADD CONSTRAINT "slot_loads_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "position_pairs_resto_idx" ON "position_pairs" USING btree ("resto_id","position_id","orders");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_gift" CHECK ("promotions"."kind" <> 'gift' or ("promotions"."gift_min_sum" > 0 and cardinality("promotions"."gift_position_ids") > 0));--> statement-breakpoint
ALTER TABLE "restos" ADD CONSTRAINT "restos_slot_capacity" CHECK ("restos"."slot_capacity_delivery" > 0 and "restos"."slot_capacity_take_away" > 0 and "restos"."auto_delay_threshold" > 0);--> statement-breakpoint
ALTER TABLE "restos" ADD CONSTRAINT "restos_auto_delay_minutes" CHECK ("restos"."auto_delay_minutes" in (15, 30, 60));