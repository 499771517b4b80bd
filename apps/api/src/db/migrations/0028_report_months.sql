CREATE TABLE "report_month_items" (
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"month" date NOT NULL,
	"kind" text NOT NULL,
	"key" text NOT NULL,
	"count" integer NOT NULL,
	"amount" bigint NOT NULL,
	CONSTRAINT "report_month_items_pk" PRIMARY KEY("white_label_id","month","resto_id","kind","key")
);
--> statement-breakpoint
CREATE TABLE "report_months" (
	"white_label_id" text NOT NULL,
	"resto_id" integer NOT NULL,
	"month" date NOT NULL,
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
	"heat" integer[] NOT NULL,
	"accept_minutes" integer[] NOT NULL,
	"done_minutes" integer[] NOT NULL,
	"stars" integer[] NOT NULL,
	"persons" integer[] NOT NULL,
	"computed_at" timestamp with time zone NOT NULL,
	CONSTRAINT "report_months_pk" PRIMARY KEY("white_label_id","month","resto_id")
);
--> statement-breakpoint
ALTER TABLE "report_days" ADD COLUMN "persons" integer[] DEFAULT '{}' NOT NULL;--> statement-breakpoint
ALTER TABLE "report_months" ADD CONSTRAINT "report_months_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "report_months" ADD CONSTRAINT "report_months_resto_id_restos_id_fk" FOREIGN KEY ("resto_id") REFERENCES "public"."restos"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- The days rolled up before months and persons existed are marked behind: the job recomputes them (their persons
-- and their months), and until then a report reads them live from the raw orders, so no figure is ever wrong.
INSERT INTO "report_dirty" ("white_label_id", "resto_id", "local_date", "marked_at")
SELECT "white_label_id", "resto_id", "local_date", now() FROM "report_days";
