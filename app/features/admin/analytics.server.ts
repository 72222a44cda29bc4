/**
 * Counts for the admin dashboard cards and the analytics page (SPEC: Total Quotes, Quotes This
 * Month, status distribution). "This month" is the company's calendar month in America/Denver.
 */
import { sql } from "drizzle-orm";
import { quote_status_history, quotes } from "~/db/schema";
import { quoteStatus } from "~/features/catalog/enums";
import { serviceId } from "~/features/catalog/services";
import { db } from "~/lib/db.server";

export const COMPANY_TIME_ZONE = "America/Denver";

/**
 * Quotes created in the company's calendar month (America/Denver) that contains `now`: from its
 * 1st, 00:00 Mountain Time, to the next month's (an index range scan on created_at).
 */
function inMonthOf(now: Date) {
  const start = sql`(date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${COMPANY_TIME_ZONE}) AT TIME ZONE ${COMPANY_TIME_ZONE})`;
  const end = sql`((date_trunc('month', ${now.toISOString()}::timestamptz AT TIME ZONE ${COMPANY_TIME_ZONE}) + interval '1 month') AT TIME ZONE ${COMPANY_TIME_ZONE})`;
  return sql`${quotes.created_at} >= ${start} AND ${quotes.created_at} < ${end}`;
}

/**
 * The dashboard's three cards: requests waiting, the oldest waiting one, requests this month.
 * @param now the moment "this month" is taken from (the clock by default)
 */
export async function dashboardCounts(now = new Date()): Promise<{
  pending: number;
  oldestPendingAt: Date | null;
  thisMonth: number;
}> {
  // three index range scans rather than one pass over every quote
  const [[pending], [thisMonth]] = await Promise.all([
    db
      .select({
        n: sql<number>`count(*)::int`,
        oldest: sql<string | null>`min(${quotes.created_at})`,
      })
      .from(quotes)
      .where(sql`${quotes.current_status} = 'pending'`),
    db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(inMonthOf(now)),
  ]);
  return {
    pending: pending?.n ?? 0,
    oldestPendingAt: pending?.oldest ? new Date(pending.oldest) : null,
    thisMonth: thisMonth?.n ?? 0,
  };
}

export interface Analytics {
  total: number;
  thisMonth: number;
  /** every status in catalog order, with its count (0 when none) */
  byStatus: { status: string; label: string; count: number }[];
  byService: { service: string; label: string; count: number }[];
  /** median hours from request to first status change, quotes of the last 30 days; null if none */
  medianHoursToFirstChange: number | null;
}

/**
 * The analytics page's figures.
 * @param now the moment "this month" and "the last 30 days" are taken from (the clock by default)
 */
export async function analytics(now = new Date()): Promise<Analytics> {
  const [groups, [month], median] = await Promise.all([
    db
      .select({
        service: quotes.service,
        status: quotes.current_status,
        count: sql<number>`count(*)::int`,
      })
      .from(quotes)
      .groupBy(quotes.service, quotes.current_status),
    db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(inMonthOf(now)),
    db
      .select({
        // percentile_cont skips quotes not yet changed (their first change is null); quotes.id is
        // written out because Drizzle leaves a lone table's columns unqualified
        hours: sql<number | null>`percentile_cont(0.5) WITHIN GROUP (ORDER BY extract(epoch FROM (
          SELECT min(h.created_at) FROM ${quote_status_history} h
          WHERE h.quote_id = quotes.id AND h.status <> 'pending'
        ) - ${quotes.created_at}) / 3600)`,
      })
      .from(quotes)
      .where(sql`${quotes.created_at} >= ${now.toISOString()}::timestamptz - interval '30 days'`),
  ]);
  const statusCount = new Map<string, number>();
  const serviceCount = new Map<string, number>();
  let total = 0;
  for (const g of groups) {
    total += g.count;
    statusCount.set(g.status, (statusCount.get(g.status) ?? 0) + g.count);
    serviceCount.set(g.service, (serviceCount.get(g.service) ?? 0) + g.count);
  }
  const hours = median[0]?.hours;
  return {
    total,
    thisMonth: month?.n ?? 0,
    byStatus: quoteStatus.options.map((o) => ({
      status: o.value,
      label: o.label,
      count: statusCount.get(o.value) ?? 0,
    })),
    byService: serviceId.options.map((o) => ({
      service: o.value,
      label: o.label,
      count: serviceCount.get(o.value) ?? 0,
    })),
    medianHoursToFirstChange: hours === null || hours === undefined ? null : Number(hours),
  };
}
