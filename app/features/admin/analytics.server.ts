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

const monthStart = sql`(date_trunc('month', now() AT TIME ZONE ${COMPANY_TIME_ZONE}) AT TIME ZONE ${COMPANY_TIME_ZONE})`;

/** The dashboard's three cards: requests waiting, the oldest waiting one, requests this month. */
export async function dashboardCounts(): Promise<{
  pending: number;
  oldestPendingAt: Date | null;
  thisMonth: number;
}> {
  const [row] = await db
    .select({
      pending: sql<number>`count(*) FILTER (WHERE ${quotes.current_status} = 'pending')::int`,
      oldest: sql<
        string | null
      >`min(${quotes.created_at}) FILTER (WHERE ${quotes.current_status} = 'pending')`,
      thisMonth: sql<number>`count(*) FILTER (WHERE ${quotes.created_at} >= ${monthStart})::int`,
    })
    .from(quotes);
  return {
    pending: row?.pending ?? 0,
    oldestPendingAt: row?.oldest ? new Date(row.oldest) : null,
    thisMonth: row?.thisMonth ?? 0,
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

/** The analytics page's figures. */
export async function analytics(): Promise<Analytics> {
  const [totals, statusRows, serviceRows, median] = await Promise.all([
    db
      .select({
        total: sql<number>`count(*)::int`,
        thisMonth: sql<number>`count(*) FILTER (WHERE ${quotes.created_at} >= ${monthStart})::int`,
      })
      .from(quotes),
    db
      .select({ status: quotes.current_status, count: sql<number>`count(*)::int` })
      .from(quotes)
      .groupBy(quotes.current_status),
    db
      .select({ service: quotes.service, count: sql<number>`count(*)::int` })
      .from(quotes)
      .groupBy(quotes.service),
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
      .where(sql`${quotes.created_at} >= now() - interval '30 days'`),
  ]);
  const statusCount = new Map(statusRows.map((r) => [r.status as string, r.count]));
  const serviceCount = new Map(serviceRows.map((r) => [r.service as string, r.count]));
  const hours = median[0]?.hours;
  return {
    total: totals[0]?.total ?? 0,
    thisMonth: totals[0]?.thisMonth ?? 0,
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
