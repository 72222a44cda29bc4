CREATE TYPE "public"."radon_phase" AS ENUM('before', 'after');--> statement-breakpoint
CREATE TYPE "public"."radon_test_kind" AS ENUM('short_term', 'long_term', 'continuous');--> statement-breakpoint
CREATE TYPE "public"."test_result_kind" AS ENUM('radon', 'water', 'mold');--> statement-breakpoint
CREATE TYPE "public"."water_analyte" AS ENUM('arsenic', 'nitrate', 'lead', 'uranium', 'fluoride', 'pfoa', 'pfos', 'total_coliform');--> statement-breakpoint
CREATE TYPE "public"."water_unit" AS ENUM('mg/L', 'ppm', 'ug/L', 'ppb', 'ng/L', 'ppt');--> statement-breakpoint
CREATE TABLE "record_share_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "record_share_links_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "test_result_analytes" (
	"result_id" uuid NOT NULL,
	"analyte" "water_analyte" NOT NULL,
	"value" numeric,
	"unit" "water_unit",
	"present" boolean,
	CONSTRAINT "test_result_analytes_result_id_analyte_pk" PRIMARY KEY("result_id","analyte"),
	CONSTRAINT "test_result_analytes_one_reading" CHECK (("test_result_analytes"."value" IS NOT NULL AND "test_result_analytes"."unit" IS NOT NULL AND "test_result_analytes"."present" IS NULL) OR ("test_result_analytes"."value" IS NULL AND "test_result_analytes"."unit" IS NULL AND "test_result_analytes"."present" IS NOT NULL))
);
--> statement-breakpoint
CREATE TABLE "test_result_mold_samples" (
	"result_id" uuid NOT NULL,
	"position" integer NOT NULL,
	"location" text NOT NULL,
	"indoor_count" integer NOT NULL,
	"outdoor_count" integer NOT NULL,
	CONSTRAINT "test_result_mold_samples_result_id_position_pk" PRIMARY KEY("result_id","position")
);
--> statement-breakpoint
CREATE TABLE "test_results" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"property_id" uuid NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" "test_result_kind" NOT NULL,
	"lab" text NOT NULL,
	"sampled_on" date NOT NULL,
	"radon_test_kind" "radon_test_kind",
	"radon_started_on" date,
	"radon_level" numeric,
	"radon_phase" "radon_phase",
	"report_upload_id" uuid,
	"recorded_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "test_results_radon_fields" CHECK (("test_results"."kind" = 'radon') = ("test_results"."radon_level" IS NOT NULL AND "test_results"."radon_test_kind" IS NOT NULL AND "test_results"."radon_started_on" IS NOT NULL AND "test_results"."radon_phase" IS NOT NULL)),
	CONSTRAINT "test_results_radon_dates" CHECK ("test_results"."radon_started_on" IS NULL OR "test_results"."radon_started_on" <= "test_results"."sampled_on")
);
--> statement-breakpoint
ALTER TABLE "record_share_links" ADD CONSTRAINT "record_share_links_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_result_analytes" ADD CONSTRAINT "test_result_analytes_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_result_mold_samples" ADD CONSTRAINT "test_result_mold_samples_result_id_test_results_id_fk" FOREIGN KEY ("result_id") REFERENCES "public"."test_results"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_property_id_properties_id_fk" FOREIGN KEY ("property_id") REFERENCES "public"."properties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_report_upload_id_quote_uploads_id_fk" FOREIGN KEY ("report_upload_id") REFERENCES "public"."quote_uploads"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "test_results" ADD CONSTRAINT "test_results_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "record_share_links_property_idx" ON "record_share_links" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "test_results_property_idx" ON "test_results" USING btree ("property_id","sampled_on");--> statement-breakpoint
CREATE INDEX "test_results_quote_idx" ON "test_results" USING btree ("quote_id");