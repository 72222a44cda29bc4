CREATE TYPE "public"."quote_file_kind" AS ENUM('photo', 'report');--> statement-breakpoint
CREATE TABLE "quote_attachments" (
	"upload_id" uuid PRIMARY KEY NOT NULL,
	"quote_id" uuid NOT NULL,
	"position" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "quote_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"submission_key" uuid NOT NULL,
	"kind" "quote_file_kind" NOT NULL,
	"original_name" text NOT NULL,
	"content_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"width" integer,
	"height" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "quote_attachments" ADD CONSTRAINT "quote_attachments_upload_id_quote_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."quote_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "quote_attachments" ADD CONSTRAINT "quote_attachments_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "quote_attachments_quote_id_idx" ON "quote_attachments" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "quote_uploads_submission_key_idx" ON "quote_uploads" USING btree ("submission_key");--> statement-breakpoint
CREATE INDEX "quote_uploads_created_at_idx" ON "quote_uploads" USING btree ("created_at");