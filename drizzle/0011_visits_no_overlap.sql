-- btree_gist is a trusted extension (PostgreSQL 13+): the database owner may create it; PGlite loads it in lib/pglite.worker.ts
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
-- two visits of one staff member never overlap (half-open ranges: one may end as the next starts), whichever process books them
ALTER TABLE "visits" ADD CONSTRAINT "visits_staff_no_overlap" EXCLUDE USING gist ("staff_id" WITH =, tstzrange("starts_at", "ends_at", '[)') WITH &&);
