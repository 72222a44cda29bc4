CREATE TYPE "public"."reminder_kind" AS ENUM('visit', 'radon_retest', 'well_test', 'filter_change');--> statement-breakpoint
CREATE TABLE "reminder_subscriptions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"filter_type" text,
	"interval_months" integer,
	"next_due_at" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"unsubscribed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "reminder_subscriptions_quote_kind_unique" UNIQUE("quote_id","kind"),
	CONSTRAINT "reminder_subscriptions_interval" CHECK ("reminder_subscriptions"."interval_months" IS NULL OR "reminder_subscriptions"."interval_months" BETWEEN 1 AND 120)
);
--> statement-breakpoint
CREATE TABLE "reminder_unsubscribe_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" "reminder_kind" NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_reminder_sends" (
	"visit_id" uuid NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visit_reminder_sends_visit_id_starts_at_pk" PRIMARY KEY("visit_id","starts_at")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "list_unsubscribe" text;--> statement-breakpoint
ALTER TABLE "reminder_subscriptions" ADD CONSTRAINT "reminder_subscriptions_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reminder_unsubscribe_links" ADD CONSTRAINT "reminder_unsubscribe_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "reminder_subscriptions_due_idx" ON "reminder_subscriptions" USING btree ("next_due_at") WHERE "reminder_subscriptions"."unsubscribed_at" IS NULL AND "reminder_subscriptions"."next_due_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "reminder_unsubscribe_links_quote_idx" ON "reminder_unsubscribe_links" USING btree ("quote_id");