/**
 * Reminders: the visit reminder 24 hours before each booked visit (mail, and a
 * text when the homeowner's account has a confirmed mobile number) and the follow-ups a homeowner
 * opts into (radon retest, private well test, filter change; intervals in
 * catalog/follow-ups.ts). The outbox worker calls `queueDueReminders(now)` before each delivery
 * round (lib/outbox.server.ts `scheduled`), so reminders that fell due while no server ran go out
 * in the first round after start.
 *
 * Sent once across processes: a visit reminder is claimed by inserting its (visit, start time)
 * row into visit_reminder_sends (primary key; ON CONFLICT DO NOTHING), a follow-up by moving its
 * next_due_at forward with a compare-and-set UPDATE; either claim and the outbox rows it queues
 * commit in one transaction. Visit reminders are computed from the visits as they are when due:
 * a cancelled visit (row gone) gets none, a moved one is reminded of its new time.
 * Every reminder mail carries a fresh one-click unsubscribe link (RFC 8058); a visit reminder also
 * where to change or cancel the visit (visitPageLink).
 * docs/decisions/0150-reminders-in-the-outbox.md
 */

import { createHash, randomBytes } from "node:crypto";
import { and, asc, eq, gt, isNotNull, isNull, lte, sql } from "drizzle-orm";
import {
  profiles,
  quote_status_history,
  quote_status_links,
  quotes,
  reminder_subscriptions,
  reminder_unsubscribe_links,
  user,
  visit_reminder_sends,
  visits,
  water_filtration_details,
} from "~/db/schema";
import { company } from "~/features/catalog/company";
import { filterType as filterTypeEnum } from "~/features/catalog/enums";
import {
  addMonths,
  type ChangeableFilter,
  FILTER_CHANGE_MONTHS,
  FILTER_CHANGE_SOURCE,
  type FollowUpKind,
  followUpKinds,
  isChangeableFilter,
  RADON_RETEST,
  type ReminderKind,
  reminderKind,
  VISIT_REMINDER_BEFORE_MS,
  WELL_TEST,
} from "~/features/catalog/follow-ups";
import { type SourceId, sources } from "~/features/catalog/sources";
import { visitKind } from "~/features/catalog/visits";
import { recordedFilterMonths } from "~/features/jobs/summary.server";
import { mayText } from "~/features/messages/consent.server";
import { nextTextingTime } from "~/features/messages/quiet-hours";
import { referenceNumber } from "~/features/quotes/reference";
import { newStatusLink } from "~/features/quotes/status-link.server";
import { denverDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { type OutboxMessage, queueMail } from "~/lib/outbox.server";
import { formatDay, formatTimeRange } from "./format";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/** A fresh unsubscribe link of quote `quoteId`'s `kind` reminders: the row and the absolute URL. */
export function newUnsubscribeLink(
  quoteId: string,
  kind: ReminderKind,
): { row: typeof reminder_unsubscribe_links.$inferInsert; url: string } {
  const token = randomBytes(32).toString("base64url");
  return {
    row: { token_hash: hashToken(token), quote_id: quoteId, kind },
    url: new URL(`/unsubscribe/${token}`, env().PUBLIC_URL).href,
  };
}

const BATCH = 50;

/**
 * Queues every reminder due at `now` (at most 50 visit reminders and 50 follow-ups a call) as
 * outbox rows, each claimed once across processes.
 * @returns how many reminders were queued (a reminder with its text counts once)
 */
export async function queueDueReminders(now: Date): Promise<number> {
  return (await queueVisitReminders(now)) + (await queueFollowUps(now));
}

async function queueVisitReminders(now: Date): Promise<number> {
  const due = await db
    .select({
      id: visits.id,
      quoteId: visits.quote_id,
      kind: visits.kind,
      startsAt: visits.starts_at,
      endsAt: visits.ends_at,
      staffName: sql<string>`coalesce(nullif(${profiles.full_name}, ''), ${user.name})`,
    })
    .from(visits)
    .innerJoin(user, eq(user.id, visits.staff_id))
    .leftJoin(profiles, eq(profiles.id, visits.staff_id))
    .where(
      and(
        gt(visits.starts_at, now),
        lte(visits.starts_at, new Date(now.getTime() + VISIT_REMINDER_BEFORE_MS)),
        sql`NOT EXISTS (SELECT 1 FROM ${visit_reminder_sends} s WHERE s.visit_id = ${visits.id} AND s.starts_at = ${visits.starts_at})`,
        sql`NOT EXISTS (SELECT 1 FROM ${reminder_subscriptions} r WHERE r.quote_id = ${visits.quote_id} AND r.kind = 'visit' AND r.unsubscribed_at IS NOT NULL)`,
        // a work visit has a row per crew member: the homeowner is reminded once per job and time
        sql`NOT EXISTS (SELECT 1 FROM ${visits} o WHERE o.job_id = ${visits.job_id} AND o.starts_at = ${visits.starts_at} AND o.id < ${visits.id})`,
      ),
    )
    .orderBy(asc(visits.starts_at))
    .limit(BATCH);
  let queued = 0;
  for (const visit of due) {
    const done = await db.transaction(async (tx) => {
      const claimed = await tx
        .insert(visit_reminder_sends)
        .values({ visit_id: visit.id, starts_at: visit.startsAt })
        .onConflictDoNothing()
        .returning({ id: visit_reminder_sends.visit_id });
      if (claimed.length === 0) return false; // another process has it
      // the visit as it is now: moved or cancelled since the scan means no reminder for that time
      const [current] = await tx
        .select({
          startsAt: visits.starts_at,
          email: quotes.contact_email,
          firstName: quotes.contact_first_name,
          address: quotes.property_address,
          city: quotes.property_city,
          state: quotes.property_state,
          zip: quotes.zip_code,
          ownerId: quotes.user_id,
          phoneNumber: user.phoneNumber,
          phoneVerified: user.phoneNumberVerified,
        })
        .from(visits)
        .innerJoin(quotes, eq(quotes.id, visits.quote_id))
        .leftJoin(user, eq(user.id, quotes.user_id))
        .where(eq(visits.id, visit.id))
        .limit(1);
      if (!current || current.startsAt.getTime() !== visit.startsAt.getTime()) return false;
      const link = newUnsubscribeLink(visit.quoteId, "visit");
      await tx.insert(reminder_unsubscribe_links).values(link.row);
      const changeUrl = await visitPageLink(tx, visit.quoteId, current.ownerId);
      const when = `${formatDay(denverDate(visit.startsAt))}, ${formatTimeRange(visit.startsAt, visit.endsAt)}`;
      const what = visitKind.label(visit.kind);
      const where =
        [current.address, current.city, current.state].filter(Boolean).join(", ") ||
        `ZIP ${current.zip}`;
      const messages: OutboxMessage[] = [
        {
          kind: "visit_reminder",
          quoteId: visit.quoteId,
          to: current.email,
          subject: `Reminder: your ${what.toLowerCase()} on ${formatDay(denverDate(visit.startsAt))}`,
          text: [
            `Hello ${current.firstName},`,
            "",
            `This is a reminder of your ${what.toLowerCase()} (${referenceNumber(visit.quoteId)}):`,
            "",
            `When:  ${when}`,
            `Where: ${where}`,
            `Who:   ${visit.staffName}`,
            "",
            `To change or cancel the visit: ${changeUrl}`,
            "",
            `Stop visit reminders: ${link.url}`,
            "",
            company.name,
          ].join("\n"),
          listUnsubscribe: link.url,
        },
      ];
      // a text only to a number whose owner agreed to texts about a request
      if (
        current.phoneNumber &&
        current.phoneVerified &&
        (await mayText(current.phoneNumber, tx))
      ) {
        messages.push({
          kind: "visit_reminder",
          channel: "sms",
          quoteId: visit.quoteId,
          to: current.phoneNumber,
          subject: "",
          text: `${company.name}: reminder of your ${what.toLowerCase()} ${when}, ${where}.`,
          // a reminder by text waits for 08:00-21:00 Utah time
          notBefore: nextTextingTime(now),
        });
      }
      await queueMail(tx, messages);
      return true;
    });
    if (done) queued++;
  }
  return queued;
}

type Transaction = Parameters<Parameters<typeof db.transaction>[0]>[0];

/**
 * Where the homeowner of quote `quoteId` changes or cancels its visits, for a reminder mail: a
 * customer's quote (`ownerId`, its account) opens its account page (they sign in); a guest's, a
 * fresh status link, its row written in `tx` with the mail (stored as a hash only, so the earlier
 * links cannot be read back).
 */
async function visitPageLink(
  tx: Transaction,
  quoteId: string,
  ownerId: string | null,
): Promise<string> {
  if (ownerId) return new URL(`/account/quotes/${quoteId}/visit`, env().PUBLIC_URL).href;
  const status = newStatusLink(quoteId);
  await tx.insert(quote_status_links).values(status.row);
  return `${status.url}/visit`;
}

/** What each follow-up's mail says, and the source of its interval. */
const FOLLOW_UP_TEXT: Record<FollowUpKind, { subject: string; body: string }> = {
  radon_retest: {
    subject: "Time to retest your home for radon",
    body: "Two years have passed since your radon job. The EPA advises testing again at least every two years, so you know the system still keeps radon low.",
  },
  well_test: {
    subject: "Time for your private well's yearly test",
    body: "The EPA advises testing a private well every year for total coliform bacteria, nitrates, total dissolved solids and pH.",
  },
  filter_change: {
    subject: "Time to change your water filter",
    body: "Your filter has reached its change interval. A worn-out cartridge stops treating your water; keep to the maintenance schedule of your system's manufacturer.",
  },
};

/** The source of a follow-up's interval (catalog/sources.ts). */
export function followUpSource(kind: FollowUpKind): (typeof sources)[SourceId] {
  const id: SourceId =
    kind === "radon_retest"
      ? RADON_RETEST.source
      : kind === "well_test"
        ? WELL_TEST.source
        : FILTER_CHANGE_SOURCE;
  return sources[id];
}

async function queueFollowUps(now: Date): Promise<number> {
  const due = await db
    .select({
      id: reminder_subscriptions.id,
      quoteId: reminder_subscriptions.quote_id,
      kind: reminder_subscriptions.kind,
      filterType: reminder_subscriptions.filter_type,
      intervalMonths: reminder_subscriptions.interval_months,
      nextDueAt: reminder_subscriptions.next_due_at,
      email: quotes.contact_email,
      firstName: quotes.contact_first_name,
    })
    .from(reminder_subscriptions)
    .innerJoin(quotes, eq(quotes.id, reminder_subscriptions.quote_id))
    .where(
      and(
        isNull(reminder_subscriptions.unsubscribed_at),
        isNotNull(reminder_subscriptions.next_due_at),
        lte(reminder_subscriptions.next_due_at, now),
      ),
    )
    .orderBy(asc(reminder_subscriptions.next_due_at))
    .limit(BATCH);
  let queued = 0;
  for (const row of due) {
    if (row.kind === "visit" || !row.nextDueAt) continue;
    const dueAt = row.nextDueAt;
    const months = row.intervalMonths ?? 12;
    // after a long outage: one mail now, then the next date in the series after `now`
    let next = addMonths(dueAt, months);
    for (let n = 2; next <= now; n++) next = addMonths(dueAt, months * n);
    const kind = row.kind;
    const done = await db.transaction(async (tx) => {
      const claimed = await tx
        .update(reminder_subscriptions)
        .set({ next_due_at: next, last_sent_at: now })
        .where(
          and(
            eq(reminder_subscriptions.id, row.id),
            eq(reminder_subscriptions.next_due_at, dueAt),
            isNull(reminder_subscriptions.unsubscribed_at),
          ),
        )
        .returning({ id: reminder_subscriptions.id });
      if (claimed.length === 0) return false; // sent by another process, or just unsubscribed
      const link = newUnsubscribeLink(row.quoteId, kind);
      await tx.insert(reminder_unsubscribe_links).values(link.row);
      const text = FOLLOW_UP_TEXT[kind];
      const source = followUpSource(kind);
      const filter =
        kind !== "filter_change"
          ? null
          : row.filterType
            ? filterTypeEnum.label(row.filterType)
            : "the equipment we installed";
      await queueMail(tx, [
        {
          kind: `follow_up_${kind}`,
          quoteId: row.quoteId,
          to: row.email,
          subject: text.subject,
          text: [
            `Hello ${row.firstName},`,
            "",
            text.body,
            ...(filter ? ["", `Your filter: ${filter} (every ${months} months).`] : []),
            "",
            `Source: ${source.publisher}, "${source.title}", ${source.url}`,
            "",
            `Reply to this email or request a visit on our website (${referenceNumber(row.quoteId)}).`,
            "",
            `Stop these reminders: ${link.url}`,
            "",
            company.name,
          ].join("\n"),
          listUnsubscribe: link.url,
        },
      ]);
      return true;
    });
    if (done) queued++;
  }
  return queued;
}

export interface UnsubscribeTarget {
  quoteId: string;
  kind: ReminderKind;
  /** e.g. "Assessment visit reminders" */
  label: string;
  reference: string;
  /** true once that kind is unsubscribed */
  stopped: boolean;
}

/** What unsubscribe link `token` stops, or null for an unknown or malformed token. */
export async function unsubscribeTarget(token: string): Promise<UnsubscribeTarget | null> {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [link] = await db
    .select({
      quoteId: reminder_unsubscribe_links.quote_id,
      kind: reminder_unsubscribe_links.kind,
      unsubscribedAt: reminder_subscriptions.unsubscribed_at,
    })
    .from(reminder_unsubscribe_links)
    .leftJoin(
      reminder_subscriptions,
      and(
        eq(reminder_subscriptions.quote_id, reminder_unsubscribe_links.quote_id),
        eq(reminder_subscriptions.kind, reminder_unsubscribe_links.kind),
      ),
    )
    .where(eq(reminder_unsubscribe_links.token_hash, hashToken(token)))
    .limit(1);
  if (!link) return null;
  return {
    quoteId: link.quoteId,
    kind: link.kind,
    label: reminderKind.label(link.kind),
    reference: referenceNumber(link.quoteId),
    stopped: link.unsubscribedAt != null,
  };
}

/**
 * Stops the reminders unsubscribe link `token` is for (RFC 8058 one-click: no sign-in; doing it
 * twice is harmless). Visit reminders get a `visit` row marking them off.
 * @returns what was stopped, or null for an unknown token
 */
export async function unsubscribe(
  token: string,
  now = new Date(),
): Promise<UnsubscribeTarget | null> {
  const target = await unsubscribeTarget(token);
  if (!target) return null;
  await db
    .insert(reminder_subscriptions)
    .values({ quote_id: target.quoteId, kind: target.kind, unsubscribed_at: now })
    .onConflictDoUpdate({
      target: [reminder_subscriptions.quote_id, reminder_subscriptions.kind],
      // excluded: the row this insert proposed (its `now`); an earlier unsubscribe keeps its date
      set: {
        unsubscribed_at: sql`coalesce(${reminder_subscriptions.unsubscribed_at}, excluded.unsubscribed_at)`,
      },
    });
  return { ...target, stopped: true };
}

// ---- Opting in (status page and the customer's account) ----

export interface FollowUpOption {
  kind: ReminderKind;
  label: string;
  /** what it does, in words */
  description: string;
  source: { publisher: string; title: string; url: string } | null;
  on: boolean;
  /** when on: the next reminder's date (Denver), e.g. "December 7, 2028" */
  next: string | null;
}

export interface RemindersView {
  reference: string;
  options: FollowUpOption[];
  /** filter_change is offered: the filter types with intervals, and the one chosen */
  filterTypes: { value: string; label: string }[];
  filterType: string | null;
}

interface QuoteFacts {
  service: string;
  status: string;
  waterSource: string | null;
  filterType: string | null;
  completedAt: Date | null;
  /** the filter change interval recorded when the job installed the equipment (months) */
  recordedFilterMonths: number | null;
}

async function quoteFacts(quoteId: string): Promise<QuoteFacts | null> {
  const [row] = await db
    .select({
      service: quotes.service,
      status: quotes.current_status,
      waterSource: water_filtration_details.water_source,
      filterType: water_filtration_details.filter_type,
      completedAt:
        sql<Date | null>`(SELECT max(${quote_status_history.created_at}) FROM ${quote_status_history} WHERE ${quote_status_history.quote_id} = ${quotes.id} AND ${quote_status_history.status} = 'completed')`.mapWith(
          (value) => (value == null ? null : new Date(value)),
        ),
    })
    .from(quotes)
    .leftJoin(water_filtration_details, eq(water_filtration_details.quote_id, quotes.id))
    .where(eq(quotes.id, quoteId))
    .limit(1);
  if (!row) return null;
  return {
    ...row,
    recordedFilterMonths:
      row.service === "water_filtration" ? await recordedFilterMonths(quoteId) : null,
  };
}

/**
 * The follow-ups quote `facts` may opt into: radon retest after a completed radon job, the well
 * test for a water quote answered 'well', the filter change for any water quote.
 */
function offeredFollowUps(facts: QuoteFacts): FollowUpKind[] {
  return followUpKinds.filter((kind) =>
    kind === "radon_retest"
      ? facts.service === "radon" && facts.status === "completed"
      : kind === "well_test"
        ? facts.service === "water_filtration" && facts.waterSource === "well"
        : facts.service === "water_filtration",
  );
}

/** How each follow-up reads inside a sentence of the status page's Reminders card. */
const FOLLOW_UP_PHRASE: Record<FollowUpKind, string> = {
  radon_retest: `a radon retest every ${RADON_RETEST.months / 12} years`,
  well_test: "a yearly private well test",
  filter_change: "a filter change",
};

/**
 * The status page's Reminders card sentence for quote `quoteId`: the visit reminder, and only
 * the follow-ups this quote may opt into (offeredFollowUps: the well test for a private well, ...).
 * @returns e.g. "Get a reminder before your visit, and opt into follow-ups: a yearly private well
 *   test or a filter change."; null for an unknown quote
 */
export async function remindersSummary(quoteId: string): Promise<string | null> {
  const facts = await quoteFacts(quoteId);
  if (!facts) return null;
  const phrases = offeredFollowUps(facts).map((kind) => FOLLOW_UP_PHRASE[kind]);
  if (phrases.length === 0) return "Get a reminder before your visit.";
  const last = phrases.pop() as string;
  const list = phrases.length ? `${phrases.join(", ")} or ${last}` : last;
  return `Get a reminder before your visit, and opt into ${phrases.length ? "follow-ups" : "a follow-up"}: ${list}.`;
}

const filterTypeOptions = (Object.keys(FILTER_CHANGE_MONTHS) as ChangeableFilter[]).map(
  (value) => ({
    value,
    label: `${filterTypeEnum.label(value)} (every ${FILTER_CHANGE_MONTHS[value]} months)`,
  }),
);

/** Quote `quoteId`'s reminder subscriptions by kind. */
async function subscriptionsByKind(quoteId: string) {
  const rows = await db
    .select()
    .from(reminder_subscriptions)
    .where(eq(reminder_subscriptions.quote_id, quoteId));
  return new Map(rows.map((r) => [r.kind, r]));
}

/** The reminders page of quote `quoteId`, or null when there is no such quote. */
export async function remindersView(quoteId: string): Promise<RemindersView | null> {
  const facts = await quoteFacts(quoteId);
  if (!facts) return null;
  const byKind = await subscriptionsByKind(quoteId);
  const offered = offeredFollowUps(facts);
  const visitRow = byKind.get("visit");
  const options: FollowUpOption[] = [
    {
      kind: "visit",
      label: reminderKind.label("visit"),
      description: "An email (and a text to a confirmed mobile number) 24 hours before each visit.",
      source: null,
      on: !visitRow?.unsubscribed_at,
      next: null,
    },
    ...offered.map((kind) => {
      const row = byKind.get(kind);
      const on = Boolean(row && !row.unsubscribed_at && row.next_due_at);
      return {
        kind,
        label: reminderKind.label(kind),
        description:
          kind === "radon_retest"
            ? `An email ${RADON_RETEST.months / 12} years after your completed radon job, then every ${RADON_RETEST.months / 12} years.`
            : kind === "well_test"
              ? `An email every ${WELL_TEST.months} months to test your private well.`
              : facts.recordedFilterMonths
                ? `An email every ${facts.recordedFilterMonths} months to change your filter: the interval recorded when we installed your equipment.`
                : "An email when your filter is due for a change, by the filter type's interval.",
        source: followUpSource(kind),
        on,
        next: on && row?.next_due_at ? formatDay(denverDate(row.next_due_at)) : null,
      };
    }),
  ];
  const filterRow = byKind.get("filter_change");
  const chosen = filterRow?.filter_type ?? facts.filterType;
  return {
    reference: referenceNumber(quoteId),
    options,
    // the interval recorded at installation needs no filter type
    filterTypes:
      offered.includes("filter_change") && !facts.recordedFilterMonths ? filterTypeOptions : [],
    filterType: isChangeableFilter(chosen) ? chosen : null,
  };
}

export type SaveRemindersOutcome =
  | { ok: true }
  | { ok: false; status: 400; errors: Partial<Record<"filterType" | "form", string[]>> }
  | { ok: false; status: 404 };

export const FILTER_TYPE_REQUIRED = "Choose your filter type to get filter change reminders";

/**
 * Saves the reminders form of quote `quoteId` (checkbox per kind, `on` when checked; `filterType`
 * when filter_change is checked): checked kinds are switched on (a follow-up gets its first due
 * date: the radon retest 24 months after the job was completed, the others one interval from
 * `now`), unchecked ones off. A kind the quote is not offered is refused (400), nothing written.
 */
export async function saveReminders(
  quoteId: string,
  form: FormData,
  now = new Date(),
): Promise<SaveRemindersOutcome> {
  const facts = await quoteFacts(quoteId);
  if (!facts) return { ok: false, status: 404 };
  const offered = offeredFollowUps(facts);
  const checked = (kind: ReminderKind) => form.get(kind) === "on";
  for (const kind of followUpKinds) {
    if (checked(kind) && !offered.includes(kind)) {
      return {
        ok: false,
        status: 400,
        errors: { form: [`${reminderKind.label(kind)} is not offered for this request.`] },
      };
    }
  }
  const filterType = String(form.get("filterType") ?? "");
  const recorded = facts.recordedFilterMonths;
  if (checked("filter_change") && !recorded && !isChangeableFilter(filterType)) {
    return { ok: false, status: 400, errors: { filterType: [FILTER_TYPE_REQUIRED] } };
  }
  const byKind = await subscriptionsByKind(quoteId);
  await db.transaction(async (tx) => {
    const upsert = (
      values: Partial<typeof reminder_subscriptions.$inferInsert>,
      kind: ReminderKind,
    ) =>
      tx
        .insert(reminder_subscriptions)
        .values({ quote_id: quoteId, kind, ...values })
        .onConflictDoUpdate({
          target: [reminder_subscriptions.quote_id, reminder_subscriptions.kind],
          set: values,
        });
    await upsert({ unsubscribed_at: checked("visit") ? null : now }, "visit");
    for (const kind of offered) {
      const row = byKind.get(kind);
      const wasOn = Boolean(row && !row.unsubscribed_at && row.next_due_at);
      if (!checked(kind)) {
        if (row && !row.unsubscribed_at) await upsert({ unsubscribed_at: now }, kind);
        continue;
      }
      const months =
        kind === "radon_retest"
          ? RADON_RETEST.months
          : kind === "well_test"
            ? WELL_TEST.months
            : (recorded ?? FILTER_CHANGE_MONTHS[filterType as ChangeableFilter]);
      const sameFilter =
        kind !== "filter_change" ||
        (recorded
          ? row?.filter_type === null && row?.interval_months === recorded
          : row?.filter_type === filterType);
      if (wasOn && sameFilter) continue; // keeps its date
      const first =
        kind === "radon_retest"
          ? addMonths(facts.completedAt ?? now, months)
          : addMonths(now, months);
      await upsert(
        {
          interval_months: months,
          filter_type: kind === "filter_change" && !recorded ? filterType : null,
          next_due_at: first < now ? now : first,
          unsubscribed_at: null,
        },
        kind,
      );
    }
  });
  return { ok: true };
}
