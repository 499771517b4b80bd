CREATE TABLE "brand_pages" (
	"id" serial PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"slug" text NOT NULL,
	"title" jsonb NOT NULL,
	"body" jsonb NOT NULL,
	"order" integer DEFAULT 0 NOT NULL,
	"is_published" boolean DEFAULT true NOT NULL,
	"version" integer DEFAULT 1 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_settings" (
	"white_label_id" text PRIMARY KEY NOT NULL,
	"settings" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "special_days" (
	"id" serial PRIMARY KEY NOT NULL,
	"resto_id" integer NOT NULL,
	"date" text NOT NULL,
	"method" text DEFAULT 'ALL' NOT NULL,
	"closed" boolean NOT NULL,
	"open" text,
	"close" text,
	"break_from" text,
	"break_to" text,
	"note" jsonb NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "special_days_hours" CHECK ("special_days"."closed" or ("special_days"."open" is not null and "special_days"."close" is not null)),
	CONSTRAINT "special_days_break_pair" CHECK (("special_days"."break_from" is null) = ("special_days"."break_to" is null))
);
--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "method" text DEFAULT 'ALL' NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_hours" DROP CONSTRAINT "opening_hours_resto_id_day_of_week_pk";--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_resto_id_method_day_of_week_pk" PRIMARY KEY("resto_id","method","day_of_week");--> statement-breakpoint
ALTER TABLE "cities" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "priority" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "color" text;--> statement-breakpoint
ALTER TABLE "delivery_zones" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "break_from" text;--> statement-breakpoint
ALTER TABLE "opening_hours" ADD COLUMN "break_to" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "days_of_week" smallint[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "first_order_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "campaign" text;--> statement-breakpoint
ALTER TABLE "promo_codes" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "link_menu_id" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "link_position_id" integer;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "is_published" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "version" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "brand_pages" ADD CONSTRAINT "brand_pages_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_settings" ADD CONSTRAINT "brand_settings_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "special_days" ADD CONSTRAINT "special_days_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "brand_pages_slug_idx" ON "brand_pages" USING btree ("white_label_id","slug");--> statement-breakpoint
CREATE UNIQUE INDEX "special_days_resto_date_idx" ON "special_days" USING btree ("resto_id","date","method");--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_link_menu_id_menus_id_fk" FOREIGN KEY ("link_menu_id") REFERENCES "public"."menus"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promotions" ADD CONSTRAINT "promotions_link_position_id_positions_id_fk" FOREIGN KEY ("link_position_id") REFERENCES "public"."positions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_codes_campaign_idx" ON "promo_codes" USING btree ("white_label_id","campaign");--> statement-breakpoint
ALTER TABLE "opening_hours" ADD CONSTRAINT "opening_hours_break_pair" CHECK (("opening_hours"."break_from" is null) = ("opening_hours"."break_to" is null));