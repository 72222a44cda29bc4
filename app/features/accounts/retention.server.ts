/**
 * The end of the retention period of a closed account's records
 * (docs/decisions/0154-account-closing-and-retention.md): a quote kept without a login (not a
 * guest's, no user: 'Closed account') is deleted with everything of its job 7 years after its
 * last status change. An acceptance always comes with a status change, so its estimate is then
 * at least 7 years past acceptance too. The purge runs once a day from the outbox worker's loop
 * (entry.server.tsx); running it twice, or on two servers at once, deletes nothing more.
 */
import { and, eq, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import {
  estimate_acceptances,
  estimate_declines,
  mail_outbox,
  quote_attachments,
  quote_status_history,
  quote_uploads,
  quotes,
  user as users,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { storage } from "~/lib/storage.server";
import { CLOSED_ACCOUNT_DOMAIN } from "./close-account-schema";

/** Years a closed account's quote is kept after its last status change (decision 0154). */
export const RETENTION_YEARS = 7;
/** Quotes deleted per transaction, so one purge never holds a long lock. */
const BATCH = 200;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface PurgeCounts {
  quotes: number;
  mail: number;
  files: number;
  logins: number;
}

/** The moment before which a kept record's last change must lie to be deleted at `now`. */
export function retentionCutoff(now: Date): Date {
  const cutoff = new Date(now);
  cutoff.setUTCFullYear(cutoff.getUTCFullYear() - RETENTION_YEARS);
  return cutoff;
}

/**
 * Deletes the records of closed accounts whose retention ended before `now`, one statement per
 * table in one transaction per batch of quotes: the quotes' mail in the outbox, their file
 * attachments, the quotes (their details, status history, links, estimates with versions,
 * acceptances and declines, visits, reminders and test results go with them by their foreign
 * keys), the uploaded files' rows; then the stored files, and the closed accounts' placeholder
 * logins no record refers to any more. Logged with the counts.
 * @returns how many quotes, outbox messages, files and placeholder logins were deleted
 */
export async function purgeExpiredRecords(now = new Date()): Promise<PurgeCounts> {
  const cutoff = retentionCutoff(now);
  const counts: PurgeCounts = { quotes: 0, mail: 0, files: 0, logins: 0 };
  for (;;) {
    const lastChange = sql<Date>`coalesce((select max(${quote_status_history.created_at}) from ${quote_status_history} where ${quote_status_history.quote_id} = ${quotes.id}), ${quotes.created_at})`;
    const expired = await db
      .select({ id: quotes.id })
      .from(quotes)
      // an SQL expression has no column to encode a Date: postgres-js takes only the ISO text
      .where(
        and(
          isNull(quotes.user_id),
          eq(quotes.is_guest, false),
          lt(lastChange, cutoff.toISOString()),
        ),
      )
      .limit(BATCH);
    if (expired.length === 0) break;
    const ids = expired.map((row) => row.id);
    const removed = await db.transaction(async (tx) => {
      const mail = await tx
        .delete(mail_outbox)
        .where(inArray(mail_outbox.quote_id, ids))
        .returning({ id: mail_outbox.id });
      const attached = await tx
        .delete(quote_attachments)
        .where(inArray(quote_attachments.quote_id, ids))
        .returning({ uploadId: quote_attachments.upload_id });
      const gone = await tx
        .delete(quotes)
        .where(inArray(quotes.id, ids))
        .returning({ id: quotes.id });
      const uploadIds = attached.map((row) => row.uploadId);
      const files =
        uploadIds.length === 0
          ? []
          : await tx.delete(quote_uploads).where(inArray(quote_uploads.id, uploadIds)).returning({
              key: quote_uploads.storage_key,
              thumbnail: quote_uploads.thumbnail_key,
            });
      return { mail: mail.length, quotes: gone.length, files };
    });
    counts.quotes += removed.quotes;
    counts.mail += removed.mail;
    counts.files += removed.files.length;
    // after the commit: a file whose row is gone is never served again, whatever happens here
    for (const file of removed.files) {
      await storage().delete(file.key);
      if (file.thumbnail) await storage().delete(file.thumbnail);
    }
    if (expired.length < BATCH) break;
  }
  // a placeholder login stays while a signed acceptance or a decline names it (drizzle/0008)
  const logins = await db
    .delete(users)
    .where(
      and(
        sql`${users.email} like ${`closed-%@${CLOSED_ACCOUNT_DOMAIN}`}`,
        notExists(
          db
            .select({ one: sql`1` })
            .from(estimate_acceptances)
            .where(eq(estimate_acceptances.accepted_by, users.id)),
        ),
        notExists(
          db
            .select({ one: sql`1` })
            .from(estimate_declines)
            .where(eq(estimate_declines.declined_by, users.id)),
        ),
      ),
    )
    .returning({ id: users.id });
  counts.logins = logins.length;
  if (counts.quotes + counts.logins > 0) {
    logger().info({ ...counts, cutoff: cutoff.toISOString() }, "retention purge: records deleted");
  }
  return counts;
}

/**
 * A daily purge for the outbox worker's loop: the returned function runs `purgeExpiredRecords`
 * when a day has passed since its last run in this process (the first call runs it), and never
 * throws: a failure is logged and tried again a day later.
 */
export function dailyRetentionPurge(): (now: Date) => Promise<void> {
  let lastRun: number | undefined;
  return async (now) => {
    if (lastRun !== undefined && now.getTime() - lastRun < DAY_MS) return;
    lastRun = now.getTime();
    try {
      await purgeExpiredRecords(now);
    } catch (error) {
      logger().error({ err: error }, "retention purge failed; it runs again tomorrow");
    }
  };
}
