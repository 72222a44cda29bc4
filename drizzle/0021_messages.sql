CREATE TYPE "public"."customer_message_channel" AS ENUM('sms', 'web', 'review');--> statement-breakpoint
CREATE TYPE "public"."text_consent_source" AS ENUM('quote_form', 'profile', 'text_reply');--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text,
	"email" text,
	"phone_number" text,
	"name" text DEFAULT '' NOT NULL,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"unread" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_unread" CHECK ("conversations"."unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "customer_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"channel" "customer_message_channel" NOT NULL,
	"body" text NOT NULL,
	"provider_sid" text,
	"quote_id" uuid,
	"upload_id" uuid,
	"rating" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customer_messages_provider_sid_unique" UNIQUE("provider_sid"),
	CONSTRAINT "customer_messages_rating" CHECK ("customer_messages"."rating" IS NULL OR "customer_messages"."rating" BETWEEN 1 AND 5),
	CONSTRAINT "customer_messages_body_length" CHECK (char_length("customer_messages"."body") <= 5000)
);
--> statement-breakpoint
CREATE TABLE "review_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"job_id" uuid,
	"token_hash" text NOT NULL,
	"answered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "review_requests_job_id_unique" UNIQUE("job_id"),
	CONSTRAINT "review_requests_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "saved_replies" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "text_consents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"phone_number" text NOT NULL,
	"granted" boolean NOT NULL,
	"source" text_consent_source NOT NULL,
	"wording" text NOT NULL,
	"user_id" text,
	"quote_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "customer_messages" ADD CONSTRAINT "customer_messages_upload_id_quote_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."quote_uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "review_requests" ADD CONSTRAINT "review_requests_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "text_consents" ADD CONSTRAINT "text_consents_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_user_unique" ON "conversations" USING btree ("user_id") WHERE "conversations"."user_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_email_unique" ON "conversations" USING btree ("email") WHERE "conversations"."email" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_phone_unique" ON "conversations" USING btree ("phone_number") WHERE "conversations"."phone_number" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "conversations_recent_idx" ON "conversations" USING btree ("last_message_at");--> statement-breakpoint
CREATE INDEX "customer_messages_thread_idx" ON "customer_messages" USING btree ("conversation_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "review_requests_quote_unique" ON "review_requests" USING btree ("quote_id") WHERE "review_requests"."job_id" IS NULL;--> statement-breakpoint
CREATE INDEX "text_consents_number_idx" ON "text_consents" USING btree ("phone_number","created_at");--> statement-breakpoint
CREATE INDEX "text_consents_user_idx" ON "text_consents" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "text_consents_quote_idx" ON "text_consents" USING btree ("quote_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_recipient_idx" ON "mail_outbox" USING btree (lower("to_address"),"created_at");