CREATE TYPE "public"."job_status" AS ENUM('unscheduled', 'scheduled', 'in_progress', 'completed', 'cancelled');--> statement-breakpoint
ALTER TYPE "public"."visit_kind" ADD VALUE 'work';--> statement-breakpoint
CREATE TABLE "job_crew" (
	"job_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_crew_job_id_user_id_pk" PRIMARY KEY("job_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "job_lines" (
	"job_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"unit" "estimate_unit" NOT NULL,
	"quantity_thousandths" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"amount_cents" integer NOT NULL,
	"taxable" boolean NOT NULL,
	CONSTRAINT "job_lines_job_id_position_pk" PRIMARY KEY("job_id","position")
);
--> statement-breakpoint
CREATE TABLE "job_number_counter" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"last_number" integer NOT NULL,
	CONSTRAINT "job_number_counter_one_row" CHECK ("job_number_counter"."id"),
	CONSTRAINT "job_number_counter_positive" CHECK ("job_number_counter"."last_number" >= 0)
);
--> statement-breakpoint
CREATE TABLE "job_record_photos" (
	"job_id" uuid NOT NULL,
	"upload_id" uuid NOT NULL,
	"slot" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_record_photos_job_id_upload_id_pk" PRIMARY KEY("job_id","upload_id")
);
--> statement-breakpoint
CREATE TABLE "job_records" (
	"job_id" uuid PRIMARY KEY NOT NULL,
	"data" text NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_status_history" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"status" "job_status" NOT NULL,
	"changed_by" text,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"number" integer NOT NULL,
	"quote_id" uuid NOT NULL,
	"estimate_acceptance_id" uuid,
	"service" "service" NOT NULL,
	"status" "job_status" DEFAULT 'unscheduled' NOT NULL,
	"option_name" text,
	"total_cents" integer,
	"opened_note" text,
	"cancel_reason" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "jobs_number_unique" UNIQUE("number"),
	CONSTRAINT "jobs_quote_unique" UNIQUE("quote_id"),
	CONSTRAINT "jobs_acceptance_unique" UNIQUE("estimate_acceptance_id"),
	CONSTRAINT "jobs_number_positive" CHECK ("jobs"."number" >= 1),
	CONSTRAINT "jobs_cancelled_has_reason" CHECK (("jobs"."status" = 'cancelled') = ("jobs"."cancel_reason" IS NOT NULL)),
	CONSTRAINT "jobs_completed_has_time" CHECK (("jobs"."status" = 'completed') = ("jobs"."completed_at" IS NOT NULL)),
	CONSTRAINT "jobs_note_lengths" CHECK (char_length(coalesce("jobs"."cancel_reason", '')) <= 2000 AND char_length(coalesce("jobs"."opened_note", '')) <= 2000)
);
--> statement-breakpoint
ALTER TABLE "visits" DROP CONSTRAINT "visits_quote_kind_unique";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "certification_number" text;--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "job_id" uuid;--> statement-breakpoint
ALTER TABLE "job_crew" ADD CONSTRAINT "job_crew_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_crew" ADD CONSTRAINT "job_crew_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_lines" ADD CONSTRAINT "job_lines_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_record_photos" ADD CONSTRAINT "job_record_photos_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_record_photos" ADD CONSTRAINT "job_record_photos_upload_id_quote_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."quote_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_records" ADD CONSTRAINT "job_records_updated_by_user_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_history" ADD CONSTRAINT "job_status_history_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_status_history" ADD CONSTRAINT "job_status_history_changed_by_user_id_fk" FOREIGN KEY ("changed_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_estimate_acceptance_id_estimate_acceptances_id_fk" FOREIGN KEY ("estimate_acceptance_id") REFERENCES "public"."estimate_acceptances"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "jobs" ADD CONSTRAINT "jobs_created_by_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_crew_user_idx" ON "job_crew" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "job_record_photos_slot_idx" ON "job_record_photos" USING btree ("job_id","slot");--> statement-breakpoint
CREATE INDEX "job_status_history_job_idx" ON "job_status_history" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE INDEX "jobs_status_number_idx" ON "jobs" USING btree ("status","number");--> statement-breakpoint
CREATE INDEX "jobs_service_number_idx" ON "jobs" USING btree ("service","number");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_quote_kind_unique" ON "visits" USING btree ("quote_id","kind") WHERE "visits"."job_id" IS NULL;--> statement-breakpoint
CREATE INDEX "visits_job_idx" ON "visits" USING btree ("job_id","starts_at");--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_work_has_job" CHECK (("visits"."kind"::text = 'work') = ("visits"."job_id" IS NOT NULL));