CREATE TYPE "public"."visit_kind" AS ENUM('water_filtration', 'mold', 'radon_placement', 'radon_pickup');--> statement-breakpoint
CREATE TABLE "visit_days_off" (
	"staff_id" text NOT NULL,
	"day" date NOT NULL,
	CONSTRAINT "visit_days_off_staff_id_day_pk" PRIMARY KEY("staff_id","day")
);
--> statement-breakpoint
CREATE TABLE "visit_lengths" (
	"kind" "visit_kind" PRIMARY KEY NOT NULL,
	"minutes" integer NOT NULL,
	CONSTRAINT "visit_lengths_minutes" CHECK ("visit_lengths"."minutes" BETWEEN 5 AND 600)
);
--> statement-breakpoint
CREATE TABLE "visit_settings" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"lead_time_hours" integer NOT NULL,
	CONSTRAINT "visit_settings_one_row" CHECK ("visit_settings"."id"),
	CONSTRAINT "visit_settings_lead_time" CHECK ("visit_settings"."lead_time_hours" BETWEEN 0 AND 336)
);
--> statement-breakpoint
CREATE TABLE "visit_staff" (
	"user_id" text PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "visit_working_hours" (
	"staff_id" text NOT NULL,
	"weekday" integer NOT NULL,
	"start_minute" integer NOT NULL,
	"end_minute" integer NOT NULL,
	CONSTRAINT "visit_working_hours_staff_id_weekday_pk" PRIMARY KEY("staff_id","weekday"),
	CONSTRAINT "visit_working_hours_weekday" CHECK ("visit_working_hours"."weekday" BETWEEN 0 AND 6),
	CONSTRAINT "visit_working_hours_range" CHECK ("visit_working_hours"."start_minute" >= 0 AND "visit_working_hours"."start_minute" < "visit_working_hours"."end_minute" AND "visit_working_hours"."end_minute" <= 1440)
);
--> statement-breakpoint
CREATE TABLE "visits" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"quote_id" uuid NOT NULL,
	"kind" "visit_kind" NOT NULL,
	"staff_id" text NOT NULL,
	"starts_at" timestamp with time zone NOT NULL,
	"ends_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "visits_quote_kind_unique" UNIQUE("quote_id","kind"),
	CONSTRAINT "visits_ends_after_start" CHECK ("visits"."ends_at" > "visits"."starts_at")
);
--> statement-breakpoint
ALTER TABLE "visit_days_off" ADD CONSTRAINT "visit_days_off_staff_id_visit_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."visit_staff"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_staff" ADD CONSTRAINT "visit_staff_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visit_working_hours" ADD CONSTRAINT "visit_working_hours_staff_id_visit_staff_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."visit_staff"("user_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_quote_id_quotes_id_fk" FOREIGN KEY ("quote_id") REFERENCES "public"."quotes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_staff_id_user_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."user"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "visits_staff_starts_idx" ON "visits" USING btree ("staff_id","starts_at");--> statement-breakpoint
CREATE INDEX "visits_starts_idx" ON "visits" USING btree ("starts_at");