-- A result belongs to its request only (docs/decisions/0160-results-belong-to-their-request.md):
-- every row keeps its quote_id, and its quote's property_id (the one it was recorded for) shows it
-- on that property's record, so no result is lost by dropping the copy of the link.
ALTER TABLE "test_results" DROP CONSTRAINT "test_results_property_id_properties_id_fk";
--> statement-breakpoint
DROP INDEX "test_results_property_idx";--> statement-breakpoint
DROP INDEX "test_results_quote_idx";--> statement-breakpoint
CREATE INDEX "test_results_quote_idx" ON "test_results" USING btree ("quote_id","sampled_on");--> statement-breakpoint
ALTER TABLE "test_results" DROP COLUMN "property_id";