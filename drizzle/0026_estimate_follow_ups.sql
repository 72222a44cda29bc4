CREATE TABLE "estimate_follow_up_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"first_days" integer NOT NULL,
	"second_days" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_follow_up_settings_one_row" CHECK ("estimate_follow_up_settings"."id"),
	CONSTRAINT "estimate_follow_up_settings_days" CHECK ("estimate_follow_up_settings"."first_days" BETWEEN 1 AND 60 AND "estimate_follow_up_settings"."second_days" BETWEEN 1 AND 60 AND "estimate_follow_up_settings"."first_days" < "estimate_follow_up_settings"."second_days")
);
--> statement-breakpoint
CREATE TABLE "estimate_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"estimate_id" uuid NOT NULL,
	"version_id" uuid NOT NULL,
	"number" integer NOT NULL,
	"due_at" timestamp with time zone NOT NULL,
	"sent_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"cancel_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "estimate_follow_ups_version_number" UNIQUE("version_id","number"),
	CONSTRAINT "estimate_follow_ups_number" CHECK ("estimate_follow_ups"."number" BETWEEN 1 AND 2),
	CONSTRAINT "estimate_follow_ups_sent_or_cancelled" CHECK ("estimate_follow_ups"."sent_at" IS NULL OR "estimate_follow_ups"."cancelled_at" IS NULL)
);
--> statement-breakpoint
ALTER TABLE "estimate_follow_ups" ADD CONSTRAINT "estimate_follow_ups_estimate_id_estimates_id_fk" FOREIGN KEY ("estimate_id") REFERENCES "public"."estimates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "estimate_follow_ups" ADD CONSTRAINT "estimate_follow_ups_version_id_estimate_versions_id_fk" FOREIGN KEY ("version_id") REFERENCES "public"."estimate_versions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "estimate_follow_ups_estimate_idx" ON "estimate_follow_ups" USING btree ("estimate_id");--> statement-breakpoint
CREATE INDEX "estimate_follow_ups_due_idx" ON "estimate_follow_ups" USING btree ("due_at") WHERE "estimate_follow_ups"."sent_at" IS NULL AND "estimate_follow_ups"."cancelled_at" IS NULL;