CREATE TYPE "public"."outbox_channel" AS ENUM('mail', 'sms');--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "channel" "outbox_channel" DEFAULT 'mail' NOT NULL;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number" text;--> statement-breakpoint
ALTER TABLE "user" ADD COLUMN "phone_number_verified" boolean;--> statement-breakpoint
ALTER TABLE "user" ADD CONSTRAINT "user_phone_number_unique" UNIQUE("phone_number");