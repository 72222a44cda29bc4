/**
 * Status links: every requester (guest or customer) can follow their quote at
 * /quotes/status/{token} without an account. The token carries 256 bits from the CSPRNG
 * (OWASP ASVS 5.0 V7.2.3 asks for at least 128); only its SHA-256 hash is stored.
 */
import { createHash, randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { quote_status_history, quote_status_links, quotes } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

/**
 * A fresh status link for quote `quoteId`: the row to insert (in the same write as the mail that
 * carries the link) and the absolute URL to put in that mail.
 */
export function newStatusLink(quoteId: string): {
  row: typeof quote_status_links.$inferInsert;
  url: string;
} {
  const token = randomBytes(32).toString("base64url");
  return {
    row: { token_hash: hashToken(token), quote_id: quoteId },
    url: new URL(`/quotes/status/${token}`, env().PUBLIC_URL).href,
  };
}

export interface PublicQuoteStatus {
  id: string;
  service: (typeof quotes.$inferSelect)["service"];
  created_at: Date;
  current_status: (typeof quotes.$inferSelect)["current_status"];
  /** status changes, oldest first: status and date only (no notes, no names) */
  history: { status: (typeof quotes.$inferSelect)["current_status"]; created_at: Date }[];
}

/** What the status page shows for `token`, or null for an unknown or malformed token. */
export async function quoteStatusByToken(token: string): Promise<PublicQuoteStatus | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [quote] = await db
    .select({
      id: quotes.id,
      service: quotes.service,
      created_at: quotes.created_at,
      current_status: quotes.current_status,
    })
    .from(quote_status_links)
    .innerJoin(quotes, eq(quotes.id, quote_status_links.quote_id))
    .where(eq(quote_status_links.token_hash, hashToken(token)))
    .limit(1);
  if (!quote) return null;
  const history = await db
    .select({ status: quote_status_history.status, created_at: quote_status_history.created_at })
    .from(quote_status_history)
    .where(eq(quote_status_history.quote_id, quote.id))
    .orderBy(asc(quote_status_history.created_at));
  return { ...quote, history };
}

/** The quote a status link `token` opens, or null for an unknown or malformed token. */
export async function quoteIdByStatusToken(token: string): Promise<string | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ id: quote_status_links.quote_id })
    .from(quote_status_links)
    .where(eq(quote_status_links.token_hash, hashToken(token)))
    .limit(1);
  return row?.id ?? null;
}
