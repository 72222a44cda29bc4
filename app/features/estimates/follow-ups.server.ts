/**
 * Estimate follow-ups: a sent version that is neither accepted, declined nor expired gets a
 * reminder by mail, and by text to a number whose owner agreed (held to 08:00-21:00 Utah time),
 * after 2 and 5 days (the days are set on /admin/settings), each with a fresh link to the
 * estimate. Sending plans both as rows of estimate_follow_ups; the outbox worker queues the due
 * ones before each delivery round (`queueDueFollowUps`, from entry.server.tsx), as the visit
 * reminders are queued.
 *
 * Accepting, declining and sending a newer version cancel what is left in their own transaction
 * (`cancelFollowUps`), and a follow-up found expired or closed when due is cancelled instead of
 * sent. Every writer takes the estimate row's lock first (acceptance.server.ts `lockEstimate`,
 * `sendEstimate`, the claim here), so a follow-up due at the moment of acceptance is queued at
 * most once and only when its claim committed first; the acceptance then stops its mail and text
 * still waiting in the outbox (docs/decisions/0256-estimate-follow-ups.md).
 */
import { TZDate } from "@date-fns/tz";
import { and, asc, eq, isNotNull, isNull, lte, or } from "drizzle-orm";
import { z } from "zod";
import {
  estimate_follow_up_settings,
  estimate_follow_ups,
  estimate_links,
  estimates,
  mail_outbox,
} from "~/db/schema";
import { company } from "~/features/catalog/company";
import { quoteTextNumber } from "~/features/messages/consent.server";
import { nextTextingTime } from "~/features/messages/quiet-hours";
import { formatDate } from "~/lib/dates";
import { type Database, db } from "~/lib/db.server";
import { type OutboxMessage, queueMail } from "~/lib/outbox.server";
import { estimateQuoteInfo, newEstimateLink, newestSentVersion } from "./access.server";
import { isEstimable } from "./statuses";
import { isExpired } from "./view-model";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** The outbox kind of a follow-up's mail and text (the thread and the cancellation read it). */
export const FOLLOW_UP_KIND = "estimate_follow_up";

/** Days after sending, when nothing was set on /admin/settings. */
export const DEFAULT_FOLLOW_UP_DAYS = { firstDays: 2, secondDays: 5 } as const;

export interface FollowUpSettings {
  /** days after a version is sent that the first follow-up is due (1-60) */
  firstDays: number;
  /** days after a version is sent that the second is due (more than `firstDays`, at most 60) */
  secondDays: number;
}

/** The follow-up days in force (the defaults unless set on /admin/settings). */
export async function followUpSettings(
  executor: Pick<Database, "select"> = db,
): Promise<FollowUpSettings> {
  const [row] = await executor.select().from(estimate_follow_up_settings).limit(1);
  return row ? { firstDays: row.first_days, secondDays: row.second_days } : DEFAULT_FOLLOW_UP_DAYS;
}

const days = (label: string) =>
  z.coerce
    .number({ error: `Enter the ${label} follow-up's days, a whole number from 1 to 60` })
    .int(`Enter the ${label} follow-up's days, a whole number from 1 to 60`)
    .min(1, `Enter the ${label} follow-up's days, a whole number from 1 to 60`)
    .max(60, `Enter the ${label} follow-up's days, a whole number from 1 to 60`);

/** The settings form's two fields, `followUpFirstDays` and `followUpSecondDays`. */
export const followUpSettingsSchema = z
  .object({ followUpFirstDays: days("first"), followUpSecondDays: days("second") })
  .refine((v) => v.followUpFirstDays < v.followUpSecondDays, {
    path: ["followUpSecondDays"],
    message: "The second follow-up comes after the first: enter more days",
  });

/** Saves the follow-up days; estimates sent from now on are followed up after them. */
export async function saveFollowUpSettings(
  settings: FollowUpSettings,
  now: Date = new Date(),
): Promise<void> {
  const values = {
    first_days: settings.firstDays,
    second_days: settings.secondDays,
    updated_at: now,
  };
  await db
    .insert(estimate_follow_up_settings)
    .values({ id: true, ...values })
    .onConflictDoUpdate({ target: estimate_follow_up_settings.id, set: values });
}

const ZONE = "America/Denver";

/** `at` plus `n` Utah calendar days at the same wall-clock time (across clock changes). */
function addLocalDays(at: Date, n: number): Date {
  const local = new TZDate(at.getTime(), ZONE);
  local.setDate(local.getDate() + n);
  return new Date(local.getTime());
}

/**
 * Plans follow-ups 1 and 2 of version `versionId`, sent at `sentAt`, inside `tx` (the send's
 * transaction), and cancels those of earlier versions. A follow-up that would fall after the
 * version's last valid day (`validUntil`, YYYY-MM-DD in Utah) is not planned.
 */
export async function planFollowUps(
  tx: Transaction,
  plan: {
    estimateId: string;
    quoteId: string;
    versionId: string;
    validUntil: string;
    sentAt: Date;
  },
): Promise<void> {
  await cancelFollowUps(tx, {
    estimateId: plan.estimateId,
    quoteId: plan.quoteId,
    reason: "a newer version was sent",
    now: plan.sentAt,
  });
  const settings = await followUpSettings(tx);
  const rows = [settings.firstDays, settings.secondDays]
    .map((n, i) => ({
      estimate_id: plan.estimateId,
      version_id: plan.versionId,
      number: i + 1,
      due_at: addLocalDays(plan.sentAt, n),
    }))
    .filter((row) => !isExpired(plan.validUntil, row.due_at));
  if (rows.length > 0) await tx.insert(estimate_follow_ups).values(rows);
}

/**
 * Cancels, inside `tx` (the acceptance's, the decline's or the next send's transaction), every
 * follow-up of estimate `estimateId` not sent yet, and stops the follow-up mail and texts of
 * quote `quoteId` still waiting in the outbox (a text held by quiet hours most of all).
 * @returns how many planned follow-ups were cancelled
 */
export async function cancelFollowUps(
  tx: Transaction,
  what: { estimateId: string; quoteId: string; reason: string; now: Date },
): Promise<number> {
  const cancelled = await tx
    .update(estimate_follow_ups)
    .set({ cancelled_at: what.now, cancel_reason: what.reason })
    .where(
      and(
        eq(estimate_follow_ups.estimate_id, what.estimateId),
        isNull(estimate_follow_ups.sent_at),
        isNull(estimate_follow_ups.cancelled_at),
      ),
    )
    .returning({ id: estimate_follow_ups.id });
  await tx
    .update(mail_outbox)
    .set({ status: "failed", last_error: `not sent: ${what.reason}`, locked_until: null })
    .where(
      and(
        eq(mail_outbox.quote_id, what.quoteId),
        eq(mail_outbox.kind, FOLLOW_UP_KIND),
        eq(mail_outbox.status, "pending"),
      ),
    );
  return cancelled.length;
}

const BATCH = 50;

/** The subject of a follow-up mail about request `reference`. */
export function followUpSubject(reference: string): string {
  return `Following up on your estimate from ${company.name} (${reference})`;
}

/**
 * Queues every follow-up due at `now` (at most 50 a call) as outbox rows: the mail, and a text
 * held to 08:00-21:00 Utah time when the request's number may get texts. Each is claimed with its
 * estimate row locked; one whose estimate was answered, superseded, expired or whose request
 * closed is cancelled instead.
 * @returns how many follow-ups were queued
 */
export async function queueDueFollowUps(now: Date): Promise<number> {
  const due = await db
    .select({ id: estimate_follow_ups.id, estimateId: estimate_follow_ups.estimate_id })
    .from(estimate_follow_ups)
    .where(
      and(
        isNull(estimate_follow_ups.sent_at),
        isNull(estimate_follow_ups.cancelled_at),
        lte(estimate_follow_ups.due_at, now),
      ),
    )
    .orderBy(asc(estimate_follow_ups.due_at))
    .limit(BATCH);
  let queued = 0;
  for (const followUp of due) {
    if (await queueFollowUp(followUp, now)) queued++;
  }
  return queued;
}

async function queueFollowUp(
  followUp: { id: string; estimateId: string },
  now: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    // the lock acceptance, decline and sending take first: none of them runs while this claims
    const [estimate] = await tx
      .select({ status: estimates.status, quoteId: estimates.quote_id })
      .from(estimates)
      .where(eq(estimates.id, followUp.estimateId))
      .for("update");
    const [row] = await tx
      .select()
      .from(estimate_follow_ups)
      .where(
        and(
          eq(estimate_follow_ups.id, followUp.id),
          isNull(estimate_follow_ups.sent_at),
          isNull(estimate_follow_ups.cancelled_at),
        ),
      );
    if (!estimate || !row) return false; // another process had it
    const newest = await newestSentVersion(followUp.estimateId, tx);
    const quote = await estimateQuoteInfo(estimate.quoteId, tx);
    const reason =
      estimate.status === "accepted" || estimate.status === "declined"
        ? `the estimate was ${estimate.status}`
        : newest?.id !== row.version_id
          ? "a newer version was sent"
          : isExpired(newest.valid_until, now)
            ? "the estimate expired"
            : !quote || !isEstimable(quote.status)
              ? "the request is closed"
              : null;
    if (reason || !newest || !quote) {
      await tx
        .update(estimate_follow_ups)
        .set({ cancelled_at: now, cancel_reason: reason })
        .where(eq(estimate_follow_ups.id, row.id));
      return false;
    }
    await tx
      .update(estimate_follow_ups)
      .set({ sent_at: now })
      .where(eq(estimate_follow_ups.id, row.id));
    const link = newEstimateLink(followUp.estimateId);
    await tx.insert(estimate_links).values(link.row);
    const validUntil = formatDate(newest.valid_until);
    const messages: OutboxMessage[] = [
      {
        kind: FOLLOW_UP_KIND,
        quoteId: quote.id,
        to: quote.contact_email,
        subject: followUpSubject(quote.reference),
        text: [
          `Hello ${quote.contact_first_name},`,
          "",
          `We sent you an estimate for your request ${quote.reference} and wanted to make sure it reached you. It is valid until ${validUntil}.`,
          "",
          "Open it, ask us a question, or accept and sign it online:",
          link.url,
          "",
          "The link is yours alone: please do not forward it. If you have questions, reply to this email.",
          "",
          company.name,
        ].join("\n"),
      },
    ];
    const number = await quoteTextNumber(quote.id, tx);
    if (number) {
      messages.push({
        kind: FOLLOW_UP_KIND,
        channel: "sms",
        quoteId: quote.id,
        to: number,
        subject: "",
        text: `${company.name}: your estimate ${quote.reference} is ready, valid until ${validUntil}: ${link.url} Reply STOP to stop.`,
        notBefore: nextTextingTime(now),
      });
    }
    await queueMail(tx, messages);
    return true;
  });
}

// "Wed, Dec 9, 10:00 AM MST": the weekday helps staff see when the homeowner hears from us
const followUpTime = new Intl.DateTimeFormat("en-US", {
  weekday: "short",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZone: ZONE,
  timeZoneName: "short",
});

/** A follow-up's time as the quote page shows it, e.g. "Wed, Dec 9, 10:00 AM MST". */
export function formatFollowUpTime(at: Date): string {
  return followUpTime.format(at);
}

export interface QuoteFollowUps {
  /** when the next planned follow-up goes, e.g. "Wed, Dec 9, 10:00 AM MST"; null when none */
  next: string | null;
  /** the follow-ups sent, oldest first */
  sent: { number: number; sentAt: string }[];
}

/** The follow-ups of estimate `estimateId` as the admin's quote page shows them. */
export async function quoteFollowUps(estimateId: string): Promise<QuoteFollowUps> {
  const rows = await db
    .select()
    .from(estimate_follow_ups)
    .where(
      and(
        eq(estimate_follow_ups.estimate_id, estimateId),
        or(isNotNull(estimate_follow_ups.sent_at), isNull(estimate_follow_ups.cancelled_at)),
      ),
    )
    .orderBy(asc(estimate_follow_ups.due_at));
  const next = rows.find((r) => r.sent_at === null);
  return {
    next: next ? formatFollowUpTime(next.due_at) : null,
    sent: rows.flatMap((r) =>
      r.sent_at ? [{ number: r.number, sentAt: formatFollowUpTime(r.sent_at) }] : [],
    ),
  };
}
