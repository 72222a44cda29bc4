-- A sent estimate version never changes (only its first view is recorded), nor does an acceptance
-- or a decline: the record a court or an insurer would ask for (docs/decisions/0123-estimate-records.md).
CREATE OR REPLACE FUNCTION estimate_version_frozen() RETURNS trigger AS $$
BEGIN
  IF OLD.sent_at IS NOT NULL AND (
    NEW.content IS DISTINCT FROM OLD.content
    OR NEW.content_sha256 IS DISTINCT FROM OLD.content_sha256
    OR NEW.version IS DISTINCT FROM OLD.version
    OR NEW.valid_until IS DISTINCT FROM OLD.valid_until
    OR NEW.sent_at IS DISTINCT FROM OLD.sent_at
    OR NEW.estimate_id IS DISTINCT FROM OLD.estimate_id
  ) THEN
    RAISE EXCEPTION 'estimate version % was sent and can never change', OLD.id
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER estimate_versions_frozen
  BEFORE UPDATE ON estimate_versions
  FOR EACH ROW EXECUTE FUNCTION estimate_version_frozen();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION estimate_record_unchangeable() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION '% rows are a signed record and can never change', TG_TABLE_NAME
    USING ERRCODE = 'integrity_constraint_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER estimate_acceptances_unchangeable
  BEFORE UPDATE ON estimate_acceptances
  FOR EACH ROW EXECUTE FUNCTION estimate_record_unchangeable();
--> statement-breakpoint
CREATE TRIGGER estimate_declines_unchangeable
  BEFORE UPDATE ON estimate_declines
  FOR EACH ROW EXECUTE FUNCTION estimate_record_unchangeable();
--> statement-breakpoint
-- Realtime: an estimate's change (sent, viewed, accepted, declined) is its quote's change, so the
-- admin pages already listening on quotes_changed (0001) refresh.
CREATE OR REPLACE FUNCTION notify_estimate_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    'quotes_changed',
    json_build_object(
      'op', 'UPDATE',
      'id', CASE WHEN TG_OP = 'DELETE' THEN OLD.quote_id ELSE NEW.quote_id END
    )::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER estimates_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON estimates
  FOR EACH ROW EXECUTE FUNCTION notify_estimate_change();
