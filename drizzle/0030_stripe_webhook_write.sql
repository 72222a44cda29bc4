-- The Stripe webhook's read and write (app/features/invoices/webhooks.server.ts; decision 0290):
-- stripe_webhook_state reads what the payment rules need in one call, the code decides, and
-- stripe_webhook_write writes all it decided in one call. Functions, not one statement each,
-- because their statements keep their plans for the session: planning a data-modifying CTE
-- anew on every event cost more than running it (PGlite).
--
-- What the rules need about a Checkout Session's event: { stored (the event was stored before),
-- invoice (with its version: its xmin), session, payment (the PaymentIntent's, with its receipt
-- number were it to succeed now), new_receipt_number (a new payment's, written at `now` with id
-- p_new_id), now (the database's clock, to the millisecond: what the write stamps, so that
-- webhook and staff payments are ordered by one clock) }. Receipts are numbered by the invoice's
-- succeeded payments in (created_at, id) order, as queueReceipt numbers them
-- (features/invoices/payments.server.ts).
CREATE OR REPLACE FUNCTION stripe_webhook_state(
  p_event_id text,
  p_invoice uuid,
  p_session_id text,
  p_intent text,
  p_new_id uuid
) RETURNS jsonb AS $$
DECLARE
  v_now timestamptz := date_trunc('milliseconds', now());
BEGIN
  -- a replay or duplicate needs no more
  IF EXISTS (SELECT 1 FROM stripe_events WHERE id = p_event_id) THEN
    RETURN jsonb_build_object('stored', true);
  END IF;
  RETURN jsonb_build_object(
    'stored', false,
    'now', v_now,
    'invoice', (SELECT jsonb_build_object('id', i.id, 'number', i.number, 'quote_id', i.quote_id,
        'customer_name', i.customer_name, 'customer_email', i.customer_email,
        'total_cents', i.total_cents, 'paid_cents', i.paid_cents, 'due_on', i.due_on,
        'kind', i.kind, 'status', i.status, 'version', i.xmin::text)
      FROM invoices AS i WHERE i.id = p_invoice),
    'session', (SELECT jsonb_build_object('status', s.status, 'requested_cents', s.requested_cents)
      FROM checkout_sessions AS s WHERE s.id = p_session_id),
    'payment', (SELECT jsonb_build_object('id', p.id, 'status', p.status, 'method', p.method,
        'amount_cents', p.amount_cents, 'flag', p.flag,
        'stripe_checkout_session_id', p.stripe_checkout_session_id,
        'requested_cents', p.requested_cents, 'received_on', p.received_on,
        'receipt_number', 1 + (SELECT count(*) FROM payments AS earlier
          WHERE earlier.invoice_id = p.invoice_id AND earlier.status = 'succeeded'
            AND (earlier.created_at, earlier.id) < (p.created_at, p.id)))
      FROM payments AS p WHERE p.stripe_payment_intent_id = p_intent AND p.invoice_id = p_invoice),
    'new_receipt_number', 1 + (SELECT count(*) FROM payments AS earlier
      WHERE earlier.invoice_id = p_invoice AND earlier.status = 'succeeded'
        AND (earlier.created_at, earlier.id) < (v_now, p_new_id)));
END;
$$ LANGUAGE plpgsql STABLE;
--> statement-breakpoint
-- The write: nothing is written unless invoice p_invoice is still at version p_version (its xmin
-- when read: every change of its payments rewrites its row, the totals' trigger) and event
-- p_event_id, when given, is new. Returns 'stale' (the caller reads again under the invoice's
-- lock), 'duplicate' or 'written'. A payment to move that is no longer in status p_payment_from
-- raises SQLSTATE 40001 (serialization failure), which undoes the whole call: the caller treats
-- it as 'stale'. The version check alone relies on the totals' trigger rewriting the invoice row
-- on every change of its payments (drizzle/0020_invoice_totals.sql).
CREATE OR REPLACE FUNCTION stripe_webhook_write(
  p_invoice uuid,
  p_version text,
  p_event_id text,
  p_event_type text,
  -- the checkout session's row moved to 'expired' (from open) or 'complete' (from anything else)
  p_session_id text,
  p_session_status text,
  -- a new payment's row, or the columns of payment p_payment_id to change (from p_payment_from)
  p_payment_insert jsonb,
  p_payment_id uuid,
  p_payment_from payment_status,
  p_payment_set jsonb,
  -- the invoice event and the quote's history row: { kind, note, amount_cents, created_at }
  p_event jsonb,
  -- mail_outbox rows and their mail_outbox_attachments rows (drawn files only)
  p_mails jsonb,
  p_files jsonb
) RETURNS text AS $$
BEGIN
  PERFORM 1 FROM invoices WHERE id = p_invoice AND xmin::text = p_version FOR UPDATE;
  IF NOT FOUND THEN
    RETURN 'stale';
  END IF;
  IF p_event_id IS NOT NULL THEN
    INSERT INTO stripe_events (id, type) VALUES (p_event_id, p_event_type) ON CONFLICT DO NOTHING;
    IF NOT FOUND THEN
      RETURN 'duplicate';
    END IF;
  END IF;
  IF p_session_status = 'expired' THEN
    UPDATE checkout_sessions SET status = 'expired' WHERE id = p_session_id AND status = 'open';
  ELSIF p_session_status = 'complete' THEN
    UPDATE checkout_sessions SET status = 'complete' WHERE id = p_session_id AND status <> 'complete';
  END IF;
  IF p_payment_insert IS NOT NULL THEN
    INSERT INTO payments (id, invoice_id, method, status, amount_cents, applied_cents, received_on,
        reference, stripe_payment_intent_id, stripe_checkout_session_id, requested_cents, flag,
        receipt_queued_at, created_at, updated_at)
      SELECT n.id, n.invoice_id, n.method, n.status, n.amount_cents, n.applied_cents, n.received_on,
          n.reference, n.stripe_payment_intent_id, n.stripe_checkout_session_id, n.requested_cents,
          n.flag, n.receipt_queued_at, n.created_at, n.updated_at
        FROM jsonb_populate_record(NULL::payments, p_payment_insert) AS n;
  END IF;
  IF p_payment_set IS NOT NULL THEN
    -- the columns not in p_payment_set keep their values
    UPDATE payments AS p
       SET (status, applied_cents, received_on, flag, receipt_queued_at,
            stripe_checkout_session_id, requested_cents, updated_at)
         = (SELECT n.status, n.applied_cents, n.received_on, n.flag, n.receipt_queued_at,
                   n.stripe_checkout_session_id, n.requested_cents, n.updated_at
              FROM jsonb_populate_record(p, p_payment_set) AS n)
     WHERE p.id = p_payment_id AND p.status = p_payment_from;
    -- moved since it was read: undo the whole call (the caller reads again under the lock)
    IF NOT FOUND THEN
      RAISE EXCEPTION 'payment % is no longer %', p_payment_id, p_payment_from
        USING ERRCODE = '40001';
    END IF;
  END IF;
  IF p_event IS NOT NULL THEN
    INSERT INTO invoice_events (invoice_id, kind, note, amount_cents, created_at)
      VALUES (p_invoice, p_event->>'kind', p_event->>'note', (p_event->>'amount_cents')::integer,
              (p_event->>'created_at')::timestamptz);
    -- the quote's status stays as it is (recordInvoiceEvent)
    INSERT INTO quote_status_history (quote_id, status, notes, created_at)
      SELECT q.id, q.current_status, p_event->>'note', (p_event->>'created_at')::timestamptz
        FROM invoices AS i JOIN quotes AS q ON q.id = i.quote_id
       WHERE i.id = p_invoice;
  END IF;
  INSERT INTO mail_outbox (id, kind, channel, quote_id, to_address, subject, text_body, html_body,
      sensitive, list_unsubscribe, next_attempt_at)
    SELECT m.id, m.kind, m.channel, m.quote_id, m.to_address, m.subject, m.text_body, m.html_body,
        m.sensitive, m.list_unsubscribe, coalesce(m.next_attempt_at, now())
      FROM jsonb_populate_recordset(NULL::mail_outbox, p_mails) AS m;
  INSERT INTO mail_outbox_attachments (outbox_id, filename, content_type, drawer, drawer_key)
    SELECT f.outbox_id, f.filename, f.content_type, f.drawer, f.drawer_key
      FROM jsonb_populate_recordset(NULL::mail_outbox_attachments, p_files) AS f;
  RETURN 'written';
END;
$$ LANGUAGE plpgsql;
