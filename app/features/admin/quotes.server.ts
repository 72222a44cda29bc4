/**
 * What the back office reads about quotes: the searchable list, one quote in full, and the
 * filtered rows for CSV export. Only admin loaders call these (the guard is theirs).
 */
import {
  and,
  desc,
  eq,
  exists,
  gt,
  ilike,
  inArray,
  notExists,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import {
  estimates,
  mold_assessment_details,
  profiles,
  quote_status_history,
  quoteSearchText,
  quotes,
  radon_testing_details,
  user as users,
  visits,
  water_filtration_details,
} from "~/db/schema";
import { referenceIdRange } from "~/features/quotes/reference";
import { type TriageFlag, type TriageInput, triageFlags } from "~/features/quotes/triage";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { QUOTES_PAGE_SIZE, type QuoteListQuery } from "./quote-list";

/** `text` as a LIKE pattern matching it literally anywhere. */
function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * The WHERE clause of the list: search over description, property address, customer full name
 * (SPEC), contact name, email, phone and the 8-character reference; status, service and estimate
 * filters (the estimate's status, or "none" for a quote without an estimate), and the visit
 * filter ("none": no visit booked; "booked": at least one; an anti-join probing the visits'
 * (quote_id, kind) unique index per quote).
 */
export function quoteListWhere(
  query: Pick<QuoteListQuery, "q" | "status" | "service"> &
    Partial<Pick<QuoteListQuery, "estimate" | "visit">>,
) {
  const conditions: SQL[] = [];
  if (query.q) {
    const pattern = containsPattern(query.q);
    // each arm is an index condition on quotes, so Postgres ORs their bitmaps instead of reading
    // every quote: the quote's own text and its job address by their trigram indexes, and the
    // customers' names (a trigram index too) as an id array matched by the quotes' foreign key
    const search: SQL[] = [
      sql`${quoteSearchText(quotes)} ILIKE ${pattern}`,
      sql`${quotes.user_id} = ANY(ARRAY(${db
        .select({ id: profiles.id })
        .from(profiles)
        .where(ilike(profiles.full_name, pattern))}))`,
      ilike(quotes.property_address, pattern),
    ];
    const ids = /^[0-9a-f]{1,8}$/i.test(query.q) ? referenceIdRange(query.q) : null;
    if (ids) {
      search.push(
        and(sql`${quotes.id} >= ${ids.low}::uuid`, sql`${quotes.id} <= ${ids.high}::uuid`) as SQL,
      );
    }
    conditions.push(or(...search) as SQL);
  }
  if (query.status) conditions.push(eq(quotes.current_status, query.status));
  if (query.service) conditions.push(eq(quotes.service, query.service));
  if (query.estimate) {
    const estimate = db
      .select({ id: estimates.id })
      .from(estimates)
      .where(
        and(
          eq(estimates.quote_id, quotes.id),
          query.estimate === "none" ? undefined : eq(estimates.status, query.estimate),
        ),
      );
    conditions.push(query.estimate === "none" ? notExists(estimate) : exists(estimate));
  }
  if (query.visit) {
    const visit = db.select({ id: visits.id }).from(visits).where(eq(visits.quote_id, quotes.id));
    conditions.push(query.visit === "none" ? notExists(visit) : exists(visit));
  }
  return conditions.length ? and(...conditions) : undefined;
}

const listColumns = {
  id: quotes.id,
  created_at: quotes.created_at,
  service: quotes.service,
  description: quotes.description,
  current_status: quotes.current_status,
  triage_score: quotes.triage_score,
  is_guest: quotes.is_guest,
  /** null for a guest's request and for a closed account's (is_guest false) */
  user_id: quotes.user_id,
  contact_first_name: quotes.contact_first_name,
  contact_last_name: quotes.contact_last_name,
  contact_email: quotes.contact_email,
  contact_phone: quotes.contact_phone,
  zip_code: quotes.zip_code,
  customer_name: profiles.full_name,
  // the address the quote was requested for, as the quote keeps it
  property_address: quotes.property_address,
  property_city: quotes.property_city,
  /** null: no estimate yet */
  estimate_status: estimates.status,
};

function listQuery() {
  return db
    .select(listColumns)
    .from(quotes)
    .leftJoin(profiles, eq(profiles.id, quotes.user_id))
    .leftJoin(estimates, eq(estimates.quote_id, quotes.id));
}

type PageRow = Awaited<ReturnType<typeof listQuery>>[number];

interface TriageAnswers {
  water_source?: string | null;
  affected_area?: string | null;
  symptoms_concerns?: readonly string[] | null;
  urgency_level?: string | null;
  previous_results?: string | null;
}

type ListRow = PageRow & TriageAnswers & { next_visit: Date | null };

/**
 * The rows of one page with the answers triage reads, fetched for those ids only: joining the
 * detail tables before LIMIT made the planner hash-join all of them (about 1 s at 100,000 quotes).
 */
async function withAnswers(rows: PageRow[]): Promise<ListRow[]> {
  const ids = (service: PageRow["service"]) =>
    rows.filter((r) => r.service === service).map((r) => r.id);
  const [water, mold, radon] = await Promise.all([
    ids("water_filtration").length
      ? db
          .select({
            quote_id: water_filtration_details.quote_id,
            water_source: water_filtration_details.water_source,
          })
          .from(water_filtration_details)
          .where(inArray(water_filtration_details.quote_id, ids("water_filtration")))
      : [],
    ids("mold").length
      ? db
          .select({
            quote_id: mold_assessment_details.quote_id,
            affected_area: mold_assessment_details.affected_area,
            symptoms_concerns: mold_assessment_details.symptoms_concerns,
            urgency_level: mold_assessment_details.urgency_level,
          })
          .from(mold_assessment_details)
          .where(inArray(mold_assessment_details.quote_id, ids("mold")))
      : [],
    ids("radon").length
      ? db
          .select({
            quote_id: radon_testing_details.quote_id,
            previous_results: radon_testing_details.previous_results,
          })
          .from(radon_testing_details)
          .where(inArray(radon_testing_details.quote_id, ids("radon")))
      : [],
  ]);
  const answers = new Map<string, TriageAnswers>(
    [...water, ...mold, ...radon].map(({ quote_id, ...rest }) => [quote_id, rest]),
  );
  const next = await nextVisits(rows.map((r) => r.id));
  return rows.map((row) => ({
    ...row,
    ...answers.get(row.id),
    next_visit: next.get(row.id) ?? null,
  }));
}

/**
 * The start of each quote's next visit (the earliest not yet over at `now`), for the page's
 * `ids` only: at most 4 visits a quote, read through the visits' (quote_id, kind) unique index.
 */
async function nextVisits(ids: string[], now = new Date()): Promise<Map<string, Date>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      quote_id: visits.quote_id,
      starts_at: sql<Date>`min(${visits.starts_at})`.mapWith((v) => new Date(v)),
    })
    .from(visits)
    .where(and(inArray(visits.quote_id, ids), gt(visits.ends_at, now)))
    .groupBy(visits.quote_id);
  return new Map(rows.map((r) => [r.quote_id, r.starts_at]));
}

/** The triage input of a list or detail row. */
export function triageOf(row: {
  service: TriageInput["service"];
  water_source?: string | null;
  affected_area?: string | null;
  symptoms_concerns?: readonly string[] | null;
  urgency_level?: string | null;
  previous_results?: string | null;
}): TriageFlag[] {
  return triageFlags({ service: row.service, details: row } as TriageInput);
}

export interface QuoteListItem extends ListRow {
  triage: TriageFlag[];
}

/** The list's order: newest first, or by urgency (triage score, then newest); id breaks ties. */
function listOrder(sort: QuoteListQuery["sort"]): SQL[] {
  return sort === "urgency"
    ? [desc(quotes.triage_score), desc(quotes.created_at), desc(quotes.id)]
    : [desc(quotes.created_at), desc(quotes.id)];
}

/**
 * One page of the quotes list for `query`, newest first or by urgency (triage score, then
 * newest), with the total count of matching quotes.
 */
export async function listQuotes(
  query: QuoteListQuery,
): Promise<{ items: QuoteListItem[]; total: number; pageCount: number }> {
  const where = quoteListWhere(query);
  const count = db.select({ n: sql<number>`count(*)::int` }).from(quotes).where(where);
  const [page, [counted]] = await Promise.all([
    listQuery()
      .where(where)
      .orderBy(...listOrder(query.sort))
      .limit(QUOTES_PAGE_SIZE)
      .offset((query.page - 1) * QUOTES_PAGE_SIZE),
    count,
  ]);
  const rows = await withAnswers(page);
  const total = counted?.n ?? 0;
  return {
    items: rows.map((row) => ({ ...row, triage: triageOf(row) })),
    total,
    pageCount: Math.max(1, Math.ceil(total / QUOTES_PAGE_SIZE)),
  };
}

/**
 * Every quote matching `query`, in the list's order (newest first or by urgency), in batches of
 * `batchSize` (keyset pagination on the order's columns), so an export of 100,000 rows never
 * holds them all in memory.
 */
export async function* quotesForExport(
  query: QuoteListQuery,
  batchSize = 1000,
): AsyncGenerator<QuoteListItem[]> {
  const urgency = query.sort === "urgency";
  // the last row's sort key; its time as Postgres text, because a JS Date drops the microseconds
  // and rows within the same millisecond would be skipped or repeated at a batch boundary
  let after: { triage_score: number; created_at: string; id: string } | null = null;
  for (;;) {
    let keyset: SQL | undefined;
    if (after && urgency) {
      keyset = sql`(${quotes.triage_score}, ${quotes.created_at}, ${quotes.id}) < (${after.triage_score}, ${after.created_at}::timestamptz, ${after.id}::uuid)`;
    } else if (after) {
      keyset = sql`(${quotes.created_at}, ${quotes.id}) < (${after.created_at}::timestamptz, ${after.id}::uuid)`;
    }
    const page = await db
      .select({ ...listColumns, sort_time: sql<string>`${quotes.created_at}::text` })
      .from(quotes)
      .leftJoin(profiles, eq(profiles.id, quotes.user_id))
      .leftJoin(estimates, eq(estimates.quote_id, quotes.id))
      .where(and(quoteListWhere(query), keyset))
      .orderBy(...listOrder(query.sort))
      .limit(batchSize);
    if (page.length === 0) return;
    const rows = await withAnswers(page);
    yield rows.map((row) => ({ ...row, triage: triageOf(row) }));
    const last = page[page.length - 1] as (typeof page)[number];
    after = { triage_score: last.triage_score, created_at: last.sort_time, id: last.id };
    if (page.length < batchSize) return;
  }
}

export type QuoteDetail = NonNullable<Awaited<ReturnType<typeof getQuoteDetail>>>;

/** Quote `id` with its property, customer, service answers, triage and history; null if none. */
export async function getQuoteDetail(id: string) {
  if (!isId(id)) return null;
  const [quote] = await db
    .select({
      quote: quotes,
      customer_name: profiles.full_name,
      customer_email: users.email,
    })
    .from(quotes)
    .leftJoin(profiles, eq(profiles.id, quotes.user_id))
    .leftJoin(users, eq(users.id, quotes.user_id))
    .where(eq(quotes.id, id))
    .limit(1);
  if (!quote) return null;
  const detailsTable = {
    water_filtration: water_filtration_details,
    mold: mold_assessment_details,
    radon: radon_testing_details,
  }[quote.quote.service];
  const [[details], history] = await Promise.all([
    db.select().from(detailsTable).where(eq(detailsTable.quote_id, id)).limit(1) as Promise<
      Record<string, unknown>[]
    >,
    db
      .select({
        id: quote_status_history.id,
        status: quote_status_history.status,
        notes: quote_status_history.notes,
        created_at: quote_status_history.created_at,
        changed_by_name: profiles.full_name,
        changed_by_email: users.email,
        changed_by_id: quote_status_history.changed_by,
      })
      .from(quote_status_history)
      .leftJoin(users, eq(users.id, quote_status_history.changed_by))
      .leftJoin(profiles, eq(profiles.id, quote_status_history.changed_by))
      .where(eq(quote_status_history.quote_id, id))
      .orderBy(desc(quote_status_history.created_at), desc(quote_status_history.id)),
  ]);
  const q = quote.quote;
  return {
    ...quote,
    // the job address the quote was requested for (its own copy: the property may be gone)
    property:
      q.property_address === null
        ? null
        : {
            address: q.property_address,
            city: q.property_city ?? "",
            state: q.property_state ?? "",
            zip_code: q.property_zip_code ?? "",
          },
    details: details ?? null,
    triage: triageFlags({ service: quote.quote.service, details: details ?? null } as TriageInput),
    history,
  };
}
