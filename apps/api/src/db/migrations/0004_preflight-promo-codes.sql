CREATE TABLE "promo_code_guess_budget" (
	"white_label_id" text NOT NULL,
	"client_key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"guesses_in_window" integer NOT NULL,
	CONSTRAINT "promo_code_guess_budget_white_label_id_client_key_pk" PRIMARY KEY("white_label_id","client_key")
);
--> statement-breakpoint
CREATE TABLE "promo_code_redemptions" (
	"id" serial PRIMARY KEY NOT NULL,
	"promo_code_id" integer NOT NULL,
	"person_id" integer NOT NULL,
	"order_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "promo_code_guess_budget" ADD CONSTRAINT "promo_code_guess_budget_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_promo_code_id_promo_codes_id_fk" FOREIGN KEY ("promo_code_id") REFERENCES "public"."promo_codes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "promo_code_redemptions" ADD CONSTRAINT "promo_code_redemptions_person_id_persons_id_fk" FOREIGN KEY ("person_id") REFERENCES "public"."persons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "promo_code_redemptions_person_idx" ON "promo_code_redemptions" USING btree ("promo_code_id","person_id");--> statement-breakpoint
-- Promo codes are part of the in-memory catalog from here on, so their edits bump catalog_revision like
-- every other catalog table's. Except one: an UPDATE that changes only promo_codes.used_count (each order
-- that uses a code increments it) must not, or every such order would make every instance reload the
-- whole catalog. A row trigger with a WHEN compares the rows without used_count, whatever columns come later.
CREATE TRIGGER "promo_code_restos_bump_catalog_revision" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promo_code_restos" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER "promo_codes_bump_catalog_revision" AFTER INSERT OR DELETE OR TRUNCATE ON "promo_codes" FOR EACH STATEMENT EXECUTE FUNCTION bump_catalog_revision();
--> statement-breakpoint
CREATE TRIGGER "promo_codes_update_bump_catalog_revision" AFTER UPDATE ON "promo_codes" FOR EACH ROW
  WHEN ((to_jsonb(OLD) - 'used_count') IS DISTINCT FROM (to_jsonb(NEW) - 'used_count'))
  EXECUTE FUNCTION bump_catalog_revision();
