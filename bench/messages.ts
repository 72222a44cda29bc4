/**
 * /admin/messages with 5,000 threads and 100,000 messages (goal: < 50 ms median and p99). Loads a
 * fresh database per driver (PGlite always; PostgreSQL when DATABASE_URL is set;
 * BENCH_DRIVERS=pglite|postgres picks one) with 5,000 customers, each with a request, a thread
 * and 20 messages (10 they sent, 10 mails and texts the outbox sent them), then times the page
 * loader's data functions in-process (the thread list with its saved replies, its searches, the
 * unread count of the sidebar) and one thread as staff open it: median and p99 over BENCH_RUNS
 * (default 40) runs each. Prints figures; asserts nothing.
 *   npm run bench:messages      (tsx, for the ~ path alias; run from the project root)
 */
import { sql } from "drizzle-orm";
import {
  listThreads,
  savedReplies,
  threadForStaff,
  unreadThreadCount,
} from "~/features/messages/admin.server";
import { db, executedRows } from "~/lib/db.server";
import { benchEachDriver, time } from "./database";

const THREADS = Number(process.env.BENCH_THREADS ?? 5_000);
const PER_THREAD = 20;

async function seed(): Promise<void> {
  await db.execute(sql`
    INSERT INTO quotes (id, service, is_guest, current_status, created_at, description,
      contact_first_name, contact_last_name, contact_email, contact_phone, zip_code)
    SELECT gen_random_uuid(), 'water_filtration', true, 'pending',
      now() - make_interval(hours => i),
      'Request ' || i,
      (ARRAY['Ann','Bob','Cara','Dan','Eve','Finn','Gus'])[1 + i % 7],
      (ARRAY['Lee','Smith','Garcia','Nguyen','Brown','Jensen','Young'])[1 + i % 7] || (i % 50),
      'person' || i || '@example.com',
      '801-555-' || lpad((i % 10000)::text, 4, '0'),
      '84101'
    FROM generate_series(1, ${THREADS}) AS i`);
  await db.execute(sql`
    INSERT INTO conversations (email, phone_number, name, last_message_at, unread, created_at)
    SELECT q.contact_email, '+1801555' || lpad((n % 10000)::text, 4, '0'),
      q.contact_first_name || ' ' || q.contact_last_name,
      now() - make_interval(mins => (n * 7)::int), CASE WHEN n % 9 = 0 THEN 2 ELSE 0 END, q.created_at
    FROM (SELECT *, row_number() OVER (ORDER BY created_at DESC) AS n FROM quotes) q`);
  // half of each thread is what the customer sent, half what the outbox sent them
  await db.execute(sql`
    INSERT INTO customer_messages (conversation_id, channel, body, quote_id, created_at)
    SELECT c.id, (ARRAY['web','sms'])[1 + k % 2]::customer_message_channel,
      'Question ' || k || ' about the water softener, when can you come?', q.id,
      c.last_message_at - make_interval(hours => k * 5)
    FROM conversations c JOIN quotes q ON q.contact_email = c.email,
      generate_series(1, ${PER_THREAD / 2}) AS k`);
  await db.execute(sql`
    INSERT INTO mail_outbox (kind, channel, quote_id, to_address, subject, text_body, status,
      attempts, created_at, next_attempt_at, sent_at)
    SELECT 'staff_reply', (ARRAY['mail','sms'])[1 + k % 2]::outbox_channel, q.id,
      CASE WHEN k % 2 = 0 THEN c.email ELSE c.phone_number END,
      CASE WHEN k % 2 = 0 THEN 'A message from the office' ELSE '' END,
      'Answer ' || k || ': we can come on Tuesday morning.', 'sent', 1,
      c.last_message_at - make_interval(hours => k * 5 - 2),
      c.last_message_at - make_interval(hours => k * 5 - 2),
      c.last_message_at - make_interval(hours => k * 5 - 2)
    FROM conversations c JOIN quotes q ON q.contact_email = c.email,
      generate_series(1, ${PER_THREAD / 2}) AS k`);
  await db.execute(sql`
    INSERT INTO saved_replies (title, body)
    SELECT 'Reply ' || i, 'Hello {name}, about {reference}: {link}' FROM generate_series(1, 20) AS i`);
  await db.execute(sql`ANALYZE`);
}

await benchEachDriver({
  header: `messages bench: ${THREADS} threads, ${THREADS * PER_THREAD} messages`,
  seeded: `${THREADS} threads, ${THREADS * PER_THREAD} messages (half sent by the outbox)`,
  seed,
  measure: async (driver) => {
    const page =
      (q: string | undefined, n = 1) =>
      () =>
        Promise.all([listThreads({ q, page: n }), savedReplies()]);
    const result = await db.execute(sql`SELECT id::text AS id FROM quotes ORDER BY id LIMIT 1`);
    const rows = executedRows<{ id: string }>(result);
    const reference = rows[0]?.id.slice(0, 8) ?? "00000000";
    const [thread] = (await listThreads({ page: 1 })).items;
    await time("page 1 (newest threads) + saved replies", driver, page(undefined));
    await time("page 100 (the last)", driver, page(undefined, 100));
    await time("q=smith (name)", driver, page("smith"));
    await time("q=person4242@ (email)", driver, page("person4242@"));
    await time("q=5554242 (phone digits)", driver, page("5554242"));
    await time("q=<reference> (request)", driver, page(reference));
    await time("sidebar unread count", driver, () => unreadThreadCount());
    if (thread)
      await time("one thread (20 messages) as staff", driver, () => threadForStaff(thread.id));
  },
});

process.exit(0);
