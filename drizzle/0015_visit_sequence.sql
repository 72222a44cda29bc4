ALTER TABLE "visits" ADD COLUMN "sequence" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Realtime: a booked, moved or cancelled visit is announced on visits_changed (the staff's week refreshes live)
CREATE TRIGGER visits_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON visits
  FOR EACH ROW EXECUTE FUNCTION notify_row_change();
