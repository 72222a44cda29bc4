DROP INDEX "visits_quote_kind_unique";--> statement-breakpoint
ALTER TABLE "visits" ADD COLUMN "test_job_id" uuid;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_test_job_id_jobs_id_fk" FOREIGN KEY ("test_job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "visits_test_job_kind_unique" ON "visits" USING btree ("test_job_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "visits_quote_kind_unique" ON "visits" USING btree ("quote_id","kind") WHERE "visits"."job_id" IS NULL AND "visits"."test_job_id" IS NULL;--> statement-breakpoint
ALTER TABLE "visits" ADD CONSTRAINT "visits_test_is_radon" CHECK ("visits"."test_job_id" IS NULL OR "visits"."kind"::text IN ('radon_placement', 'radon_pickup'));