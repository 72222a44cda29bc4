CREATE TABLE "job_sign_off_links" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"valid_until" date NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "job_sign_offs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"job_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"via" text NOT NULL,
	"signer_name" text,
	"signature_png" "bytea",
	"consent_text" text,
	"record_sha256" text,
	"comment" text,
	"recorded_by" text,
	"client_ip" text NOT NULL,
	"user_agent" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "job_sign_offs_kind" CHECK ("job_sign_offs"."kind" IN ('signed', 'punch_list')),
	CONSTRAINT "job_sign_offs_via" CHECK ("job_sign_offs"."via" IN ('crew', 'link')),
	CONSTRAINT "job_sign_offs_signed_complete" CHECK ("job_sign_offs"."kind" <> 'signed' OR (char_length("job_sign_offs"."signer_name") BETWEEN 1 AND 200 AND "job_sign_offs"."consent_text" IS NOT NULL AND "job_sign_offs"."record_sha256" IS NOT NULL)),
	CONSTRAINT "job_sign_offs_punch_list_comment" CHECK ("job_sign_offs"."kind" <> 'punch_list' OR char_length("job_sign_offs"."comment") BETWEEN 1 AND 2000)
);
--> statement-breakpoint
ALTER TABLE "job_sign_off_links" ADD CONSTRAINT "job_sign_off_links_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sign_offs" ADD CONSTRAINT "job_sign_offs_job_id_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "job_sign_offs" ADD CONSTRAINT "job_sign_offs_recorded_by_user_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "job_sign_off_links_job_idx" ON "job_sign_off_links" USING btree ("job_id");--> statement-breakpoint
CREATE INDEX "job_sign_offs_job_idx" ON "job_sign_offs" USING btree ("job_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "job_sign_offs_one_signature" ON "job_sign_offs" USING btree ("job_id") WHERE "job_sign_offs"."kind" = 'signed';