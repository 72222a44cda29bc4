ALTER TABLE "payments" ADD COLUMN "flag_reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_reviewed_by" text;--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "flag_review_note" text;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_flag_reviewed_by_user_id_fk" FOREIGN KEY ("flag_reviewed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;