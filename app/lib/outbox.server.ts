/**
 * The mail and text outbox. Messages are rows written inside the transaction of the change they report,
 * so a request is never stored without its mail nor mail sent for a request that was rolled back.
 * A worker delivers due rows, records every attempt, retries failures with exponential back-off,
 * and marks a row sent once; a restarted server resumes whatever is still pending.
 */
import { randomUUID } from "node:crypto";
import { and, asc, eq, inArray, isNull, lt, lte, or, sql } from "drizzle-orm";
import { mail_delivery_attempts, mail_outbox, mail_outbox_attachments } from "../db/schema";
import { type Database, db } from "./db.server";
import { logger } from "./logger.server";
import type { MailAttachment, MailTransport } from "./mail.server";
import { countDeliveries } from "./metrics.server";
import type { SmsTransport } from "./sms.server";

export interface OutboxMessage {
  /** what the mail is, e.g. "lead_alert" */
  kind: string;
  /** "sms": a text to the E.164 number `to`, with `text` as its words; default "mail" */
  channel?: "mail" | "sms";
  quoteId?: string | null;
  to: string;
  subject: string;
  text: string;
  html?: string | null;
  /**
   * The body holds a secret (a sign-in code, a reset or verification link): it is erased from
   * the row once delivered or given up on (docs/decisions/0042-sensitive-outbox-rows.md).
   * Default false.
   */
  sensitive?: boolean;
  /**
   * files sent with the mail (e.g. a signed PDF), or drawn when it is sent (a receipt); queue
   * such messages with `queueMail`
   */
  attachments?: (MailAttachment | DrawnAttachment)[];
  /**
   * A one-click unsubscribe URL (reminder mails): sent as `List-Unsubscribe` with
   * `List-Unsubscribe-Post: List-Unsubscribe=One-Click` (RFC 8058).
   */
  listUnsubscribe?: string;
  /** not sent before this time (e.g. a text held until the end of quiet hours); default now */
  notBefore?: Date;
}

/**
 * The mail_outbox rows that queue `messages`, to insert within the write they report on
 * (a transaction, or `insertAtomically`), so mail exists exactly when the change does.
 * @throws Error for a message with attachments: those need `queueMail`, which writes them too.
 */
export function outboxRows(messages: OutboxMessage[]): (typeof mail_outbox.$inferInsert)[] {
  if (messages.some((m) => m.attachments?.length)) {
    throw new Error("a message with attachments must be queued with queueMail()");
  }
  return messages.map(outboxRow);
}

function outboxRow(m: OutboxMessage): typeof mail_outbox.$inferInsert {
  return {
    kind: m.kind,
    channel: m.channel ?? "mail",
    quote_id: m.quoteId ?? null,
    to_address: m.to,
    subject: m.subject,
    text_body: m.text,
    html_body: m.html ?? null,
    sensitive: m.sensitive ?? false,
    list_unsubscribe: m.listUnsubscribe ?? null,
    ...(m.notBefore ? { next_attempt_at: m.notBefore } : {}),
  };
}

/**
 * A file the outbox draws when it first sends the mail, not when the mail is queued: a costly
 * file (a PDF of about 200 ms of CPU) stays out of the request that queues it. `drawer` names a
 * function registered with `registerAttachmentDrawer`; `key` is what it draws from (e.g. a
 * payment's id). The drawn bytes are stored with the row, so a retry sends the same file.
 */
export interface DrawnAttachment {
  filename: string;
  /** MIME type, e.g. application/pdf */
  contentType: string;
  drawer: string;
  key: string;
}

/**
 * Draws the file for `key`; rejects (or returns null) when it cannot, and the mail's delivery
 * then fails and is retried like a refused send.
 */
export type AttachmentDrawer = (key: string) => Promise<Buffer | null>;

const drawers = new Map<string, AttachmentDrawer>();

/**
 * Registers `draw` as drawer `name` for `DrawnAttachment`s in this process. The feature that
 * queues such mail registers it in the module that builds the message, so every process that
 * queues or delivers it has it (the server imports all features at start). A row whose drawer
 * is not registered fails its attempt and is retried with back-off, never sent without its file.
 */
export function registerAttachmentDrawer(name: string, draw: AttachmentDrawer): void {
  drawers.set(name, draw);
}

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Queues `messages` with their attachments inside transaction `tx` (the write they report on),
 * so mail and files exist exactly when the change does. Call `kickOutbox()` after the commit.
 */
export async function queueMail(tx: Transaction, messages: OutboxMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const { rows, files } = queuedMailRows(messages);
  await tx.insert(mail_outbox).values(rows);
  if (files.length > 0) await tx.insert(mail_outbox_attachments).values(files);
}

/**
 * The rows that queue `messages` with their attachments (each message's id drawn here), for a
 * caller that writes them itself within the change they report on (as `queueMail` does).
 */
export function queuedMailRows(messages: OutboxMessage[]): {
  rows: (typeof mail_outbox.$inferInsert & { id: string })[];
  files: (typeof mail_outbox_attachments.$inferInsert)[];
} {
  const rows = messages.map((m) => ({ ...outboxRow(m), id: randomUUID() }));
  const files = messages.flatMap((m, i) =>
    (m.attachments ?? []).map((a) => ({
      outbox_id: rows[i]?.id as string,
      filename: a.filename,
      content_type: a.contentType,
      ...("content" in a ? { content: a.content } : { drawer: a.drawer, drawer_key: a.key }),
    })),
  );
  return { rows, files };
}

/** Queues `messages` on their own (not part of a larger write) and asks for delivery now. */
export async function enqueueAndKick(messages: [OutboxMessage, ...OutboxMessage[]]): Promise<void> {
  await db.insert(mail_outbox).values(outboxRows(messages));
  kickOutbox();
}

/**
 * Queues one text message (SMS) to the E.164 number `to` and asks for delivery now. Its words
 * hold a code: erased from the row once delivered or given up on, and never logged.
 */
export async function enqueueText(kind: string, to: string, text: string): Promise<void> {
  await enqueueAndKick([{ kind, channel: "sms", to, subject: "", text, sensitive: true }]);
}

export interface DeliveryOptions {
  transport: MailTransport;
  /** where texts go; without it text rows are left pending for a worker that has one */
  sms?: SmsTransport;
  /** the clock; tests move it forward to reach retries */
  now?: Date;
  batchSize?: number;
  /** delay before the first retry; each further retry doubles it (ms) */
  retryBaseMs?: number;
  /** after this many failed attempts the row is marked failed and left for an operator */
  maxAttempts?: number;
  /** how long a claimed row is reserved for this worker (ms) */
  leaseMs?: number;
  /**
   * Queues the scheduled messages due at `now` (e.g. reminders) before each delivery round, so
   * what fell due while no server ran goes out in the first round after start; returns how many
   * it queued. It must claim each message once across processes (features/visits/reminders.server.ts).
   */
  scheduled?: (now: Date) => Promise<number>;
}

const MAX_RETRY_DELAY_MS = 6 * 60 * 60 * 1000;
/** What a sensitive row's body becomes once the mail has gone (or will never go). */
export const ERASED_BODY = "(erased after delivery: it held a one-time link or code)";
const DEFAULT_BATCH_SIZE = 50;

/** Back-off before retry number `attempts` (1-based): base * 2^(attempts-1), at most 6 hours. */
export function retryDelayMs(attempts: number, baseMs: number): number {
  return Math.min(baseMs * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_MS);
}

/**
 * Delivers every pending message due at `now` (one batch). Rows are leased with
 * `FOR UPDATE SKIP LOCKED`, so several processes never send the same row at once.
 * @returns how many were sent and how many failed this round.
 */
export async function deliverDueMail(
  options: DeliveryOptions,
): Promise<{ sent: number; failed: number }> {
  const now = options.now ?? new Date();
  const {
    batchSize = DEFAULT_BATCH_SIZE,
    retryBaseMs = 30_000,
    maxAttempts = 10,
    leaseMs = 60_000,
  } = options;
  if (options.scheduled) {
    try {
      await options.scheduled(now);
    } catch (error) {
      // a failing producer must not stop the delivery of what is already queued
      logger().error({ err: error }, "queueing scheduled messages failed");
    }
  }
  const due = db
    .select({ id: mail_outbox.id })
    .from(mail_outbox)
    .where(
      and(
        eq(mail_outbox.status, "pending"),
        options.sms ? undefined : eq(mail_outbox.channel, "mail"),
        // the whole millisecond of `now` is due: a row queued at the database's now() (to the
        // microsecond) within the millisecond a JavaScript Date names is not in the future
        lt(mail_outbox.next_attempt_at, new Date(now.getTime() + 1)),
        or(isNull(mail_outbox.locked_until), lte(mail_outbox.locked_until, now)),
      ),
    )
    .orderBy(asc(mail_outbox.next_attempt_at))
    .limit(batchSize)
    .for("update", { skipLocked: true });
  const claimed = await db
    .update(mail_outbox)
    .set({ locked_until: new Date(now.getTime() + leaseMs) })
    .where(inArray(mail_outbox.id, due))
    .returning();

  const attachments = await attachmentsOf(claimed.map((row) => row.id));
  const sentIds: string[] = [];
  let failed = 0;
  for (const row of claimed) {
    const attempts = row.attempts + 1;
    try {
      if (row.channel === "sms") {
        if (!options.sms) throw new Error("no SMS transport");
        await options.sms.send({ to: row.to_address, body: row.text_body });
      } else {
        await options.transport.send({
          to: row.to_address,
          subject: row.subject,
          text: row.text_body,
          html: row.html_body,
          ...(row.list_unsubscribe ? { listUnsubscribe: row.list_unsubscribe } : {}),
          ...(attachments.has(row.id)
            ? { attachments: await drawnAttachments(attachments.get(row.id) ?? []) }
            : {}),
        });
      }
      sentIds.push(row.id);
    } catch (error) {
      const message = (error instanceof Error ? error.message : String(error)).slice(0, 1000);
      const giveUp = attempts >= maxAttempts;
      await db.transaction(async (tx) => {
        await tx
          .update(mail_outbox)
          .set({
            ...(giveUp && row.sensitive ? { text_body: ERASED_BODY, html_body: null } : {}),
            status: giveUp ? "failed" : "pending",
            attempts,
            last_error: message,
            locked_until: null,
            next_attempt_at: new Date(now.getTime() + retryDelayMs(attempts, retryBaseMs)),
          })
          .where(eq(mail_outbox.id, row.id));
        await tx
          .insert(mail_delivery_attempts)
          .values({ outbox_id: row.id, attempted_at: now, succeeded: false, error: message });
      });
      logger()[giveUp ? "error" : "warn"](
        { outboxId: row.id, kind: row.kind, channel: row.channel, attempts, err: message },
        `${row.channel === "sms" ? "text" : "mail"} delivery ${giveUp ? "failed for good" : "failed; will retry"}`,
      );
      countDeliveries(row.channel, "failed");
      failed++;
    }
  }
  if (sentIds.length > 0) {
    // one write for the whole round: delivery is the hot path under load
    await db.transaction(async (tx) => {
      await tx
        .update(mail_outbox)
        .set({
          status: "sent",
          text_body: sql`case when ${mail_outbox.sensitive} then ${ERASED_BODY} else ${mail_outbox.text_body} end`,
          html_body: sql`case when ${mail_outbox.sensitive} then null else ${mail_outbox.html_body} end`,
          attempts: sql`${mail_outbox.attempts} + 1`,
          sent_at: now,
          locked_until: null,
          last_error: null,
        })
        .where(inArray(mail_outbox.id, sentIds));
      await tx
        .insert(mail_delivery_attempts)
        .values(sentIds.map((id) => ({ outbox_id: id, attempted_at: now, succeeded: true })));
    });
    const texts = claimed.filter((row) => row.channel === "sms" && sentIds.includes(row.id)).length;
    countDeliveries("sms", "sent", texts);
    countDeliveries("mail", "sent", sentIds.length - texts);
  }
  const sent = sentIds.length;
  return { sent, failed };
}

type AttachmentRow = typeof mail_outbox_attachments.$inferSelect;

/** The attachments of outbox rows `ids`, by row id (one query, none for a round without files). */
async function attachmentsOf(ids: string[]): Promise<Map<string, AttachmentRow[]>> {
  const byRow = new Map<string, AttachmentRow[]>();
  if (ids.length === 0) return byRow;
  const files = await db
    .select()
    .from(mail_outbox_attachments)
    .where(inArray(mail_outbox_attachments.outbox_id, ids))
    .orderBy(asc(mail_outbox_attachments.filename));
  for (const file of files) {
    const list = byRow.get(file.outbox_id) ?? [];
    list.push(file);
    byRow.set(file.outbox_id, list);
  }
  return byRow;
}

/**
 * `files` as the transport sends them: one not drawn yet is drawn by its registered drawer and
 * its bytes stored on its row (once: a retry or another worker sends the same bytes).
 * @throws when a drawer is not registered, fails or draws nothing (the attempt fails, retried)
 */
async function drawnAttachments(files: AttachmentRow[]): Promise<MailAttachment[]> {
  const ready: MailAttachment[] = [];
  for (const file of files) {
    let content = file.content;
    if (content === null) {
      const draw = file.drawer ? drawers.get(file.drawer) : undefined;
      if (!draw) throw new Error(`no drawer "${file.drawer}" for attachment ${file.filename}`);
      const drawn = await draw(file.drawer_key ?? "");
      if (!drawn) throw new Error(`attachment ${file.filename} could not be drawn`);
      const [stored] = await db
        .update(mail_outbox_attachments)
        .set({ content: drawn })
        .where(
          and(eq(mail_outbox_attachments.id, file.id), isNull(mail_outbox_attachments.content)),
        )
        .returning({ id: mail_outbox_attachments.id });
      if (stored) content = drawn;
      else {
        // drawn meanwhile by another worker (its lease ran out): send the stored bytes
        const [row] = await db
          .select({ content: mail_outbox_attachments.content })
          .from(mail_outbox_attachments)
          .where(eq(mail_outbox_attachments.id, file.id));
        content = row?.content ?? drawn;
      }
    }
    ready.push({ filename: file.filename, contentType: file.content_type, content });
  }
  return ready;
}

export interface OutboxWorker {
  /** Asks for a delivery round now (e.g. right after a commit that queued mail). */
  kick(): void;
  /** Stops polling and waits for the round in progress. */
  stop(): Promise<void>;
}

/** Starts delivering in the background: a round every `pollIntervalMs` and on every kick. */
export function startOutboxWorker(
  options: DeliveryOptions & { pollIntervalMs?: number; kickDelayMs?: number },
): OutboxWorker {
  const { pollIntervalMs = 5_000, kickDelayMs = 50, ...delivery } = options;
  let running: Promise<void> | undefined;
  let again = false;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;

  const schedule = () => {
    if (stopped) return;
    clearTimeout(timer);
    timer = setTimeout(round, pollIntervalMs);
    timer.unref();
  };
  function round(): void {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      try {
        let result: { sent: number; failed: number };
        do {
          again = false;
          result = await deliverDueMail({ ...delivery, now: new Date() });
        } while (
          (again || result.sent + result.failed === (delivery.batchSize ?? DEFAULT_BATCH_SIZE)) &&
          !stopped
        );
      } catch (error) {
        logger().error({ err: error }, "mail outbox round failed");
      } finally {
        running = undefined;
        schedule();
      }
    })();
  }
  schedule();
  let kickTimer: NodeJS.Timeout | undefined;
  return {
    // a short pause lets a burst of new requests share one delivery round
    kick: () => {
      kickTimer ??= setTimeout(() => {
        kickTimer = undefined;
        round();
      }, kickDelayMs);
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      clearTimeout(kickTimer);
      await running;
    },
  };
}

let worker: OutboxWorker | undefined;

/** Registers the process's outbox worker so that `kickOutbox()` reaches it. */
export function setOutboxWorker(next: OutboxWorker | undefined): void {
  worker = next;
}

/** Asks the process's worker (if any) to deliver now. */
export function kickOutbox(): void {
  worker?.kick();
}

/** Rows still waiting for delivery (for /healthz and operators). */
export async function pendingMailCount(): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(mail_outbox)
    .where(eq(mail_outbox.status, "pending"));
  return row?.count ?? 0;
}
