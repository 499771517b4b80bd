CREATE TABLE "order_ratings" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"stars" integer NOT NULL,
	"tags" text[] DEFAULT '{}' NOT NULL,
	"comment" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	"seen_at" timestamp with time zone,
	"seen_by" integer,
	CONSTRAINT "order_ratings_stars" CHECK ("order_ratings"."stars" between 1 and 5)
);
--> statement-breakpoint
CREATE TABLE "rating_invites" (
	"order_id" integer PRIMARY KEY NOT NULL,
	"white_label_id" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "report_day_items" (
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_day_items_pk" PRIMARY KEY("white_label_id","local_date","resto_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "report_days" (
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"placed" integer NOT NULL,
	"orders" integer NOT NULL,
	"done" integer NOT NULL,
	"cancelled" integer NOT NULL,
	"declined" integer NOT NULL,
	"revenue" bigint NOT NULL,
	"revenue_orders" integer NOT NULL,
	"refunds" bigint NOT NULL,
	"gross" bigint NOT NULL,
	"discounts" bigint NOT NULL,
	"bonus_spent" bigint NOT NULL,
	"delivery_fees" bigint NOT NULL,
	"new_customers" integer NOT NULL,
	"hours" integer[] NOT NULL,
	"accept_minutes" integer[] NOT NULL,
	"done_minutes" integer[] NOT NULL,
	"stars" integer[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_days_pk" PRIMARY KEY("white_label_id","local_date","resto_id")
);
--> statement-breakpoint
CREATE TABLE "report_dirty" (
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"local_date" date NOT NULL,
	"marked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_dirty_pk" PRIMARY KEY("white_label_id","local_date","resto_id")
);
--> statement-breakpoint
ALTER TABLE "restos" ADD COLUMN "review_links" jsonb DEFAULT '{"yandexMaps":null,"twoGis":null}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_ratings" ADD CONSTRAINT "order_ratings_seen_by_staff_id_fk" FOREIGN KEY ("seen_by") REFERENCES "public"."staff"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rating_invites" ADD CONSTRAINT "rating_invites_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_days" ADD CONSTRAINT "report_days_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "order_ratings_resto_idx" ON "order_ratings" USING btree ("resto_id","created_at");--> statement-breakpoint
CREATE INDEX "report_days_resto_idx" ON "report_days" USING btree ("resto_id","local_date");