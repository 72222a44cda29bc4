import { desc, eq } from "drizzle-orm";
import { quotes } from "~/db/schema";
import { db } from "~/lib/db.server";

export interface QuoteHistoryItem {
  id: string;
  service: (typeof quotes.$inferSelect)["service"];
  description: string;
  current_status: (typeof quotes.$inferSelect)["current_status"];
  created_at: Date;
}

/** The user's own quotes, newest first (SPEC: Quote History). */
export function listQuotesForUser(userId: string): Promise<QuoteHistoryItem[]> {
  return db
    .select({
      id: quotes.id,
      service: quotes.service,
      description: quotes.description,
      current_status: quotes.current_status,
      created_at: quotes.created_at,
    })
    .from(quotes)
    .where(eq(quotes.user_id, userId))
    .orderBy(desc(quotes.created_at));
}
