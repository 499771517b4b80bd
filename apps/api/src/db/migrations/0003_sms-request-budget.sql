CREATE TABLE "sms_request_budget" (
	"white_label_id" text NOT NULL,
	"client_key" text NOT NULL,
	"window_started_at" timestamp with time zone NOT NULL,
	"requests_in_window" integer NOT NULL,
	CONSTRAINT "sms_request_budget_white_label_id_client_key_pk" PRIMARY KEY("white_label_id","client_key")
);
--> statement-breakpoint
ALTER TABLE "sms_request_budget" ADD CONSTRAINT "sms_request_budget_white_label_id_white_labels_id_fk" FOREIGN KEY ("white_label_id") REFERENCES "public"."white_labels"("id") ON DELETE no action ON UPDATE no action;