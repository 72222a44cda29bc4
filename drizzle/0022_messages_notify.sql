-- Live updates of the back office's Messages: every change to a thread (a customer's message, a
-- reply, a read) is announced on conversations_changed with the thread's id (0001's function).
CREATE TRIGGER conversations_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON conversations
  FOR EACH ROW EXECUTE FUNCTION notify_row_change();
