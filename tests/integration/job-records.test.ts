/**
 * Jobs' completion records on both drivers through the job page's loader and action: the mold
 * remediation record (IICRC S520), its files through the quote files' pipeline, the
 * non-independent disclosure kept for the homeowner's sign-off, 'Complete job' refused until the
 * record holds what S520 asks for; and what completion produces for every service: the
 * completion report PDF mailed through the outbox and listed in the home record, owner and staff
 * only.
 */
import { readFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import sharp from "sharp";
import { extractText, getDocumentProxy } from "unpdf";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as schema from "~/db/schema";
import { changeJobStatus, completeJob, openJobByHand } from "~/features/jobs/jobs.server";
import {
  moldDisclosureOf,
  saveJobRecord,
  setCertificationNumber,
} from "~/features/jobs/record.server";
import { changeQuoteStatus } from "~/features/quotes/status-change.server";
import { submitQuoteRequest } from "~/features/quotes/submit.server";
import {
  queueDueReminders,
  remindersView,
  saveReminders,
} from "~/features/visits/reminders.server";
import { db } from "~/lib/db.server";
import { fileTransport } from "~/lib/mail.server";
import { deliverDueMail } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import * as exportRoute from "~/routes/account/data-export";
import * as accountReportRoute from "~/routes/account/job-report";
import * as propertyRecordRoute from "~/routes/account/property-record";
import * as jobRoute from "~/routes/admin/job";
import * as adminReportRoute from "~/routes/admin/job-report";
import { contextFor, makeUser, ORIGIN, requestTo, run } from "../setup/admin";
import { drivers, freshDatabase, type TestDatabase } from "../setup/database";
import { formData, validAnswers } from "../setup/forms";
import { jpegFile, moldRecordForm, pdfFile } from "../setup/job-records";
import { renderRoute } from "../setup/render";

const SLOW = 180_000;

/** A same-origin multipart POST of `form` to `path`, as the record form sends it. */
function multipartTo(path: string, form: FormData): Request {
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body: form,
    headers: { Origin: ORIGIN },
  });
}

describe.each(drivers)("job completion records on %s", (driver) => {
  let database: TestDatabase;
  let admin: SessionUser;
  let seq = 0;

  beforeAll(async () => {
    database = await freshDatabase(driver);
    admin = await makeUser("boss@remediation.test", { admin: true, totp: true });
  }, SLOW);
  afterAll(async () => {
    await database?.dispose();
  });

  /** An in-progress job opened by hand on an approved quote of `service`. */
  async function jobInProgress(
    service: "radon" | "mold" | "water_filtration",
    userId: string | null = null,
  ) {
    seq += 1;
    const outcome = await submitQuoteRequest(
      service,
      formData({
        ...validAnswers[service],
        email: `record-owner${seq}@example.com`,
        lastName: `Record${seq}`,
      }),
      { clientIp: `10.19.0.${seq + 1}`, owner: { userId } },
    );
    if (outcome.ok !== true) throw new Error("quote fixture failed");
    const moved = await changeQuoteStatus(
      outcome.quoteId,
      { status: "approved", expectedStatus: "pending", notes: null },
      admin.id,
    );
    expect(moved.ok).toBe(true);
    const opened = await openJobByHand(outcome.quoteId, admin.id, "Agreed by phone");
    if (!opened.ok) throw new Error(opened.message);
    for (const [from, to] of [
      ["unscheduled", "scheduled"],
      ["scheduled", "in_progress"],
    ] as const) {
      await changeJobStatus(opened.id, { status: to, expectedStatus: from, notes: null }, admin.id);
    }
    return { id: opened.id, quoteId: outcome.quoteId };
  }

  const page = (id: string) => `/admin/jobs/${id}`;
  const act = (id: string, form: FormData) =>
    run(jobRoute.action, {
      request: multipartTo(page(id), form),
      context: contextFor(admin),
      params: { id },
    });
  const complete = (id: string) =>
    run(jobRoute.action, {
      request: requestTo(page(id), { intent: "complete" }),
      context: contextFor(admin),
      params: { id },
    });
  const statusOf = async (id: string) =>
    (await db.select({ s: schema.jobs.status }).from(schema.jobs).where(eq(schema.jobs.id, id)))[0]
      ?.s;
  const photosOf = (id: string) =>
    db
      .select({
        slot: schema.job_record_photos.slot,
        kind: schema.quote_uploads.kind,
        contentType: schema.quote_uploads.content_type,
        key: schema.quote_uploads.storage_key,
        uploadId: schema.quote_uploads.id,
      })
      .from(schema.job_record_photos)
      .innerJoin(
        schema.quote_uploads,
        eq(schema.quote_uploads.id, schema.job_record_photos.upload_id),
      )
      .where(eq(schema.job_record_photos.job_id, id));

  it(
    "a mold job is not completed without its S520 record; the record with the non-independent disclosure completes it and the disclosure is kept for the sign-off",
    async () => {
      const job = await jobInProgress("mold");
      const refused = await complete(job.id);
      expect(refused.status).toBe(400);
      expect((refused.value as { error: string }).error).toBe(
        "The job cannot be completed yet: at least one area worked with before and after photos; the post-remediation verification by an independent assessor, or the written disclosure that it was not independent.",
      );
      expect(await statusOf(job.id)).toBe("in_progress");

      // a refused field or file saves nothing, the photos given with it included
      const badSize = await moldRecordForm();
      badSize.set("areas.0.squareFeet", "about 100");
      const badOutcome = await act(job.id, badSize);
      expect(badOutcome.status).toBe(400);
      expect(badOutcome.value).toMatchObject({
        fieldErrors: { "areas.0.squareFeet": ["Enter the size in square feet"] },
      });
      const notAPhoto = await moldRecordForm();
      notAPhoto.set("areas.0.after", await pdfFile("after.pdf"));
      const notAPhotoOutcome = await act(job.id, notAPhoto);
      expect(notAPhotoOutcome.status).toBe(400);
      expect(Object.keys((notAPhotoOutcome.value as { fieldErrors: object }).fieldErrors)).toEqual([
        "areas.0.after",
      ]);
      expect(await photosOf(job.id)).toEqual([]);
      expect(
        await db.select().from(schema.job_records).where(eq(schema.job_records.job_id, job.id)),
      ).toEqual([]);

      // a draft: the area's before photo only; the page says what is still needed
      const draft = await moldRecordForm();
      draft.delete("areas.0.after");
      draft.set("verification", "");
      expect((await act(job.id, draft)).status).toBe(302);
      const shown = await run(jobRoute.loader, {
        request: requestTo(page(job.id)),
        context: contextFor(admin),
        params: { id: job.id },
      });
      expect(shown.value).toMatchObject({
        missing: [
          "at least one area worked with before and after photos",
          "the post-remediation verification by an independent assessor, or the written disclosure that it was not independent",
        ],
        record: {
          areas: [{ room: "Basement bedroom", squareFeet: 120, condition: "3" }, {}, {}, {}],
          containment: "full",
          materialsRemoved: "Drywall to 4 ft, carpet pad",
        },
      });
      expect((await complete(job.id)).status).toBe(400);

      // the after photo of another area does not pair with this area's before photo
      const otherArea = new FormData();
      for (const [k, v] of (await moldRecordForm()).entries()) {
        if (!(v instanceof File)) otherArea.set(k, v);
      }
      otherArea.set("areas.1.room", "Closet");
      otherArea.set("areas.1.after", await jpegFile("closet-after.jpg"));
      expect((await act(job.id, otherArea)).status).toBe(302);
      expect(await complete(job.id)).toMatchObject({ status: 400 });

      const full = await moldRecordForm();
      full.delete("areas.0.before");
      expect((await act(job.id, full)).status).toBe(302);
      const photos = await photosOf(job.id);
      expect(photos.map((p) => p.slot).sort()).toEqual([
        "mold_after_0",
        "mold_after_1",
        "mold_before_0",
      ]);
      for (const photo of photos) {
        expect(photo).toMatchObject({ kind: "photo", contentType: "image/jpeg" });
        const stored = await readFile(path.join(database.dataDir, "files", photo.key));
        expect((await sharp(stored).metadata()).exif).toBeUndefined();
      }
      // attached to the quote: served as its files are (private, by their checks)
      const attached = await db
        .select({ quoteId: schema.quote_attachments.quote_id })
        .from(schema.quote_attachments)
        .where(eq(schema.quote_attachments.upload_id, photos[0]?.uploadId as string));
      expect(attached).toEqual([{ quoteId: job.quoteId }]);

      expect(await moldDisclosureOf(job.id)).toBe(
        "Our own technician checked the work; no independent assessor was hired.",
      );
      expect((await complete(job.id)).status).toBe(302);
      expect(await statusOf(job.id)).toBe("completed");
      // kept for the homeowner's sign-off once the job is completed
      expect(await moldDisclosureOf(job.id)).toBe(
        "Our own technician checked the work; no independent assessor was hired.",
      );
      // shown in the sign-off the homeowner reads before signing (crew's phone and mailed link)
      const completed = await run(jobRoute.loader, {
        request: requestTo(page(job.id)),
        context: contextFor(admin),
        params: { id: job.id },
      });
      expect(completed.value).toMatchObject({
        signOff: {
          facts: expect.arrayContaining([
            ["Area: Basement bedroom", "120 sq ft, Condition 3 (actual growth)"],
            ["Post-remediation verification", "Not independent (written disclosure)"],
            [
              "Disclosure: the verification was not independent",
              "Our own technician checked the work; no independent assessor was hired.",
            ],
          ]),
        },
      });
      expect((await act(job.id, await moldRecordForm())).status).toBe(409);
    },
    SLOW,
  );

  it(
    "an independent verification needs the assessor's name, company, date, a pass and their report as a PDF",
    async () => {
      const job = await jobInProgress("mold");
      const form = await moldRecordForm("independent");
      form.delete("assessorReport");
      form.set("assessmentPassed", "no");
      expect((await act(job.id, form)).status).toBe(302);
      const noReport = await complete(job.id);
      expect((noReport.value as { error: string }).error).toBe(
        "The job cannot be completed yet: the independent assessor's report (PDF).",
      );
      const photoAsReport = new FormData();
      for (const [k, v] of form.entries()) if (!(v instanceof File)) photoAsReport.set(k, v);
      photoAsReport.set("assessorReport", await jpegFile("report.jpg"));
      const refusedReport = await act(job.id, photoAsReport);
      expect(refusedReport.status).toBe(400);
      expect(Object.keys((refusedReport.value as { fieldErrors: object }).fieldErrors)).toEqual([
        "assessorReport",
      ]);
      photoAsReport.set("assessorReport", await pdfFile("clearance.pdf"));
      expect((await act(job.id, photoAsReport)).status).toBe(302);
      const failed = await complete(job.id);
      expect((failed.value as { error: string }).error).toBe(
        "The job cannot be completed yet: a post-remediation verification that passed.",
      );
      const passed = new FormData();
      for (const [k, v] of form.entries()) if (!(v instanceof File)) passed.set(k, v);
      passed.set("assessmentPassed", "yes");
      expect((await act(job.id, passed)).status).toBe(302);
      const report = (await photosOf(job.id)).find((p) => p.slot === "mold_report");
      expect(report).toMatchObject({ kind: "report", contentType: "application/pdf" });
      // independent: no disclosure to show the homeowner, although the form's text was saved
      expect(await moldDisclosureOf(job.id)).toBeNull();
      expect((await complete(job.id)).status).toBe(302);
      expect(await statusOf(job.id)).toBe("completed");
    },
    SLOW,
  );

  it(
    "the job page renders the mold record as a plain multipart form (no script needed), every control labelled",
    async () => {
      const job = await jobInProgress("mold");
      const shown = await run(jobRoute.loader, {
        request: requestTo(page(job.id)),
        context: contextFor(admin),
        params: { id: job.id },
      });
      const rendered = await renderRoute(
        { default: jobRoute.default, loader: () => shown.value },
        "/admin/jobs/:id",
        page(job.id),
      );
      expect(rendered.status).toBe(200);
      const html = rendered.html;
      expect(html).toMatch(/<form[^>]+enctype="multipart\/form-data"/i);
      for (const name of [
        "areas.0.room",
        "areas.0.squareFeet",
        "areas.0.condition",
        "areas.0.before",
        "areas.0.after",
        "containment",
        "moisture.0.reading",
        "moisture.0.instrument",
        "materialsRemoved",
        "assessorName",
        "assessorCompany",
        "assessedOn",
        "assessmentPassed",
        "assessorReport",
        "disclosure",
      ]) {
        const id = new RegExp(`id="([^"]+)"[^>]*name="${name.replace(/\./g, "\\.")}"`).exec(
          html,
        )?.[1];
        expect(id, name).toBeTruthy();
        expect(html, name).toContain(`for="${id}"`);
      }
      expect(html).toContain("Still needed to complete the job");
      expect(html).toContain("Post-remediation verification (required)");
    },
    SLOW,
  );

  /** The text of PDF `bytes`, whitespace collapsed, and its pages' sizes in points. */
  async function pdfText(bytes: Uint8Array) {
    const document = await getDocumentProxy(new Uint8Array(bytes));
    const sizes: number[][] = [];
    for (let i = 1; i <= document.numPages; i += 1) {
      const [, , width, height] = (await document.getPage(i)).view;
      sizes.push([width as number, height as number]);
    }
    const { text } = await extractText(document, { mergePages: true });
    return { text: text.replace(/\s+/g, " "), sizes };
  }

  /** The report mails of `quoteId`, sent first; `queued`: how many the completion queued. */
  const reportMailsOf = async (quoteId: string, queuedCount = 0) => {
    // the completion queued the mail, not its PDF: the outbox draws it when it sends the mail
    const queued = await db
      .select({
        drawer: schema.mail_outbox_attachments.drawer,
        content: schema.mail_outbox_attachments.content,
      })
      .from(schema.mail_outbox_attachments)
      .innerJoin(
        schema.mail_outbox,
        eq(schema.mail_outbox.id, schema.mail_outbox_attachments.outbox_id),
      )
      .where(
        and(
          eq(schema.mail_outbox.quote_id, quoteId),
          eq(schema.mail_outbox.kind, "job_completion_report"),
        ),
      );
    expect(queued).toEqual(
      Array.from({ length: queuedCount }, () => ({
        drawer: "job_completion_report",
        content: null,
      })),
    );
    await deliverDueMail({
      transport: fileTransport(path.join(os.tmpdir(), "job-records-mail"), "site <s@r.test>"),
    });
    const mails = await db
      .select()
      .from(schema.mail_outbox)
      .where(
        and(
          eq(schema.mail_outbox.quote_id, quoteId),
          eq(schema.mail_outbox.kind, "job_completion_report"),
        ),
      );
    return Promise.all(
      mails.map(async (m) => ({
        mail: m,
        attachments: await db
          .select()
          .from(schema.mail_outbox_attachments)
          .where(eq(schema.mail_outbox_attachments.outbox_id, m.id)),
      })),
    );
  };

  /** Fills job `jobId`'s record of `service` so that it can be completed. */
  async function fillRecord(service: "radon" | "mold" | "water_filtration", jobId: string) {
    if (service === "mold") {
      expect(await saveJobRecord(jobId, await moldRecordForm(), admin.id)).toEqual({ ok: true });
      return;
    }
    const form = new FormData();
    if (service === "radon") {
      expect(await setCertificationNumber(admin.id, "NRPP-109876-RMT")).toBe(true);
      form.set("systemType", "sub_slab");
      form.set("fanMakeModel", "RadonAway RP145");
      form.set("manometerInchesWc", "1.25");
      form.set("installerId", admin.id);
      form.set("labelPhoto", await jpegFile("label.jpg"));
    } else {
      form.set("equipment.0.kind", "softener");
      form.set("equipment.0.make", "Fleck");
      form.set("equipment.0.model", "5600SXT");
      form.set("equipment.0.filterIntervalMonths", "6");
    }
    expect(await saveJobRecord(jobId, form, admin.id)).toEqual({ ok: true });
  }

  it(
    "completion mails the homeowner the completion report PDF: the record of each service, its photos as thumbnails, the label for radon",
    async () => {
      const expected = {
        radon: [
          "Radon mitigation system (ANSI/AARST SGM-SF)",
          "Sub-slab depressurization",
          "RadonAway RP145",
          "1.25 in. water column",
          "NRPP-109876-RMT",
          "The placed system label",
          // the label's own page
          "Test your home for radon every two years and after major renovations.",
          "Utah DEQ Radon Program",
        ],
        mold: [
          "Mold remediation (IICRC S520)",
          "Basement bedroom",
          "120",
          "Condition 3 (actual growth)",
          "Full",
          "Moisture readings",
          "Drywall",
          "11.5",
          "Delmhorst BD-2100",
          "Drywall to 4 ft, carpet pad",
          "Post-remediation verification: not independent",
          "Our own technician checked the work; no independent assessor was hired.",
          "Basement bedroom, before",
          "Basement bedroom, after",
        ],
        water_filtration: [
          "Water treatment equipment installed",
          "Water softener",
          "Fleck",
          "5600SXT",
          "every 6 months",
        ],
      } as const;
      for (const service of ["radon", "mold", "water_filtration"] as const) {
        const job = await jobInProgress(service);
        await fillRecord(service, job.id);
        expect(await reportMailsOf(job.quoteId)).toEqual([]);
        expect(await completeJob(job.id, admin.id)).toEqual({ ok: true });
        const [quote] = await db
          .select()
          .from(schema.quotes)
          .where(eq(schema.quotes.id, job.quoteId));
        const mails = await reportMailsOf(job.quoteId, 1);
        expect(mails, service).toHaveLength(1);
        const [{ mail, attachments }] = mails as [(typeof mails)[number]];
        const [number] = await db
          .select({ n: schema.jobs.number })
          .from(schema.jobs)
          .where(eq(schema.jobs.id, job.id));
        const label = `J-${String(number?.n).padStart(4, "0")}`;
        expect(mail.to_address).toBe(quote?.contact_email);
        expect(mail.subject).toContain(`job ${label}`);
        expect(attachments.map((a) => [a.filename, a.content_type])).toEqual([
          [`completion-report-${label}.pdf`, "application/pdf"],
        ]);
        const bytes = new Uint8Array(attachments[0]?.content as Uint8Array);
        const { text, sizes } = await pdfText(bytes);
        for (const item of [
          `Completion report, job ${label}`,
          "Utah Home Remediation",
          ...expected[service],
        ]) {
          expect(text, `${service}: ${item}`).toContain(item);
        }
        // letter size, and for radon the 4 x 6 in label as the last page
        expect(sizes[0], service).toEqual([612, 792]);
        expect(sizes.at(-1), service).toEqual(service === "radon" ? [288, 432] : [612, 792]);
        // the photos are drawn in (thumbnails), not only captioned
        const images =
          Buffer.from(bytes)
            .toString("latin1")
            .match(/\/Subtype\s*\/Image/g) ?? [];
        expect(images.length, service).toBe(
          service === "water_filtration" ? 0 : service === "mold" ? 2 : 1,
        );
      }
    },
    SLOW,
  );

  it(
    "the home record lists the completion report; only its owner and staff open it (another customer gets 404)",
    async () => {
      const owner = await makeUser(`report-owner${seq}@example.com`);
      const other = await makeUser(`report-other${seq}@example.com`);
      const job = await jobInProgress("water_filtration", owner.id);
      const [property] = await db
        .insert(schema.properties)
        .values({
          user_id: owner.id,
          address: "12 Canyon Rd",
          city: "Sandy",
          state: "UT",
          zip_code: "84070",
        })
        .returning();
      await db
        .update(schema.quotes)
        .set({ property_id: property?.id as string })
        .where(eq(schema.quotes.id, job.quoteId));
      const ownerPdf = `/account/jobs/${job.id}/report.pdf`;
      const staffPdf = `/admin/jobs/${job.id}/report.pdf`;
      const open = (fn: (args: never) => unknown, path: string, user: SessionUser | null) =>
        run(fn, { request: requestTo(path), context: contextFor(user), params: { id: job.id } });

      // not completed yet: no report for anyone
      expect((await open(accountReportRoute.loader, ownerPdf, owner)).status).toBe(404);
      expect((await open(adminReportRoute.loader, staffPdf, admin)).status).toBe(404);
      await fillRecord("water_filtration", job.id);
      expect(await completeJob(job.id, admin.id)).toEqual({ ok: true });

      const record = await run(propertyRecordRoute.loader, {
        request: requestTo(`/account/properties/${property?.id}`),
        context: contextFor(owner),
        params: { id: property?.id as string },
      });
      const reports = (record.value as { reports: { id: string; number: string }[] }).reports;
      expect(reports).toEqual([
        expect.objectContaining({ id: job.id, service: "Water Filtration Remediation" }),
      ]);
      const rendered = await renderRoute(
        { default: propertyRecordRoute.default, loader: () => record.value },
        "/account/properties/:id",
        `/account/properties/${property?.id}`,
      );
      expect(rendered.html).toContain("Completion reports");
      expect(rendered.html).toContain(`href="${ownerPdf}"`);

      for (const [fn, path, user, status] of [
        [accountReportRoute.loader, ownerPdf, owner, 200],
        [accountReportRoute.loader, ownerPdf, other, 404],
        [accountReportRoute.loader, ownerPdf, admin, 404],
        [adminReportRoute.loader, staffPdf, admin, 200],
        [adminReportRoute.loader, staffPdf, owner, 302],
        [adminReportRoute.loader, staffPdf, other, 302],
      ] as const) {
        const answer = await open(fn, path, user);
        expect(answer.status, `${path} as ${user.email}`).toBe(status);
        if (status === 200) {
          const response = answer.value as Response;
          expect(response.headers.get("Content-Type")).toBe("application/pdf");
          expect(response.headers.get("Cache-Control")).toBe("private, no-store");
          const { text } = await pdfText(new Uint8Array(await response.arrayBuffer()));
          expect(text).toContain("5600SXT");
        }
      }
      const guest = await open(accountReportRoute.loader, ownerPdf, null);
      expect([guest.status, guest.location]).toEqual([
        302,
        expect.stringMatching(/^\/auth\/signin/),
      ]);

      // the owner's data export holds the report too, named in jobs.json
      const exported = await run(exportRoute.action, {
        request: requestTo("/account/data-export", {}),
        context: contextFor(owner),
        params: {},
      });
      expect(exported.status).toBe(200);
      const entries = unzipSync(new Uint8Array(await (exported.value as Response).arrayBuffer()));
      const exportedJobs = JSON.parse(strFromU8(entries["jobs.json"] as Uint8Array)) as {
        number: string;
        completionReport: string | null;
      }[];
      const reportPath = `files/jobs/completion-report-${exportedJobs[0]?.number}.pdf`;
      expect(exportedJobs).toEqual([expect.objectContaining({ completionReport: reportPath })]);
      const { text: exportedText } = await pdfText(entries[reportPath] as Uint8Array);
      expect(exportedText).toContain("5600SXT");
    },
    SLOW,
  );

  it(
    "a completed water job offers the filter change reminder with the interval it recorded, mailed when due",
    async () => {
      const job = await jobInProgress("water_filtration");
      const before = await remindersView(job.quoteId);
      // before completion: the filter type's interval, chosen by the homeowner
      expect(before?.filterTypes.length).toBeGreaterThan(0);
      await fillRecord("water_filtration", job.id);
      expect(await completeJob(job.id, admin.id)).toEqual({ ok: true });
      const view = await remindersView(job.quoteId);
      expect(view?.options.find((o) => o.kind === "filter_change")).toMatchObject({
        on: false,
        description:
          "An email every 6 months to change your filter: the interval recorded when we installed your equipment.",
      });
      expect(view?.filterTypes).toEqual([]);
      const now = new Date("2027-01-15T17:00:00Z");
      const form = new FormData();
      form.set("visit", "on");
      form.set("filter_change", "on");
      expect(await saveReminders(job.quoteId, form, now)).toEqual({ ok: true });
      const [row] = await db
        .select()
        .from(schema.reminder_subscriptions)
        .where(
          and(
            eq(schema.reminder_subscriptions.quote_id, job.quoteId),
            eq(schema.reminder_subscriptions.kind, "filter_change"),
          ),
        );
      expect(row).toMatchObject({
        interval_months: 6,
        filter_type: null,
        next_due_at: new Date("2027-07-15T17:00:00Z"),
      });
      expect(
        (await remindersView(job.quoteId))?.options.find((o) => o.kind === "filter_change"),
      ).toMatchObject({ on: true, next: "Thursday, July 15, 2027" });
      await queueDueReminders(new Date("2027-07-15T18:00:00Z"));
      const [mail] = await db
        .select()
        .from(schema.mail_outbox)
        .where(
          and(
            eq(schema.mail_outbox.quote_id, job.quoteId),
            eq(schema.mail_outbox.kind, "follow_up_filter_change"),
          ),
        );
      expect(mail?.text_body).toContain(
        "Your filter: the equipment we installed (every 6 months).",
      );
    },
    SLOW,
  );
});
