-- Invoice totals kept by the database itself, whichever code writes a payment or a refund:
-- a refund adds to its payment's refunded_cents (whose CHECK refuses more than the payment), and
-- every payment change recomputes its invoice's paid_cents from all its payments (order does not
-- matter) and the status that follows from it; the invoice's CHECK keeps 0 <= paid <= total.
CREATE OR REPLACE FUNCTION refunds_add_to_payment() RETURNS trigger AS $$
BEGIN
  UPDATE payments
     SET refunded_cents = refunded_cents + NEW.amount_cents, updated_at = now()
   WHERE id = NEW.payment_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refunds_add_to_payment
  AFTER INSERT ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_add_to_payment();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION refunds_are_final() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'refunds are never changed or removed' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER refunds_are_final
  BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refunds_are_final();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_update_invoice() RETURNS trigger AS $$
DECLARE
  paid integer;
BEGIN
  -- a succeeded payment credits what was applied, less the part of its refunds beyond the
  -- unapplied excess (an overpayment's excess is refunded first)
  SELECT coalesce(sum(applied_cents - greatest(0, refunded_cents - (amount_cents - applied_cents))), 0)
    INTO paid
    FROM payments
   WHERE invoice_id = NEW.invoice_id AND status = 'succeeded';
  UPDATE invoices
     SET paid_cents = paid,
         status = CASE
           WHEN status = 'void' THEN status
           WHEN total_cents > 0 AND paid = total_cents THEN 'paid'::invoice_status
           WHEN paid > 0 THEN 'partly_paid'::invoice_status
           WHEN sent_at IS NULL THEN 'draft'::invoice_status
           ELSE 'sent'::invoice_status
         END,
         paid_at = CASE
           WHEN total_cents > 0 AND paid = total_cents THEN coalesce(paid_at, now())
           ELSE NULL
         END
   WHERE id = NEW.invoice_id;
  RETURN NULL;
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_update_invoice
  AFTER INSERT OR UPDATE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_update_invoice();
--> statement-breakpoint
CREATE OR REPLACE FUNCTION payments_are_kept() RETURNS trigger AS $$
BEGIN
  RAISE EXCEPTION 'payments are never removed' USING ERRCODE = 'check_violation';
END;
$$ LANGUAGE plpgsql;
--> statement-breakpoint
CREATE TRIGGER payments_are_kept
  BEFORE DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION payments_are_kept();
--> statement-breakpoint
-- Realtime: the back office's invoice list refreshes when an invoice changes
CREATE TRIGGER invoices_notify_change
  AFTER INSERT OR UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION notify_row_change();
