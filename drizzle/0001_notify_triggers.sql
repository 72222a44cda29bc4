-- Realtime: every change to quotes and profiles is announced on <table>_changed with the row id,
-- so admin lists on every server process can refresh (SPEC: live subscriptions).
CREATE OR REPLACE FUNCTION notify_row_change() RETURNS trigger AS $$
BEGIN
  PERFORM pg_notify(
    TG_TABLE_NAME || '_changed',
    json_build_object(
      'op', TG_OP,
      'id', CASE WHEN TG_OP = 'DELETE' THEN OLD.id ELSE NEW.id END
    )::text
  );
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER quotes_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON quotes
  FOR EACH ROW EXECUTE FUNCTION notify_row_change();
--> statement-breakpoint
CREATE TRIGGER profiles_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON profiles
  FOR EACH ROW EXECUTE FUNCTION notify_row_change();
