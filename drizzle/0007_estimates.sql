CREATE TYPE "public"."estimate_status" AS ENUM('draft', 'sent', 'viewed', 'accepted', 'declined');--> statement-breakpoint
CREATE TYPE "public"."estimate_unit" AS ENUM('each', 'hour', 'sq_ft', 'test');--> statement-breakpoint
CREATE TABLE "estimate_acceptances" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"content_sha256" text NOT NULL,
	"option_index" integer NOT NULL,
	"option_name" text NOT NULL,
	"total_cents" integer NOT NULL,
	"signer_name" text NOT NULL,
	"signature_png" "bytea",
	"accepted_by" text,
	"accepted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"consent_text" text NOT NULL,
	CONSTRAINT "estimate_acceptances_estimate_id_unique" UNIQUE("estimate_id"),
	CONSTRAINT "estimate_acceptances_option_range" CHECK ("estimate_acceptances"."option_index" BETWEEN 1 AND 3),
	CONSTRAINT "estimate_acceptances_signer_name_length" CHECK (char_length("estimate_acceptances"."signer_name") BETWEEN 1 AND 200),
	CONSTRAINT "estimate_acceptances_signature_png" CHECK ("estimate_acceptances"."signature_png" IS NULL OR (octet_length("estimate_acceptances"."signature_png") <= 131072 AND substring("estimate_acceptances"."signature_png" from 1 for 8) = decode('89504e470d0a1a0a', 'hex')))
);
--> statement-breakpoint
CREATE TABLE "estimate_declines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"reason" text,
	"declined_by" text,
	"declined_at" timestamp with time zone DEFAULT now() NOT NULL,
	"client_ip" text NOT NULL,
	"user_agent" text NOT NULL,
	CONSTRAINT "estimate_declines_version_id_unique" UNIQUE("version_id"),
	CONSTRAINT "estimate_declines_reason_length" CHECK ("estimate_declines"."reason" IS NULL OR char_length("estimate_declines"."reason") <= 2000)
);
--> statement-breakpoint
CREATE TABLE "estimate_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"estimate_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "estimate_versions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"version" integer NOT NULL,
	"content" text NOT NULL,
	"content_sha256" text,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"first_viewed_at" timestamp with time zone,
	CONSTRAINT "estimate_versions_number" UNIQUE("estimate_id","version"),
	CONSTRAINT "estimate_versions_of_estimate" UNIQUE("id","estimate_id"),
	CONSTRAINT "estimate_versions_signed" UNIQUE("id","estimate_id","content_sha256"),
	CONSTRAINT "estimate_versions_version_min" CHECK ("estimate_versions"."version" >= 1),
	CONSTRAINT "estimate_versions_sent_is_hashed" CHECK (("estimate_versions"."sent_at" IS NULL) = ("estimate_versions"."content_sha256" IS NULL)),
	CONSTRAINT "estimate_versions_hash_matches" CHECK ("estimate_versions"."content_sha256" IS NULL OR "estimate_versions"."content_sha256" = encode(sha256(convert_to("estimate_versions"."content", 'UTF8')), 'hex')),
	CONSTRAINT "estimate_versions_valid_until_matches" CHECK ("estimate_versions"."valid_until" = ("estimate_versions"."content"::jsonb ->> 'validUntil')::date)
);
--> statement-breakpoint
CREATE TABLE "estimates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"status" "estimate_status" DEFAULT 'draft' NOT NULL,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"first_viewed_at" timestamp with time zone,
	CONSTRAINT "estimates_quote_id_unique" UNIQUE("quote_id")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox_attachments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"outbox_id" uuid NOT NULL,
	"filename" text NOT NULL,
	"content_type" text NOT NULL,
	"content" "bytea" NOT NULL
);
--> statement-breakpoint
CREATE TABLE "price_book_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"service" "service" NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"unit" "estimate_unit" NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"taxable" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone,
	CONSTRAINT "price_book_items_unit_price_range" CHECK ("price_book_items"."unit_price_cents" BETWEEN 0 AND 10000000),
	CONSTRAINT "price_book_items_name_length" CHECK (char_length("price_book_items"."name") BETWEEN 1 AND 120)
);
--> statement-breakpoint
ALTER TABLE "estimate_acceptances" ADD CONSTRAINT "estimate_acceptances_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_acceptances" ADD CONSTRAINT "estimate_acceptances_accepted_by_user_id_fk" FOREIGN KEY ("accepted_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_acceptances" ADD CONSTRAINT "estimate_acceptances_signed_version_fk" FOREIGN KEY ("version_id","estimate_id","content_sha256") REFERENCES "public"."estimate_versions"("id","estimate_id","content_sha256") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_declines" ADD CONSTRAINT "estimate_declines_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_declines" ADD CONSTRAINT "estimate_declines_declined_by_user_id_fk" FOREIGN KEY ("declined_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_declines" ADD CONSTRAINT "estimate_declines_version_fk" FOREIGN KEY ("version_id","estimate_id") REFERENCES "public"."estimate_versions"("id","estimate_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_links" ADD CONSTRAINT "estimate_links_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_versions" ADD CONSTRAINT "estimate_versions_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimates" ADD CONSTRAINT "estimates_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_outbox_id_mail_outbox_id_fk" FOREIGN KEY ("outbox_id") REFERENCES "public"."mail_outbox"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_declines_estimate_id_idx" ON "estimate_declines" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_links_estimate_id_idx" ON "estimate_links" USING btree ("estimate_id");--> statement-breakpoint
CREATE UNIQUE INDEX "estimate_versions_one_draft" ON "estimate_versions" USING btree ("estimate_id") WHERE "estimate_versions"."sent_at" IS NULL;--> statement-breakpoint
CREATE INDEX "estimates_status_idx" ON "estimates" USING btree ("status");--> statement-breakpoint
CREATE INDEX "mail_outbox_attachments_outbox_idx" ON "mail_outbox_attachments" USING btree ("outbox_id");--> statement-breakpoint
CREATE INDEX "price_book_items_service_idx" ON "price_book_items" USING btree ("service","name");