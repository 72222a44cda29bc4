/**
 * Jobs (docs/decisions/0210-jobs.md) on both drivers, one database per describe block: the job an
 * acceptance makes in its own transaction (exactly one, also when two processes accept at once on
 * PostgreSQL), a job opened by hand on an approved quote, numbers without gaps, the quote following
 * its job with history and mail, the 'job completed' hook, the admin list's filters, the pages that
 * show a quote's job, and the role x route matrix of every jobs loader and action.
 */

import { readFile } from "node:fs/promises";
import path from "node:path";
import { and, asc, eq } from "drizzle-orm";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { acceptEstimate } from "~/features/estimates/acceptance.server";
import { homeownerEstimate, linkParty, partyOf } from "~/features/estimates/access.server";
import { saveEstimateDraft, sendEstimate } from "~/features/estimates/estimates.server";
import { listPriceBook } from "~/features/estimates/price-book.server";
import { estimateDraftSchema } from "~/features/estimates/schemas";
import { seedPriceBook } from "~/features/estimates/seed.server";
import { invoiceCompletedJobs } from "~/features/invoices/job-completion.server";
import { onJobCompleted } from "~/features/jobs/events.server";
import {
  bookWorkVisit,
  changeJobStatus,
  completeJob,
  openJobByHand,
  setJobCrew,
} from "~/features/jobs/jobs.server";
import { saveJobRecord, setCertificationNumber } from "~/features/jobs/record.server";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import { bookedVisits } from "~/features/visits/booking.server";
import { queueDueReminders } from "~/features/visits/reminders.server";
import { denverInstant } from "~/features/visits/slots";
import { workVisitTimes } from "~/features/visits/work.server";
import { isExclusionViolation } from "~/lib/database-errors.server";
import { addDays, denverDate, formatDate } from "~/lib/dates";
import { db } from "~/lib/db.server";
import type { SessionUser } from "~/lib/session.server";
import * as accountQuotesRoute from "~/routes/account/quotes";
import * as dashboardRoute from "~/routes/admin/dashboard";
import * as jobRoute from "~/routes/admin/job";
import * as jobLabelRoute from "~/routes/admin/job-label";
import * as jobsRoute from "~/routes/admin/jobs";
import * as adminQuoteRoute from "~/routes/admin/quote";
import * as scheduleRoute from "~/routes/admin/schedule";
import * as statusRoute from "~/routes/quotes/status";
import { acceptInTwoProcesses } from "../setup/accept-concurrently";
import { contextFor, makeUser, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, itOnPostgres, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { moldRecordForm } from "../setup/job-records";

const SLOW = 180_000;
const client = { ip: "198.51.100.23", userAgent: "Mozilla/5.0 (test)" };

describe.each(drivers)("jobs on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let seq = 0;

  beforeAll(async () => {
    database = await freshDatabase(driver, { ESTIMATE_TAX_RATE: "7.25" });
    await seedPriceBook();
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
  }, SLOW);
  afterAll(async () => {
    await database?.dispose();
  });

  async function newQuote(
    userId: string | null = null,
    service: "radon" | "mold" | "water_filtration" = "radon",
  ) {
    seq += 1;
    const outcome = await submitQuoteRequest(
      service,
      formData({
        ...validAnswers[service],
        email: `owner${seq}@example.com`,
        lastName: `Job${seq}`,
      }),
      { clientIp: `10.9.${Math.floor(seq / 250)}.${(seq % 250) + 1}`, owner: { userId } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    return outcome.quoteId;
  }

  async function item(name: string) {
    const found = (await listPriceBook()).find((i) => i.name.startsWith(name));
    if (!found) throw new Error(`no price book item ${name}`);
    return found;
  }

  /** Sends a two-option estimate for `quoteId`; returns its link token and the accept form. */
  async function sent(quoteId: string) {
    const passive = await item("Passive radon vent system");
    const active = await item("Active sub-slab depressurization system");
    const draft = estimateDraftSchema.parse({
      options: [
        { name: "Passive system", lines: [{ priceBookItemId: passive.id, quantity: "1" }] },
        {
          name: "Active sub-slab system",
          lines: [
            { priceBookItemId: active.id, quantity: "1" },
            { name: "Sealing", quantity: "2.5", unit: "hour", unitPrice: "95.00" },
          ],
        },
      ],
    });
    expect(await saveEstimateDraft(partyOf(admin), quoteId, draft)).toMatchObject({ ok: true });
    const outcome = await sendEstimate(partyOf(admin), quoteId);
    if (!outcome.ok) throw new Error(outcome.message);
    const token = outcome.url.split("/").pop() as string;
    const shown = await homeownerEstimate(linkParty(token));
    if (shown?.state !== "open") throw new Error("estimate not open");
    return {
      token,
      form: {
        versionId: shown.versionId,
        contentSha256: shown.view.contentSha256 as string,
        option: 2,
        consent: true as const,
        signerName: "Ann Lee",
      },
    };
  }

  async function accepted(quoteId: string) {
    const { token, form } = await sent(quoteId);
    const outcome = await acceptEstimate(linkParty(token), undefined, form, client);
    expect(outcome.ok).toBe(true);
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.quote_id, quoteId));
    if (!job) throw new Error("no job made");
    return job;
  }

  async function approvedQuote(
    userId: string | null = null,
    service: "radon" | "mold" | "water_filtration" = "radon",
  ) {
    const quoteId = await newQuote(userId, service);
    const moved = await changeQuoteStatus(
      quoteId,
      { status: "approved", expectedStatus: "pending", notes: null },
      admin.id,
    );
    expect(moved.ok).toBe(true);
    return quoteId;
  }

  /** Saves a complete radon record (the admin as installer, with a label photo) for job `jobId`. */
  async function fillRadonRecord(jobId: string) {
    expect(await setCertificationNumber(admin.id, "NRPP-109876-RMT")).toBe(true);
    const form = new FormData();
    form.set("intent", "record");
    form.set("systemType", "sub_slab");
    form.set("suctionPoints", "2");
    form.set("fanMakeModel", "RadonAway RP145");
    form.set("fanSerial", "RA-2231");
    form.set("manometerInchesWc", "1.25");
    form.set("sealingDone", "on");
    form.set("installerId", admin.id);
    const jpeg = await sharp({
      create: { width: 40, height: 30, channels: 3, background: { r: 200, g: 30, b: 30 } },
    })
      .jpeg()
      .withExif({ IFD0: { Make: "Phone" } })
      .toBuffer();
    form.set("labelPhoto", new File([new Uint8Array(jpeg)], "label.jpg", { type: "image/jpeg" }));
    expect(await saveJobRecord(jobId, form, admin.id)).toEqual({ ok: true });
  }

  const quoteHistory = (quoteId: string) =>
    db
      .select({
        status: schema.quote_status_history.status,
        notes: schema.quote_status_history.notes,
      })
      .from(schema.quote_status_history)
      .where(eq(schema.quote_status_history.quote_id, quoteId))
      .orderBy(asc(schema.quote_status_history.created_at));

  const mailsTo = async (quoteId: string) => {
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    return (await db.select().from(schema.mail_outbox)).filter(
      (m) => m.to_address === quote?.contact_email,
    );
  };

  it("accepting an estimate makes exactly one job with the accepted option's lines, in the same transaction", async () => {
    const quoteId = await newQuote();
    const job = await accepted(quoteId);
    expect(job).toMatchObject({
      status: "unscheduled",
      service: "radon",
      option_name: "Active sub-slab system",
    });
    expect(job.estimate_acceptance_id).not.toBeNull();
    const [acceptance] = await db
      .select()
      .from(schema.estimate_acceptances)
      .where(eq(schema.estimate_acceptances.id, job.estimate_acceptance_id as string));
    expect(job.total_cents).toBe(acceptance?.total_cents);
    const lines = await db
      .select()
      .from(schema.job_lines)
      .where(eq(schema.job_lines.job_id, job.id))
      .orderBy(asc(schema.job_lines.position));
    expect(lines.map((l) => [l.position, l.name, l.quantity_thousandths])).toEqual([
      [1, "Active sub-slab depressurization system", 1000],
      [2, "Sealing", 2500],
    ]);
    const history = await db
      .select()
      .from(schema.job_status_history)
      .where(eq(schema.job_status_history.job_id, job.id));
    expect(history.map((h) => h.status)).toEqual(["unscheduled"]);
    const label = `J-${String(job.number).padStart(4, "0")}`;
    expect((await quoteHistory(quoteId)).at(-1)?.notes).toMatch(new RegExp(`; job ${label}$`));

    // a second accept (another tab) makes no second job
    const again = await sent(quoteId).catch(() => null);
    expect(again).toBeNull();
    expect(
      await db.select().from(schema.jobs).where(eq(schema.jobs.quote_id, quoteId)),
    ).toHaveLength(1);
  });

  it("a failed acceptance leaves no job and gives its number back: numbers stay without gaps", async () => {
    const quoteId = await newQuote();
    const { token, form } = await sent(quoteId);
    const before = await db.select({ n: schema.jobs.number }).from(schema.jobs);
    // a superseded hash is refused inside the transaction's checks: nothing written
    const refused = await acceptEstimate(
      linkParty(token),
      undefined,
      { ...form, contentSha256: "0".repeat(64) },
      client,
    );
    expect(refused.ok).toBe(false);
    expect(await db.select().from(schema.jobs).where(eq(schema.jobs.quote_id, quoteId))).toEqual(
      [],
    );
    // concurrent jobs opened by hand, one of them refused (its quote is pending) and rolled back
    const quotes = await Promise.all([1, 2, 3, 4, 5].map(() => approvedQuote()));
    const pending = await newQuote();
    const outcomes = await Promise.all([
      ...quotes.map((q) => openJobByHand(q, admin.id, "by phone")),
      openJobByHand(pending, admin.id, null),
    ]);
    expect(outcomes.filter((o) => o.ok)).toHaveLength(5);
    expect(outcomes.at(-1)).toMatchObject({ ok: false, status: 409 });
    const numbers = (await db.select({ n: schema.jobs.number }).from(schema.jobs))
      .map((r) => r.n)
      .sort((a, b) => a - b);
    expect(numbers).toEqual(numbers.map((_, i) => i + 1));
    expect(numbers.length).toBe(before.length + 5);
  });

  it("staff open a job by hand only on an approved quote, once; a later acceptance joins that job", async () => {
    const pending = await newQuote();
    expect(await openJobByHand(pending, admin.id, null)).toMatchObject({
      ok: false,
      status: 409,
      message: "A job can be opened only on an approved quote. Approve the quote first.",
    });
    const quoteId = await approvedQuote();
    const opened = await openJobByHand(quoteId, admin.id, "Agreed by phone on Monday");
    expect(opened.ok).toBe(true);
    const second = await openJobByHand(quoteId, admin.id, null);
    expect(second).toMatchObject({ ok: false, status: 409 });
    expect(second.ok === false && second.message).toMatch(/already has job J-\d{4}/);
    // the estimate accepted later joins the same job: its lines and acceptance, no second job
    const job = await accepted(quoteId);
    expect(opened.ok && job.id).toBe(opened.ok && opened.id);
    expect(job.option_name).toBe("Active sub-slab system");
    expect(job.opened_note).toBe("Agreed by phone on Monday");
    const lines = await db
      .select()
      .from(schema.job_lines)
      .where(eq(schema.job_lines.job_id, job.id));
    expect(lines).toHaveLength(2);
  });

  it("the quote follows its job (approved -> in progress -> completed) with history and mail; the 'job completed' hook runs in the same transaction", async () => {
    const quoteId = await newQuote();
    const job = await accepted(quoteId);
    const mailsBefore = (await mailsTo(quoteId)).length;
    // a status the admin saw that is no longer the job's is refused
    expect(
      await changeJobStatus(
        job.id,
        { status: "scheduled", expectedStatus: "in_progress", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    expect(
      await changeJobStatus(
        job.id,
        { status: "scheduled", expectedStatus: "unscheduled", notes: null },
        admin.id,
      ),
    ).toEqual({ ok: true });
    expect((await quoteHistory(quoteId)).at(-1)).toEqual({
      status: "in_progress",
      notes: `Job J-${String(job.number).padStart(4, "0")} scheduled`,
    });
    expect((await mailsTo(quoteId)).length).toBe(mailsBefore + 1);
    // a move the workflow does not allow
    expect(
      await changeJobStatus(
        job.id,
        { status: "in_progress", expectedStatus: "unscheduled", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 400 });
    expect(
      await changeJobStatus(
        job.id,
        { status: "unscheduled", expectedStatus: "scheduled", notes: null },
        admin.id,
      ),
    ).toEqual({ ok: true });
    expect(
      await changeJobStatus(
        job.id,
        { status: "unscheduled", expectedStatus: "scheduled", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 409 });
    await changeJobStatus(
      job.id,
      { status: "scheduled", expectedStatus: "unscheduled", notes: null },
      admin.id,
    );
    expect(
      await changeJobStatus(
        job.id,
        { status: "in_progress", expectedStatus: "scheduled", notes: null },
        admin.id,
      ),
    ).toEqual({ ok: true });
    // the quote moved once only: it was in progress already
    expect((await mailsTo(quoteId)).length).toBe(mailsBefore + 1);

    // the radon record is required first
    const blocked = await completeJob(job.id, admin.id);
    expect(blocked).toMatchObject({ ok: false, status: 400 });
    expect(blocked.ok === false && blocked.message).toBe(
      "The job cannot be completed yet: the fan make and model; the manometer reading at commissioning; the installer's certification number; a photo of the placed label.",
    );
    await fillRadonRecord(job.id);
    // a listener that throws rolls the completion back
    const stop = onJobCompleted(async () => {
      throw new Error("invoice refused");
    });
    await expect(completeJob(job.id, admin.id)).rejects.toThrow("invoice refused");
    stop();
    const [still] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(still?.status).toBe("in_progress");

    const seen: string[] = [];
    const unlisten = onJobCompleted(async (tx, completed) => {
      const [row] = await tx.select().from(schema.jobs).where(eq(schema.jobs.id, completed.id));
      seen.push(`${completed.number}:${row?.status}:${completed.totalCents}`);
    });
    // as the server registers it at start-up: the completion invoices the balance
    const stopInvoicing = invoiceCompletedJobs();
    expect(await completeJob(job.id, admin.id)).toEqual({ ok: true });
    unlisten();
    stopInvoicing();
    expect(seen).toEqual([`${job.number}:completed:${job.total_cents}`]);
    const finals = await db
      .select()
      .from(schema.invoices)
      .where(and(eq(schema.invoices.quote_id, quoteId), eq(schema.invoices.kind, "final")));
    expect(finals.map((i) => [i.status, i.total_cents])).toEqual([["draft", job.total_cents]]);
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    expect(quote?.current_status).toBe("completed");
    // the quote's status mail, the completion report (job-records.test.ts reads it) and the
    // homeowner's sign-off link (sign-off.server.ts)
    const mails = await mailsTo(quoteId);
    expect(mails.length).toBe(mailsBefore + 4);
    expect(mails.filter((m) => m.kind === "job_completion_report")).toHaveLength(1);
    expect(await completeJob(job.id, admin.id)).toMatchObject({ ok: false, status: 409 });
    // completed is final
    expect(
      await changeJobStatus(
        job.id,
        { status: "cancelled", expectedStatus: "completed", notes: "no" },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 400 });
  });

  it("cancelling needs a reason and leaves the quote as it is", async () => {
    const quoteId = await approvedQuote();
    const opened = await openJobByHand(quoteId, admin.id, null);
    if (!opened.ok) throw new Error(opened.message);
    expect(
      await changeJobStatus(
        opened.id,
        { status: "cancelled", expectedStatus: "unscheduled", notes: null },
        admin.id,
      ),
    ).toMatchObject({ ok: false, status: 400, message: "Give the reason for cancelling the job." });
    expect(
      await changeJobStatus(
        opened.id,
        { status: "cancelled", expectedStatus: "unscheduled", notes: "Homeowner sold the house" },
        admin.id,
      ),
    ).toEqual({ ok: true });
    const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, opened.id));
    expect(job).toMatchObject({ status: "cancelled", cancel_reason: "Homeowner sold the house" });
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    expect(quote?.current_status).toBe("approved");
  });

  it("/admin/jobs searches by number, name and address and filters by status, service and crew member", async () => {
    const crewMember = await makeUser(`crew${seq}@remediation.test`, { admin: true, totp: true });
    const customer = await makeUser(`searched${seq}@example.com`);
    const quoteId = await approvedQuote(customer.id);
    const opened = await openJobByHand(quoteId, admin.id, null);
    if (!opened.ok) throw new Error(opened.message);
    expect(await setJobCrew(opened.id, [crewMember.id])).toEqual({ ok: true });
    expect(await setJobCrew(opened.id, [customer.id])).toMatchObject({ ok: false, status: 400 });
    const list = async (search: string) => {
      const answer = await run(jobsRoute.loader, {
        request: requestTo(`/admin/jobs${search}`),
        context: contextFor(admin),
      });
      expect(answer.status).toBe(200);
      return answer.value as Awaited<ReturnType<typeof jobsRoute.loader>>;
    };
    const label = `J-${String(opened.number).padStart(4, "0")}`;
    // "J-0042" names one job; bare digits also search the quote's text
    expect((await list(`?q=${label}`)).jobs.map((j) => j.number)).toEqual([label]);
    expect((await list(`?q=${opened.number}`)).jobs.map((j) => j.number)).toContain(label);
    expect((await list(`?q=Job${seq}`)).jobs.map((j) => j.number)).toEqual([label]);
    // the totals: with a search (counted through the quote) and with filters on the job alone
    expect((await list(`?q=Job${seq}`)).total).toBe(1);
    expect((await list(`?crew=${crewMember.id}`)).total).toBe(1);
    expect((await list(`?crew=${crewMember.id}`)).jobs.map((j) => j.number)).toEqual([label]);
    expect((await list(`?crew=${crewMember.id}&status=completed`)).jobs).toEqual([]);
    expect(
      (await list(`?crew=${crewMember.id}&status=unscheduled&service=radon`)).jobs.map(
        (j) => j.number,
      ),
    ).toEqual([label]);
    expect((await list(`?crew=${crewMember.id}&service=mold`)).jobs).toEqual([]);
    // unreadable filters are no filter
    expect((await list("?status=sometimes&crew=..")).total).toBe((await list("")).total);
  });

  it("role x route matrix: jobs are staff's (crew are admins); a customer sees only their own quote's job", async () => {
    const owner = await makeUser(`matrix-owner${seq}@example.com`);
    const other = await makeUser(`matrix-other${seq}@example.com`);
    const noTotp = await makeUser(`matrix-admin${seq}@remediation.test`, { admin: true });
    const crew = await makeUser(`matrix-crew${seq}@remediation.test`, { admin: true, totp: true });
    const quoteId = await approvedQuote(owner.id);
    const otherQuote = await approvedQuote(other.id);
    type Actor = "guest" | "other" | "owner" | "noTotp" | "crew";
    const actors: Record<Actor, SessionUser | null> = { guest: null, other, owner, noTotp, crew };
    for (const [actor, user] of Object.entries(actors) as [Actor, SessionUser | null][]) {
      // a mold job with its record filled, so the crew's 'Complete job' goes through
      const opened = await openJobByHand(await approvedQuote(owner.id, "mold"), admin.id, null);
      if (!opened.ok) throw new Error(opened.message);
      expect(await saveJobRecord(opened.id, await moldRecordForm(), admin.id)).toEqual({
        ok: true,
      });
      const staff = actor === "crew";
      const endpoints: {
        fn: (args: never) => unknown;
        path: string;
        params: Record<string, string>;
        form?: Record<string, string>;
        ok: number;
      }[] = [
        { fn: jobsRoute.loader, path: "/admin/jobs", params: {}, ok: 200 },
        {
          fn: jobsRoute.action,
          path: "/admin/jobs",
          params: {},
          form: { intent: "open-job", quoteId: actor === "crew" ? quoteId : otherQuote },
          ok: 302,
        },
        {
          fn: jobRoute.loader,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          ok: 200,
        },
        {
          fn: jobRoute.action,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          form: { intent: "crew", crew: crew.id },
          ok: 302,
        },
        {
          fn: jobRoute.action,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          form: { intent: "status", status: "scheduled", expectedStatus: "unscheduled" },
          ok: 302,
        },
        {
          fn: jobRoute.action,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          form: { intent: "status", status: "in_progress", expectedStatus: "scheduled" },
          ok: 302,
        },
        {
          fn: jobRoute.action,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          form: { intent: "complete" },
          ok: 302,
        },
        {
          fn: jobRoute.action,
          path: `/admin/jobs/${opened.id}`,
          params: { id: opened.id },
          form: {
            intent: "book-visit",
            day: "2027-03-01",
            start: "08:00",
            end: "09:00",
            staff: crew.id,
          },
          // the job is completed by then: no more work visits
          ok: 409,
        },
      ];
      for (const e of endpoints) {
        const answer = await run(e.fn, {
          request: requestTo(e.path, e.form),
          context: contextFor(user),
          params: e.params,
        });
        const name = `${e.path} ${e.form?.intent ?? "GET"} as ${actor}`;
        if (staff) {
          expect(answer.status, name).toBe(e.ok);
          continue;
        }
        expect(answer.status, name).toBe(302);
        expect(answer.location, name).toEqual(
          actor === "guest"
            ? expect.stringMatching(/^\/auth\/signin\?redirectTo=/)
            : actor === "noTotp"
              ? "/account/profile"
              : "/",
        );
      }
      const [job] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, opened.id));
      // only the crew member's posts changed anything (scheduled, started, completed)
      expect(job?.status, actor).toBe(staff ? "completed" : "unscheduled");
    }
    // nobody but the crew member opened a job on the other customer's quote
    expect(await db.select().from(schema.jobs).where(eq(schema.jobs.quote_id, otherQuote))).toEqual(
      [],
    );

    // the customer's quote list shows their own jobs only
    const listOf = async (user: SessionUser) => {
      const answer = await run(accountQuotesRoute.loader, {
        request: requestTo("/account/quotes"),
        context: contextFor(user),
      });
      return (answer.value as Awaited<ReturnType<typeof accountQuotesRoute.loader>>).quotes;
    };
    const ownList = await listOf(owner);
    const ownJob = ownList.find((q) => q.id === quoteId)?.job;
    expect(ownJob).toMatchObject({
      number: expect.stringMatching(/^J-\d{4}$/),
      statusLabel: "Unscheduled",
    });
    expect(ownList.every((q) => q.job !== null)).toBe(true);
    const otherList = await listOf(other);
    expect(otherList.map((q) => q.id)).toEqual([otherQuote]);
    expect(otherList[0]?.job).toBeNull();

    // the admin's quote page shows the job
    const page = await run(adminQuoteRoute.loader, {
      request: requestTo(`/admin/quotes/${quoteId}`),
      context: contextFor(admin),
      params: { id: quoteId },
    });
    expect((page.value as { job: { number: string } | null }).job?.number).toBe(ownJob?.number);
  });

  it("the status link shows the quote's job and its state", async () => {
    const quoteId = await newQuote();
    const job = await accepted(quoteId);
    const [mail] = (await mailsTo(quoteId)).filter((m) => m.text_body.includes("/quotes/status/"));
    const token = /\/quotes\/status\/([A-Za-z0-9_-]+)/.exec(mail?.text_body ?? "")?.[1];
    expect(token).toBeTruthy();
    const answer = await run(statusRoute.loader, {
      request: requestTo(`/quotes/status/${token}`),
      context: contextFor(null),
      params: { token: token as string },
    });
    expect((answer.value as { job: unknown }).job).toEqual({
      number: `J-${String(job.number).padStart(4, "0")}`,
      status: "Unscheduled",
    });
  });

  it("the radon record: a refused field saves nothing, a draft is kept, the label photo goes through the quote files' pipeline, completion needs every required item", async () => {
    const quoteId = await newQuote();
    const job = await accepted(quoteId);
    const bad = new FormData();
    bad.set("fanMakeModel", "Festa AMG Eagle");
    bad.set("manometerInchesWc", "12.5");
    expect(await saveJobRecord(job.id, bad, admin.id)).toMatchObject({
      ok: false,
      status: 400,
      fieldErrors: {
        manometerInchesWc: ["The reading is between 0.01 and 10.00 inches of water column"],
      },
    });
    expect(
      await db.select().from(schema.job_records).where(eq(schema.job_records.job_id, job.id)),
    ).toEqual([]);
    const draft = new FormData();
    draft.set("fanMakeModel", "Festa AMG Eagle");
    expect(await saveJobRecord(job.id, draft, admin.id)).toEqual({ ok: true });
    for (const [from, to] of [
      ["unscheduled", "scheduled"],
      ["scheduled", "in_progress"],
    ] as const) {
      await changeJobStatus(job.id, { status: to, expectedStatus: from, notes: null }, admin.id);
    }
    const missing = await completeJob(job.id, admin.id);
    expect(missing).toMatchObject({
      ok: false,
      status: 400,
      missing: [
        "the manometer reading at commissioning",
        "the installer's certification number",
        "a photo of the placed label",
      ],
    });
    await fillRadonRecord(job.id);
    const [photo] = await db
      .select()
      .from(schema.job_record_photos)
      .where(eq(schema.job_record_photos.job_id, job.id));
    const [upload] = await db
      .select()
      .from(schema.quote_uploads)
      .where(eq(schema.quote_uploads.id, photo?.upload_id as string));
    expect(upload).toMatchObject({ kind: "photo", content_type: "image/jpeg" });
    // attached to the quote, so it is served as the quote's files are (private, by its checks)
    const attached = await db
      .select()
      .from(schema.quote_attachments)
      .where(eq(schema.quote_attachments.upload_id, upload?.id as string));
    expect(attached.map((a) => a.quote_id)).toEqual([quoteId]);
    const stored = await readFile(
      path.join(database.dataDir, "files", upload?.storage_key as string),
    );
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    const [record] = await db
      .select()
      .from(schema.job_records)
      .where(eq(schema.job_records.job_id, job.id));
    expect(JSON.parse(record?.data as string)).toMatchObject({
      fanMakeModel: "RadonAway RP145",
      manometerInchesWc: 1.25,
      certificationNumber: "NRPP-109876-RMT",
    });
    expect(await completeJob(job.id, admin.id)).toEqual({ ok: true });

    // the system label: a 4 x 6 in PDF holding every item SGM-SF asks for; staff only
    const label = await run(jobLabelRoute.loader, {
      request: requestTo(`/admin/jobs/${job.id}/label.pdf`),
      context: contextFor(admin),
      params: { id: job.id },
    });
    expect(label.status).toBe(200);
    const response = label.value as Response;
    expect(response.headers.get("Content-Type")).toBe("application/pdf");
    const document = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
    const page = await document.getPage(1);
    const [, , width, height] = page.view;
    expect([width, height]).toEqual([288, 432]);
    const { text } = await extractText(document, { mergePages: true });
    const [completed] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    for (const item of [
      "Radon Mitigation System",
      formatDate(denverDate(completed?.completed_at as Date)),
      admin.fullName as string,
      "NRPP-109876-RMT",
      "Utah Home Remediation",
      "1.25 in. water column",
      "Test your home for radon every two years and after major renovations.",
      "1-800-SOS-RADON",
      "Utah DEQ Radon Program",
    ]) {
      expect(text.replace(/\s+/g, " "), item).toContain(item);
    }
    const customer = await makeUser(`label${seq}@example.com`);
    const refused = await run(jobLabelRoute.loader, {
      request: requestTo(`/admin/jobs/${job.id}/label.pdf`),
      context: contextFor(customer),
      params: { id: job.id },
    });
    expect([refused.status, refused.location]).toEqual([302, "/"]);
    // signed off by completion: the record no longer changes
    expect(await saveJobRecord(job.id, draft, admin.id)).toMatchObject({ ok: false, status: 409 });
  });

  it("work visits: a crew member's overlap is refused by the database; a booking schedules the job, mails the .ics, stands apart on the schedule and is reminded once", async () => {
    const crewA = await makeUser(`crew-a${seq}@remediation.test`, { admin: true, totp: true });
    const crewB = await makeUser(`crew-b${seq}@remediation.test`, { admin: true, totp: true });
    const quoteId = await newQuote();
    const job = await accepted(quoteId);
    const day = addDays(denverDate(new Date()), 20);
    const times = workVisitTimes(day, "08:00", "16:00");
    if ("error" in times) throw new Error(times.error);
    // crew only
    expect(await bookWorkVisit(job.id, [crewA.id], times, admin.id)).toMatchObject({
      ok: false,
      status: 400,
    });
    expect(await setJobCrew(job.id, [crewA.id, crewB.id])).toEqual({ ok: true });
    // crew B has an assessment visit at noon that day
    const other = await newQuote();
    await db.insert(schema.visits).values({
      quote_id: other,
      kind: "radon_placement",
      staff_id: crewB.id,
      starts_at: denverInstant(day, 12 * 60)!,
      ends_at: denverInstant(day, 12 * 60 + 45)!,
    });
    const mailsBefore = (await mailsTo(quoteId)).length;
    expect(await bookWorkVisit(job.id, [crewA.id, crewB.id], times, admin.id)).toEqual({
      ok: false,
      status: 409,
      message: "A crew member already has a visit at that time. Choose another time.",
    });
    // nothing written: no visit, the job still unscheduled, no mail
    expect(await db.select().from(schema.visits).where(eq(schema.visits.job_id, job.id))).toEqual(
      [],
    );
    const [unchanged] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(unchanged?.status).toBe("unscheduled");
    expect((await mailsTo(quoteId)).length).toBe(mailsBefore);
    // the database itself refuses the overlap, whatever writes it
    await expect(
      db.insert(schema.visits).values({
        quote_id: quoteId,
        job_id: job.id,
        kind: "work",
        staff_id: crewB.id,
        starts_at: times.startsAt,
        ends_at: times.endsAt,
      }),
    ).rejects.toSatisfy((error: unknown) => isExclusionViolation(error));

    const morning = workVisitTimes(day, "07:00", "11:30");
    if ("error" in morning) throw new Error(morning.error);
    expect(await bookWorkVisit(job.id, [crewA.id, crewB.id], morning, admin.id)).toEqual({
      ok: true,
    });
    const rows = await db.select().from(schema.visits).where(eq(schema.visits.job_id, job.id));
    expect(rows.map((r) => r.staff_id).sort()).toEqual([crewA.id, crewB.id].sort());
    const [scheduled] = await db.select().from(schema.jobs).where(eq(schema.jobs.id, job.id));
    expect(scheduled?.status).toBe("scheduled");
    const [quote] = await db.select().from(schema.quotes).where(eq(schema.quotes.id, quoteId));
    expect(quote?.current_status).toBe("in_progress");
    const mail = (await mailsTo(quoteId)).find((m) => m.kind === "work_visit_booked");
    expect(mail?.text_body).toContain("7:00 AM");
    const [ics] = await db
      .select()
      .from(schema.mail_outbox_attachments)
      .where(eq(schema.mail_outbox_attachments.outbox_id, mail?.id as string));
    expect(ics?.filename).toBe("work-visit.ics");
    expect(ics?.content?.toString("utf8")).toContain("TZID=America/Denver:");
    // the homeowner's booking pages keep to assessment visits
    expect(await bookedVisits(quoteId)).toEqual([]);

    // the schedule's week shows them apart from the assessments
    const week = await run(scheduleRoute.loader, {
      request: requestTo(`/admin/schedule?week=${day}`),
      context: contextFor(admin),
    });
    const days = (week.value as Awaited<ReturnType<typeof scheduleRoute.loader>>).week.days;
    const that = days.find((d) => d.day === day);
    expect(that?.work.map((w) => w.jobId)).toEqual([job.id, job.id]);
    expect(that?.visits.map((v) => v.quoteId)).toEqual([other]);
    // the jobs list's week filter
    const list = await run(jobsRoute.loader, {
      request: requestTo(`/admin/jobs?week=${day}`),
      context: contextFor(admin),
    });
    expect(
      (list.value as Awaited<ReturnType<typeof jobsRoute.loader>>).jobs.map((j) => j.id),
    ).toEqual([job.id]);

    // the dashboard's 'Jobs this week' counts jobs with a work visit this week
    const tonight = workVisitTimes(denverDate(new Date()), "23:00", "23:30");
    if ("error" in tonight) throw new Error(tonight.error);
    const late = await makeUser(`crew-late${seq}@remediation.test`, { admin: true, totp: true });
    const weekJob = await openJobByHand(await approvedQuote(), admin.id, null);
    if (!weekJob.ok) throw new Error(weekJob.message);
    await setJobCrew(weekJob.id, [late.id]);
    const dashboardBefore = await run(dashboardRoute.loader, {
      request: requestTo("/admin/dashboard"),
      context: contextFor(admin),
    });
    const countBefore = (dashboardBefore.value as { jobsThisWeek: { count: number } }).jobsThisWeek
      .count;
    expect(await bookWorkVisit(weekJob.id, [late.id], tonight, admin.id)).toEqual({ ok: true });
    const dashboard = await run(dashboardRoute.loader, {
      request: requestTo("/admin/dashboard"),
      context: contextFor(admin),
    });
    expect((dashboard.value as { jobsThisWeek: { count: number } }).jobsThisWeek.count).toBe(
      countBefore + 1,
    );

    // one reminder per job and time, though two crew members come
    await queueDueReminders(new Date(morning.startsAt.getTime() - 60_000));
    const reminders = (await mailsTo(quoteId)).filter((m) => m.kind === "visit_reminder");
    expect(reminders).toHaveLength(1);
    expect(reminders[0]?.subject).toMatch(/work visit/);
  });

  itOnPostgres(driver)(
    "two processes accepting at once on PostgreSQL make one job",
    async () => {
      const quoteId = await newQuote();
      const { token, form } = await sent(quoteId);
      const outcomes = await acceptInTwoProcesses(database, token, form);
      expect(outcomes.map((o) => o.ok)).toEqual([true, true]);
      const made = await db.select().from(schema.jobs).where(eq(schema.jobs.quote_id, quoteId));
      expect(made).toHaveLength(1);
    },
    SLOW,
  );
});
