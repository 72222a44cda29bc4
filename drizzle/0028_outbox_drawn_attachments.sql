ALTER TABLE "mail_outbox_attachments" ALTER COLUMN "content" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD COLUMN "drawer" text;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD COLUMN "drawer_key" text;--> statement-breakpoint
ALTER TABLE "mail_outbox_attachments" ADD CONSTRAINT "mail_outbox_attachments_content_or_drawer" CHECK ("mail_outbox_attachments"."content" IS NOT NULL OR ("mail_outbox_attachments"."drawer" IS NOT NULL AND "mail_outbox_attachments"."drawer_key" IS NOT NULL));