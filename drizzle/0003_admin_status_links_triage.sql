CREATE TABLE "quote_status_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "quotes_created_at_idx";--> statement-breakpoint
DROP INDEX "quotes_status_created_at_idx";--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "triage_score" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "quote_status_links" ADD CONSTRAINT "quote_status_links_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_status_links_quote_id_idx" ON "quote_status_links" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quotes_triage_idx" ON "quotes" USING btree ("triage_score","created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_created_at_idx" ON "quotes" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "quotes_status_created_at_idx" ON "quotes" USING btree ("current_status","created_at","id");