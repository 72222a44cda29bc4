-- pg_trgm is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in lib/pglite.worker.ts
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE INDEX "profiles_full_name_trgm_idx" ON "profiles" USING gin (("full_name") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "properties_address_trgm_idx" ON "properties" USING gin (("address") gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "quotes_property_id_idx" ON "quotes" USING btree ("property_id");--> statement-breakpoint
CREATE INDEX "quotes_search_trgm_idx" ON "quotes" USING gin ((("description" || ' ' || "contact_first_name" || ' ' || "contact_last_name" || ' ' || "contact_email" || ' ' || "contact_phone")) gin_trgm_ops);