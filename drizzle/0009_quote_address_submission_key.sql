ALTER TABLE "quotes" ADD COLUMN "property_address" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "property_city" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "property_state" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "property_zip_code" text;--> statement-breakpoint
ALTER TABLE "quotes" ADD COLUMN "submission_key" uuid;--> statement-breakpoint
CREATE INDEX "quotes_property_address_trgm_idx" ON "quotes" USING gin (("property_address") gin_trgm_ops);--> statement-breakpoint
ALTER TABLE "quotes" ADD CONSTRAINT "quotes_submission_key_unique" UNIQUE("submission_key");--> statement-breakpoint
-- quotes written before the snapshot take the address of their property, where it still exists
UPDATE "quotes" SET "property_address" = p."address", "property_city" = p."city", "property_state" = p."state", "property_zip_code" = p."zip_code" FROM "properties" p WHERE p."id" = "quotes"."property_id";
