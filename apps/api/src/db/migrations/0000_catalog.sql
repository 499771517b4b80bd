CREATE TABLE "catalog_revision" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"revision" bigint DEFAULT 0 NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cities" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"center_lat" double precision NOT NULL,
	"center_lng" double precision NOT NULL,
	"south_west_lat" double precision NOT NULL,
	"south_west_lng" double precision NOT NULL,
	"north_east_lat" double precision NOT NULL,
	"north_east_lng" double precision NOT NULL,
	"zoom" smallint DEFAULT 12 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "delivery_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"zone_id" integer NOT NULL,
	"order_price_min" integer NOT NULL,
	"order_price_max" integer,
	"delivery_price" integer NOT NULL,
	"time_minutes" integer NOT NULL,
	CONSTRAINT "delivery_rules_band" CHECK ("delivery_rules"."order_price_min" >= 0 and ("delivery_rules"."order_price_max" is null or "delivery_rules"."order_price_max" > "delivery_rules"."order_price_min") and "delivery_rules"."delivery_price" >= 0 and "delivery_rules"."time_minutes" >= 0)
);
--> statement-breakpoint
CREATE TABLE "delivery_zones" (
	"id" serial PRIMARY KEY NOT NULL,
	"resto_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"polygon" jsonb NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "menus" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"is_table" boolean DEFAULT false NOT NULL,
	"is_take_away" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "modifier_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"modifier_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"price" integer DEFAULT 0 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "modifier_items_price_nonnegative" CHECK ("modifier_items"."price" >= 0)
);
--> statement-breakpoint
CREATE TABLE "modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"name_ui" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "opening_hours" (
	"resto_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"active" boolean NOT NULL,
	"open" text NOT NULL,
	"close" text NOT NULL,
	CONSTRAINT "opening_hours_resto_id_day_of_week_pk" PRIMARY KEY("resto_id","day_of_week"),
	CONSTRAINT "opening_hours_day_of_week" CHECK ("opening_hours"."day_of_week" between 1 and 7)
);
--> statement-breakpoint
CREATE TABLE "position_groups" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"name" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL
);
--> statement-breakpoint
CREATE TABLE "position_modifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"position_id" integer NOT NULL,
	"modifier_id" integer NOT NULL,
	"min_count" integer DEFAULT 0 NOT NULL,
	"max_count" integer DEFAULT 1 NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "position_modifiers_counts" CHECK ("position_modifiers"."min_count" >= 0 and "position_modifiers"."max_count" >= 1 and "position_modifiers"."min_count" <= "position_modifiers"."max_count")
);
--> statement-breakpoint
CREATE TABLE "position_tags" (
	"position_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "position_tags_position_id_tag_id_pk" PRIMARY KEY("position_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "positions" (
	"id" serial PRIMARY KEY NOT NULL,
	"menu_id" integer NOT NULL,
	"group_id" integer,
	"name" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"measure_value" double precision,
	"measure_unit" text,
	"price" integer NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"is_adult" boolean DEFAULT false NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "positions_price_positive" CHECK ("positions"."price" > 0),
	CONSTRAINT "positions_measure_pair" CHECK (("positions"."measure_value" is null) = ("positions"."measure_unit" is null) and ("positions"."measure_value" is null or "positions"."measure_value" > 0))
);
--> statement-breakpoint
CREATE TABLE "pre_order_settings" (
	"resto_id" integer NOT NULL,
	"type" text NOT NULL,
	"min_time_minutes" integer NOT NULL,
	"day_in_advance" integer NOT NULL,
	"hours" jsonb,
	CONSTRAINT "pre_order_settings_resto_id_type_pk" PRIMARY KEY("resto_id","type")
);
--> statement-breakpoint
CREATE TABLE "promo_code_restos" (
	"promo_code_id" integer NOT NULL,
	"resto_id" integer NOT NULL,
	CONSTRAINT "promo_code_restos_promo_code_id_resto_id_pk" PRIMARY KEY("promo_code_id","resto_id")
);
--> statement-breakpoint
CREATE TABLE "promo_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"code" text NOT NULL,
	"description" jsonb NOT NULL,
	"kind" text NOT NULL,
	"value" integer NOT NULL,
	"max_discount_amount" integer,
	"min_order_amount" integer,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone,
	"active" boolean DEFAULT true NOT NULL,
	"hours_from" text,
	"hours_to" text,
	"delivery_methods" text[] DEFAULT '{}' NOT NULL,
	"total_limit" integer,
	"per_person_limit" integer,
	"used_count" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "promo_codes_value" CHECK ("promo_codes"."value" > 0 and ("promo_codes"."kind" <> 'percent' or "promo_codes"."value" <= 100) and "promo_codes"."used_count" >= 0),
	CONSTRAINT "promo_codes_hours_pair" CHECK (("promo_codes"."hours_from" is null) = ("promo_codes"."hours_to" is null))
);
--> statement-breakpoint
CREATE TABLE "promotion_restos" (
	"promotion_id" integer NOT NULL,
	"resto_id" integer NOT NULL,
	CONSTRAINT "promotion_restos_promotion_id_resto_id_pk" PRIMARY KEY("promotion_id","resto_id")
);
--> statement-breakpoint
CREATE TABLE "promotions" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"title" jsonb NOT NULL,
	"text" jsonb NOT NULL,
	"image" text,
	"priority" integer DEFAULT 0 NOT NULL,
	"starts_at" timestamp with time zone,
	"ends_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "resto_cities" (
	"resto_id" integer NOT NULL,
	"city_id" integer NOT NULL,
	CONSTRAINT "resto_cities_resto_id_city_id_pk" PRIMARY KEY("resto_id","city_id")
);
--> statement-breakpoint
CREATE TABLE "resto_menus" (
	"resto_id" integer NOT NULL,
	"menu_id" integer NOT NULL,
	CONSTRAINT "resto_menus_resto_id_menu_id_pk" PRIMARY KEY("resto_id","menu_id")
);
--> statement-breakpoint
CREATE TABLE "resto_tags" (
	"resto_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "resto_tags_resto_id_tag_id_pk" PRIMARY KEY("resto_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "restos" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"name" jsonb NOT NULL,
	"address" jsonb NOT NULL,
	"street" jsonb NOT NULL,
	"description" jsonb NOT NULL,
	"average_check" integer DEFAULT 0 NOT NULL,
	"currency" text DEFAULT 'RUB' NOT NULL,
	"emails" text[] DEFAULT '{}' NOT NULL,
	"phones" text[] DEFAULT '{}' NOT NULL,
	"links" text[] DEFAULT '{}' NOT NULL,
	"lat" double precision NOT NULL,
	"lng" double precision NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"timezone" text DEFAULT '+03:00' NOT NULL,
	"is_delivery" boolean DEFAULT false NOT NULL,
	"is_online" boolean DEFAULT false NOT NULL,
	"is_table" boolean DEFAULT false NOT NULL,
	"is_take_away" boolean DEFAULT false NOT NULL,
	"pay_delivery" jsonb NOT NULL,
	"pay_take_away" jsonb NOT NULL,
	"pay_engine" text DEFAULT 'demo' NOT NULL,
	"photos" text[] DEFAULT '{}' NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	CONSTRAINT "restos_average_check_nonnegative" CHECK ("restos"."average_check" >= 0)
);
--> statement-breakpoint
CREATE TABLE "tags" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"code" text NOT NULL,
	"kind" text NOT NULL,
	"name" jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "time_slot_details" (
	"time_slot_id" integer NOT NULL,
	"day_of_week" smallint NOT NULL,
	"start_at" text NOT NULL,
	"end_at" text NOT NULL,
	"is_active" boolean NOT NULL,
	CONSTRAINT "time_slot_details_time_slot_id_day_of_week_pk" PRIMARY KEY("time_slot_id","day_of_week")
);
--> statement-breakpoint
CREATE TABLE "time_slot_positions" (
	"time_slot_id" integer NOT NULL,
	"position_id" integer NOT NULL,
	CONSTRAINT "time_slot_positions_time_slot_id_position_id_pk" PRIMARY KEY("time_slot_id","position_id")
);
--> statement-breakpoint
CREATE TABLE "time_slots" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "white_labels" (
	"id" text PRIMARY KEY NOT NULL,
	"name" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "cities" ADD CONSTRAINT "cities_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_rules" ADD CONSTRAINT "delivery_rules_zone_id_delivery_zones_id_fk" FOREIGN KEY ("zone_id") REFERENCES "public"."delivery_zones"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD CONSTRAINT "delivery_zones_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "menus" ADD CONSTRAINT "menus_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifier_items" ADD CONSTRAINT "modifier_items_modifier_id_modifiers_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "modifiers" ADD CONSTRAINT "modifiers_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_groups" ADD CONSTRAINT "position_groups_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_modifiers" ADD CONSTRAINT "position_modifiers_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_modifiers" ADD CONSTRAINT "position_modifiers_modifier_id_modifiers_id_fk" FOREIGN KEY ("modifier_id") REFERENCES "public"."modifiers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_tags" ADD CONSTRAINT "position_tags_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "position_tags" ADD CONSTRAINT "position_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "positions" ADD CONSTRAINT "positions_group_id_position_groups_id_fk" FOREIGN KEY ("group_id") REFERENCES "public"."position_groups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pre_order_settings" ADD CONSTRAINT "pre_order_settings_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_restos" ADD CONSTRAINT "promo_code_restos_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_restos" ADD CONSTRAINT "promo_code_restos_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD CONSTRAINT "promo_codes_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_restos" ADD CONSTRAINT "promotion_restos_promotion_id_promotions_id_fk" FOREIGN KEY ("promotion_id") REFERENCES "public"."promotions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotion_restos" ADD CONSTRAINT "promotion_restos_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_cities" ADD CONSTRAINT "resto_cities_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_cities" ADD CONSTRAINT "resto_cities_city_id_cities_id_fk" FOREIGN KEY ("city_id") REFERENCES "public"."cities"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_menus" ADD CONSTRAINT "resto_menus_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_menus" ADD CONSTRAINT "resto_menus_menu_id_menus_id_fk" FOREIGN KEY ("menu_id") REFERENCES "public"."menus"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_tags" ADD CONSTRAINT "resto_tags_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resto_tags" ADD CONSTRAINT "resto_tags_tag_id_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "restos" ADD CONSTRAINT "restos_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "tags" ADD CONSTRAINT "tags_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slot_details" ADD CONSTRAINT "time_slot_details_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slot_positions" ADD CONSTRAINT "time_slot_positions_time_slot_id_time_slots_id_fk" FOREIGN KEY ("time_slot_id") REFERENCES "public"."time_slots"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slot_positions" ADD CONSTRAINT "time_slot_positions_position_id_positions_id_fk" FOREIGN KEY ("position_id") REFERENCES "public"."positions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "time_slots" ADD CONSTRAINT "time_slots_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cities_white_label_idx" ON "cities" USING btree ("white_label_id");--> statement-breakpoint
CREATE INDEX "delivery_rules_zone_idx" ON "delivery_rules" USING btree ("zone_id");--> statement-breakpoint
CREATE INDEX "delivery_zones_resto_idx" ON "delivery_zones" USING btree ("resto_id");--> statement-breakpoint
CREATE INDEX "modifier_items_modifier_idx" ON "modifier_items" USING btree ("modifier_id");--> statement-breakpoint
CREATE INDEX "position_groups_menu_idx" ON "position_groups" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "position_modifiers_unique_idx" ON "position_modifiers" USING btree ("position_id","modifier_id");--> statement-breakpoint
CREATE INDEX "positions_menu_idx" ON "positions" USING btree ("menu_id");--> statement-breakpoint
CREATE UNIQUE INDEX "promo_codes_code_idx" ON "promo_codes" USING btree ("white_label_id","code");--> statement-breakpoint
CREATE INDEX "promotions_white_label_idx" ON "promotions" USING btree ("white_label_id");--> statement-breakpoint
CREATE INDEX "resto_cities_city_idx" ON "resto_cities" USING btree ("city_id");--> statement-breakpoint
CREATE INDEX "resto_menus_menu_idx" ON "resto_menus" USING btree ("menu_id");--> statement-breakpoint
CREATE INDEX "restos_white_label_idx" ON "restos" USING btree ("white_label_id");--> statement-breakpoint
CREATE UNIQUE INDEX "tags_code_idx" ON "tags" USING btree ("white_label_id","code");