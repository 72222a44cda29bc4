/**
 * Jobs' back-office and PDF cost (issue budget: /admin/jobs at 10,000 jobs < 50 ms median and p99;
 * the radon label and the completion report PDFs < 300 ms). Per driver (PGlite always; PostgreSQL
 * when DATABASE_URL is set; BENCH_DRIVERS picks one): seeds BENCH_JOBS (default 10,000) jobs on as
 * many quotes, with crew and work visits, then times the list's data function in process (what
 * the /admin/jobs request waits for besides rendering) for its searches and filters; then a radon
 * job made through the feature functions (record with a label photo, completed) and its label and
 * completion report PDFs. Median and p99 over BENCH_RUNS (default 40). Prints figures; asserts
 * nothing.
 *   npm run bench:jobs      (tsx, for the ~ path alias; run from the project root)
 */
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { jobListQuery, listJobs } from "~/features/jobs/list.server";
import { db } from "~/lib/db.server";
import { benchEachDriver, time } from "./database";

const JOBS = Number(process.env.BENCH_JOBS ?? 10_000);

async function seed(): Promise<void> {
  await db.execute(sql`
    INSERT INTO quotes (id, service, is_guest, current_status, created_at, description,
      contact_first_name, contact_last_name, contact_email, contact_phone, zip_code, triage_score)
    SELECT gen_random_uuid(),
      (ARRAY['water_filtration','mold','radon'])[1 + i % 3]::service,
      true,
      (ARRAY['in_progress','completed'])[1 + i % 2]::quote_status,
      now() - make_interval(hours => i * 4),
      'Request ' || i,
      (ARRAY['Ann','Bob','Cara','Dan','Eve','Finn','Gus'])[1 + i % 7],
      (ARRAY['Lee','Smith','Garcia','Nguyen','Brown','Jensen','Young','Christensen'])[1 + i % 8] || (i % 50),
      'person' || i || '@example.com',
      '801-555-' || lpad((i % 10000)::text, 4, '0'),
      '84' || lpad((i % 1000)::text, 3, '0'),
      0
    FROM generate_series(1, ${JOBS}) AS i`);
  await db.execute(sql`
    INSERT INTO jobs (number, quote_id, service, status, created_at, updated_at, completed_at)
    SELECT n, id, service,
      (ARRAY['unscheduled','scheduled','in_progress','completed'])[1 + n % 4]::job_status,
      created_at, created_at,
      CASE WHEN n % 4 = 3 THEN created_at + interval '3 days' END
    FROM (SELECT id, service, created_at, row_number() OVER (ORDER BY created_at) AS n FROM quotes) q`);
  await db.execute(sql`
    INSERT INTO job_number_counter (id, last_number) VALUES (true, ${JOBS})
    ON CONFLICT (id) DO UPDATE SET last_number = ${JOBS}`);
  await db.execute(sql`
    INSERT INTO "user" (id, name, email, email_verified, created_at, updated_at)
    VALUES ('bench-crew', 'Bench Crew', 'crew@bench.test', true, now(), now())`);
  await db.execute(sql`
    INSERT INTO job_crew (job_id, user_id) SELECT id, 'bench-crew' FROM jobs WHERE number % 2 = 0`);
  // a work visit of every fifth job, two hours each, none overlapping
  await db.execute(sql`
    INSERT INTO visits (quote_id, kind, staff_id, starts_at, ends_at, job_id)
    SELECT quote_id, 'work', 'bench-crew',
      now() - make_interval(hours => (number * 3)::int),
      now() - make_interval(hours => (number * 3 - 2)::int), id
    FROM jobs WHERE number % 5 = 0`);
  await db.execute(sql`ANALYZE`);
}

/** A radon job made through the feature functions: record, label photo, completed. */
async function completedRadonJob(): Promise<string> {
  const { makeUser } = await import("../tests/setup/admin");
  const { formData, validAnswers } = await import("../tests/setup/forms");
  const { submitQuoteRequest } = await import("~/features/quotes/submit.server");
  const { changeQuoteStatus } = await import("~/features/quotes/status-change.server");
  const { changeJobStatus, completeJob, openJobByHand } = await import(
    "~/features/jobs/jobs.server"
  );
  const { saveJobRecord, setCertificationNumber } = await import("~/features/jobs/record.server");
  const admin = await makeUser("bench.admin@example.com", { admin: true, totp: true });
  const quote = await submitQuoteRequest("radon", formData(validAnswers.radon), {
    clientIp: "192.0.2.1",
    owner: { userId: null },
  });
  if (quote.ok !== true) throw new Error("quote not created");
  await changeQuoteStatus(
    quote.quoteId,
    { status: "approved", expectedStatus: "pending", notes: null },
    admin.id,
  );
  const job = await openJobByHand(quote.quoteId, admin.id, "bench");
  if (!job.ok) throw new Error(job.message);
  for (const [from, to] of [
    ["unscheduled", "scheduled"],
    ["scheduled", "in_progress"],
  ] as const) {
    await changeJobStatus(job.id, { status: to, expectedStatus: from, notes: null }, admin.id);
  }
  await setCertificationNumber(admin.id, "NRPP-109876-RMT");
  const photo = await sharp({
    create: { width: 1600, height: 1200, channels: 3, background: { r: 180, g: 40, b: 40 } },
  })
    .jpeg()
    .toBuffer();
  const form = new FormData();
  form.set("systemType", "sub_slab");
  form.set("suctionPoints", "2");
  form.set("fanMakeModel", "RadonAway RP145");
  form.set("fanSerial", "RA-2231");
  form.set("manometerInchesWc", "1.25");
  form.set("installerId", admin.id);
  form.set("labelPhoto", new File([new Uint8Array(photo)], "label.jpg", { type: "image/jpeg" }));
  const saved = await saveJobRecord(job.id, form, admin.id);
  if (!saved.ok) throw new Error(saved.message);
  const completed = await completeJob(job.id, admin.id);
  if (!completed.ok) throw new Error(completed.message);
  return job.id;
}

await benchEachDriver({
  header: "Jobs: /admin/jobs data and job PDFs",
  seeded: `${JOBS} jobs`,
  seed,
  measure: async (driver) => {
    const list = (search: string) => () =>
      listJobs(jobListQuery.parse(Object.fromEntries(new URLSearchParams(search))));
    await time("/admin/jobs: newest, page 1", driver, list(""));
    await time("/admin/jobs: status=in_progress, page 1", driver, list("status=in_progress"));
    await time(
      "/admin/jobs: service=mold + status, page 10",
      driver,
      list("service=mold&status=completed&page=10"),
    );
    await time("/admin/jobs: q=smith, page 1", driver, list("q=smith"));
    await time("/admin/jobs: q=J-4242 (one match)", driver, list("q=J-4242"));
    await time("/admin/jobs: crew=<member>, page 20", driver, list("crew=bench-crew&page=20"));
    const week = new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10);
    await time("/admin/jobs: week=<a past week>", driver, list(`week=${week}`));
    const jobId = await completedRadonJob();
    const { radonLabelPdf } = await import("~/features/jobs/label-pdf.server");
    const { completionReportPdf } = await import("~/features/jobs/report-pdf.server");
    await time("radon label PDF (4 x 6 in)", driver, () => radonLabelPdf(jobId));
    await time("completion report PDF (radon, photo, label)", driver, () =>
      completionReportPdf(jobId),
    );
  },
});
