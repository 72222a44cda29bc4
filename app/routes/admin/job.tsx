import { data, Form, href, Link } from "react-router";
import { z } from "zod";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, Checkbox, Field, Input, Select, Textarea } from "~/components/ui/form-controls";
import { StatusHistoryCard } from "~/components/ui/status-history-card";
import { Rows } from "~/features/admin/quote-detail";
import { estimateUnit } from "~/features/catalog/estimate-enums";
import {
  JOB_TRANSITIONS,
  jobNumberLabel,
  jobStatus,
  MAX_JOB_NOTE_LENGTH,
} from "~/features/catalog/jobs";
import { serviceId } from "~/features/catalog/services";
import { formatUsd } from "~/features/estimates/money";
import {
  bookWorkVisit,
  changeJobStatus,
  completeJob,
  crewCandidates,
  jobDetail,
  setJobCrew,
} from "~/features/jobs/jobs.server";
import { MoldRecordForm } from "~/features/jobs/mold-record-form";
import {
  bookTestAsStaff,
  postMitigationTest,
  staffTestChoice,
} from "~/features/jobs/post-mitigation.server";
import { missingForCompletion, RADON_LABEL_SLOT } from "~/features/jobs/record";
import { recordOf, saveJobRecord, setCertificationNumber } from "~/features/jobs/record.server";
import { RadonRecordForm, WaterRecordForm } from "~/features/jobs/record-form";
import { isSignOffIntent, signOffPage, staffSignOffAction } from "~/features/jobs/sign-off.server";
import { SignOffSection } from "~/features/jobs/sign-off-section";
import { jobStatusTone } from "~/features/jobs/status-tone";
import { referenceNumber } from "~/features/quotes/reference";
import {
  isSubmitFailure,
  skipRevalidationAfterSubmitFailure,
  submitKeepingAnswers,
} from "~/features/quotes/submit-failure";
import { VisitList } from "~/features/visits/booking-page";
import { remindersView } from "~/features/visits/reminders.server";
import { removeWorkVisits, workVisitsOf, workVisitTimes } from "~/features/visits/work.server";
import { formatDateTime } from "~/lib/dates";
import { idParam, parseAccountId, parseId } from "~/lib/ids";
import { requestInfo } from "~/lib/request-context";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { type FlashToast, redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/job";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const admin = await requireAdmin(request, context);
  const id = idParam(params.id);
  const [detail, candidates, work, record, signOff, test] = await Promise.all([
    jobDetail(id),
    crewCandidates(),
    workVisitsOf(id),
    recordOf(id),
    signOffPage({ via: "crew", jobId: id, staffId: admin.id }),
    postMitigationTest(id),
  ]);
  if (!detail || signOff?.state !== "open" || !test) throw data(null, { status: 404 });
  const { job, quote, lines, crew, history } = detail;
  const retest =
    test.state === "not-radon" || test.state === "not-completed"
      ? null
      : (await remindersView(quote.id))?.options.find((o) => o.kind === "radon_retest");
  const crewIds = new Set(crew.map((c) => c.id));
  return {
    id: job.id,
    number: jobNumberLabel(job.number),
    status: job.status,
    statusLabel: jobStatus.label(job.status),
    nextStatuses: JOB_TRANSITIONS[job.status].filter((s) => s !== "completed"),
    canComplete: JOB_TRANSITIONS[job.status].includes("completed"),
    service: serviceId.label(job.service),
    serviceId: job.service,
    record: record.data,
    hasLabelPhoto: (record.photos.get(RADON_LABEL_SLOT) ?? 0) > 0,
    photos: Object.fromEntries(record.photos),
    missing: missingForCompletion(job.service, record.data, record.photos),
    option: job.option_name,
    total: job.total_cents === null ? null : formatUsd(job.total_cents),
    openedNote: job.opened_note,
    cancelReason: job.cancel_reason,
    createdAt: formatDateTime(job.created_at),
    completedAt: job.completed_at ? formatDateTime(job.completed_at) : null,
    quote: {
      id: quote.id,
      reference: referenceNumber(quote.id),
      customer: `${quote.firstName} ${quote.lastName}`,
      email: quote.email,
      phone: quote.phone,
      address: quote.address
        ? `${quote.address}, ${quote.city}, ${quote.state} ${quote.zip}`
        : `ZIP ${quote.quoteZip}`,
    },
    lines: lines.map((l) => ({
      position: l.position,
      name: l.name,
      description: l.description,
      quantity: `${l.quantity_thousandths / 1000} ${estimateUnit.label(l.unit)}`,
      amount: formatUsd(l.amount_cents),
    })),
    crew: candidates.map((c) => ({ ...c, assigned: crewIds.has(c.id) })),
    crewNames: crew.map((c) => c.name || c.email),
    assigned: crew.map((c) => ({ id: c.id, name: c.name || c.email })),
    workVisits: work.map((w) => ({
      ids: w.ids.join(","),
      when: `${w.day}, ${w.time}`,
      crew: w.crew,
    })),
    open: job.status !== "completed" && job.status !== "cancelled",
    test:
      test.state === "open"
        ? { state: test.state, window: test.window }
        : test.state === "booked" || test.state === "over"
          ? test
          : null,
    retest: retest
      ? retest.on
        ? `On: the homeowner is reminded on ${retest.next} to test again.`
        : "Offered to the homeowner (the link in the completion mail); not chosen yet."
      : null,
    signOff: signOff.view,
    history: history.map((h) => ({
      id: h.id,
      status: h.status,
      statusLabel: jobStatus.label(h.status),
      at: formatDateTime(h.at),
      by: h.by ? (h.byName ?? h.byEmail ?? "Former user") : "The homeowner",
      notes: h.notes,
    })),
  };
}

const statusSchema = z.object({
  status: z.enum(jobStatus.values),
  expectedStatus: z.enum(jobStatus.values),
  notes: z
    .string()
    .trim()
    .max(MAX_JOB_NOTE_LENGTH)
    .optional()
    .transform((v) => v || null),
});

/**
 * The action's answer to one step's outcome: a missing job is a 404, a refusal its message on the
 * page (with its status), success a redirect to `to` with `toast`.
 */
async function answer(
  outcome: { ok: true } | { ok: false; status: 400 | 404 | 409; message: string },
  to: string,
  toast: FlashToast,
) {
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ error: outcome.message }, outcome.status);
  }
  return redirectWithToast(to, toast);
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const id = idParam(params.id);
  const form = await request.formData();
  const page = href("/admin/jobs/:id", { id });
  const intent = form.get("intent");
  if (intent === "crew") {
    const ids = form.getAll("crew").map(parseAccountId);
    if (ids.some((v) => v === null))
      return data({ error: "Choose crew members among the staff." }, 400);
    return answer(await setJobCrew(id, ids as string[]), `${page}#crew`, {
      type: "success",
      title: "Crew saved",
    });
  }
  if (intent === "record") {
    const outcome = await saveJobRecord(id, form, admin.id);
    if (!outcome.ok) {
      if (outcome.status === 404) throw data(null, { status: 404 });
      return data(
        {
          error: `The record could not be saved. ${outcome.message}`,
          fieldErrors: outcome.fieldErrors,
        },
        outcome.status,
      );
    }
    return redirectWithToast(`${page}#record`, { type: "success", title: "Record saved" });
  }
  if (intent === "certification") {
    if (!(await setCertificationNumber(admin.id, String(form.get("certificationNumber") ?? "")))) {
      return data({ error: "The certification number can be at most 100 characters." }, 400);
    }
    return redirectWithToast(`${page}#record`, {
      type: "success",
      title: "Certification number saved",
      description: "Save the record again to put it on this job.",
    });
  }
  if (intent === "book-visit") {
    const times = workVisitTimes(
      String(form.get("day") ?? ""),
      String(form.get("start") ?? ""),
      String(form.get("end") ?? ""),
    );
    if ("error" in times) return data({ error: times.error }, 400);
    const staff = form.getAll("staff").map(parseAccountId);
    if (staff.some((v) => v === null)) return data({ error: "Choose who of the crew goes." }, 400);
    return answer(
      await bookWorkVisit(id, staff as string[], times, admin.id),
      `${page}#work-visits`,
      {
        type: "success",
        title: "Work visit booked",
        description: "The homeowner is being emailed the time with a calendar invitation.",
      },
    );
  }
  if (intent === "radon-test") {
    const choice = staffTestChoice(form);
    if ("error" in choice) return data({ error: choice.error }, 400);
    return answer(await bookTestAsStaff(id, choice), `${page}#radon-test`, {
      type: "success",
      title: "Post-mitigation test booked",
      description: "The homeowner is being emailed both times with a calendar invitation.",
    });
  }
  if (intent === "remove-visit") {
    const ids = String(form.get("ids") ?? "")
      .split(",")
      .map(parseId)
      .filter((v): v is string => v !== null);
    await removeWorkVisits(id, ids);
    return redirectWithToast(`${page}#work-visits`, {
      type: "success",
      title: "Work visit removed",
    });
  }
  if (intent === "complete") {
    return answer(await completeJob(id, admin.id), page, {
      type: "success",
      title: "Job completed",
      description: "The quote is completed; the homeowner is being emailed.",
    });
  }
  if (intent === "status") {
    const parsed = statusSchema.safeParse(Object.fromEntries(form));
    if (!parsed.success) return data({ error: "Choose a new status." }, 400);
    return answer(await changeJobStatus(id, parsed.data, admin.id), page, {
      type: "success",
      title: "Job status updated",
      description: `The job is now ${jobStatus.label(parsed.data.status)}.`,
    });
  }
  if (isSignOffIntent(intent) || intent === "sign-off-link") {
    const ip = requestInfo(context)?.clientIp ?? "unknown";
    return staffSignOffAction(intent, id, admin.id, form, request, ip);
  }
  throw data(null, { status: 400 });
}

/**
 * In the browser: a save that gets no answer (the crew's phone lost its signal, the server is
 * unreachable) keeps the page and everything typed into it, and says so: nothing a crew member
 * typed is lost when the signal drops. `intent` says which form it was, so the record's own card
 * shows the message where the crew member is.
 */
export async function clientAction({ request, serverAction }: Route.ClientActionArgs) {
  const intent = String((await request.clone().formData()).get("intent") ?? "");
  const outcome = await submitKeepingAnswers(serverAction);
  return isSubmitFailure(outcome) ? { ...outcome, intent } : outcome;
}

/** After a save that got no answer nothing is reloaded: the forms keep what was typed. */
export const shouldRevalidate = skipRevalidationAfterSubmitFailure;

/** What a crew member reads when a save got no answer. */
export const NOT_SAVED_OFFLINE =
  "Not saved: the server could not be reached. What you typed is still here; save again when you have a signal.";

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Job ${args.loaderData?.number ?? ""}`.trim(),
    description: "One job.",
    noIndex: true,
  });
}

export default function AdminJob({ loaderData: j, actionData }: Route.ComponentProps) {
  const fieldErrors =
    actionData && "fieldErrors" in actionData
      ? (actionData.fieldErrors as Record<string, string[]> | undefined)
      : undefined;
  const offline = isSubmitFailure(actionData) ? actionData : null;
  const answerError = actionData && "error" in actionData ? actionData.error : null;
  return (
    <div className="space-y-6">
      <p>
        <Link to={href("/admin/jobs")} className="text-sm text-brand-800 underline">
          Back to jobs
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Job {j.number}</h2>
        <Badge tone={jobStatusTone(j.status)}>{j.statusLabel}</Badge>
      </div>
      {answerError && <Alert>{answerError}</Alert>}
      {offline && offline.intent !== "record" && (
        <Alert key={offline.at}>{NOT_SAVED_OFFLINE}</Alert>
      )}
      <TitledCard title="Work" as="h3" bodyClassName="space-y-4">
        <Rows
          rows={[
            ["Service", j.service],
            [
              "Quote",
              <Link
                key="quote"
                to={href("/admin/quotes/:id", { id: j.quote.id })}
                className="text-brand-800 underline"
              >
                {j.quote.reference}
              </Link>,
            ],
            ["Customer", `${j.quote.customer}, ${j.quote.email}, ${j.quote.phone}`],
            ["Address", j.quote.address],
            ["Option", j.option ?? "None accepted (opened by hand)"],
            ["Total", j.total ?? "N/A"],
            ["Opened", j.createdAt],
            ...(j.openedNote ? [["How it was agreed", j.openedNote] as [string, string]] : []),
            ...(j.cancelReason ? [["Cancelled because", j.cancelReason] as [string, string]] : []),
            ...(j.completedAt ? [["Completed", j.completedAt] as [string, string]] : []),
          ]}
        />
        {j.lines.length > 0 && (
          <ul className="divide-y divide-slate-200 rounded-md border border-slate-200">
            {j.lines.map((l) => (
              <li key={l.position} className="flex flex-wrap justify-between gap-2 p-2 text-sm">
                <span>
                  <span className="font-medium">{l.name}</span>
                  {l.description && <span className="block text-slate-700">{l.description}</span>}
                </span>
                <span>
                  {l.quantity}, {l.amount}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
      <TitledCard id="crew" title="Crew" as="h3">
        <Form method="post" className="space-y-3">
          <input type="hidden" name="intent" value="crew" />
          <fieldset className="space-y-2">
            <legend className="text-sm font-medium">Staff on this job</legend>
            {j.crew.map((c) => (
              <div key={c.id} className="flex items-center gap-2 text-sm">
                <Checkbox
                  id={`crew-${c.id}`}
                  name="crew"
                  value={c.id}
                  defaultChecked={c.assigned}
                />
                <label htmlFor={`crew-${c.id}`}>{c.name}</label>
              </div>
            ))}
          </fieldset>
          <Button type="submit">Save crew</Button>
        </Form>
      </TitledCard>
      <TitledCard id="work-visits" title="Work visits" as="h3" bodyClassName="space-y-4">
        {j.workVisits.length === 0 ? (
          <p className="text-sm text-slate-700">No work visit booked.</p>
        ) : (
          <ul className="space-y-2">
            {j.workVisits.map((w) => (
              <li key={w.ids} className="flex flex-wrap items-center gap-3 text-sm">
                <span>
                  {w.when}, with {w.crew.join(", ")}
                </span>
                {j.open && (
                  <Form method="post">
                    <input type="hidden" name="intent" value="remove-visit" />
                    <input type="hidden" name="ids" value={w.ids} />
                    <Button type="submit" variant="outline" size="sm">
                      Remove<span className="sr-only"> the work visit of {w.when}</span>
                    </Button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
        {j.open &&
          (j.assigned.length === 0 ? (
            <p className="text-sm text-slate-700">Assign the crew above to book work visits.</p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="book-visit" />
              <Field id="work-day" label="Day">
                {(aria) => <Input {...aria} type="date" name="day" required />}
              </Field>
              <div className="flex flex-wrap gap-3">
                <Field id="work-start" label="Starts (Utah time)">
                  {(aria) => <Input {...aria} type="time" name="start" required />}
                </Field>
                <Field id="work-end" label="Ends (Utah time)">
                  {(aria) => <Input {...aria} type="time" name="end" required />}
                </Field>
              </div>
              <fieldset className="space-y-2">
                <legend className="text-sm font-medium">Who goes</legend>
                {j.assigned.map((c) => (
                  <div key={c.id} className="flex items-center gap-2 text-sm">
                    <Checkbox id={`goes-${c.id}`} name="staff" value={c.id} defaultChecked />
                    <label htmlFor={`goes-${c.id}`}>{c.name}</label>
                  </div>
                ))}
              </fieldset>
              <Button type="submit">Book work visit</Button>
            </Form>
          ))}
      </TitledCard>
      {(j.serviceId === "radon" ||
        j.serviceId === "water_filtration" ||
        j.serviceId === "mold") && (
        <TitledCard id="record" title="Completion record" as="h3" bodyClassName="space-y-4">
          {j.missing.length > 0 ? (
            <p className="text-sm">Still needed to complete the job: {j.missing.join("; ")}.</p>
          ) : (
            j.serviceId === "radon" && (
              <p>
                <a
                  href={href("/admin/jobs/:id/label.pdf", { id: j.id })}
                  className="font-medium text-brand-800 underline"
                >
                  Download the system label (PDF, 4 x 6 in)
                </a>
              </p>
            )
          )}
          {j.status === "completed" && (
            <p>
              <a
                href={href("/admin/jobs/:id/report.pdf", { id: j.id })}
                className="font-medium text-brand-800 underline"
              >
                Download the completion report (PDF)
              </a>
            </p>
          )}
          {!j.open ? (
            <p className="text-sm">The job is closed; its record no longer changes.</p>
          ) : j.serviceId === "radon" ? (
            <>
              <RadonRecordForm
                data={j.record}
                crew={j.assigned}
                hasLabelPhoto={j.hasLabelPhoto}
                errors={fieldErrors}
              />
              <Form method="post" className="max-w-md space-y-2">
                <input type="hidden" name="intent" value="certification" />
                <Field
                  id="own-certification"
                  label="Your installer certification number (your profile)"
                >
                  {(aria) => <Input {...aria} name="certificationNumber" maxLength={100} />}
                </Field>
                <Button type="submit" variant="outline" size="sm">
                  Save my number
                </Button>
              </Form>
            </>
          ) : j.serviceId === "mold" ? (
            <MoldRecordForm data={j.record} photos={j.photos} errors={fieldErrors} />
          ) : (
            <WaterRecordForm data={j.record} errors={fieldErrors} />
          )}
          {/* under the form's Save button, where the crew member's eyes are */}
          {offline?.intent === "record" && <Alert key={offline.at}>{NOT_SAVED_OFFLINE}</Alert>}
        </TitledCard>
      )}
      {j.test && (
        <TitledCard id="radon-test" title="Post-mitigation test" as="h3" bodyClassName="space-y-4">
          <p className="text-sm">
            Placement between {j.test.window.earliest} and {j.test.window.latest} (24 hours to 30
            days after commissioning); pick-up 48 to 96 hours after the placement ends.
          </p>
          {j.test.state === "booked" ? (
            <VisitList visits={j.test.visits} />
          ) : j.test.state === "over" ? (
            <p className="text-sm">The window passed without a booked test.</p>
          ) : (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="radon-test" />
              <div className="flex flex-wrap gap-3">
                <Field id="test-placement-day" label="Placement day">
                  {(aria) => <Input {...aria} type="date" name="placementDay" required />}
                </Field>
                <Field id="test-placement-time" label="Placement starts (Utah time)">
                  {(aria) => <Input {...aria} type="time" name="placementTime" required />}
                </Field>
              </div>
              <div className="flex flex-wrap gap-3">
                <Field id="test-pickup-day" label="Pick-up day">
                  {(aria) => <Input {...aria} type="date" name="pickupDay" required />}
                </Field>
                <Field id="test-pickup-time" label="Pick-up starts (Utah time)">
                  {(aria) => <Input {...aria} type="time" name="pickupTime" required />}
                </Field>
              </div>
              <Field id="test-staff" label="Technician">
                {(aria) => (
                  <Select {...aria} name="staff" required>
                    {j.crew.map((c) => (
                      <option key={c.id} value={c.id}>
                        {c.name}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Button type="submit">Book placement and pick-up</Button>
            </Form>
          )}
          {j.retest && <p className="text-sm">Radon retest reminder: {j.retest}</p>}
        </TitledCard>
      )}
      {(j.nextStatuses.length > 0 || j.canComplete) && (
        <TitledCard title="Change status" as="h3" bodyClassName="space-y-4">
          {j.canComplete && (
            <Form method="post">
              <input type="hidden" name="intent" value="complete" />
              <Button type="submit">Complete job</Button>
            </Form>
          )}
          {j.nextStatuses.length > 0 && (
            <Form method="post" className="space-y-3">
              <input type="hidden" name="intent" value="status" />
              <input type="hidden" name="expectedStatus" value={j.status} />
              <Field id="job-new-status" label="New status">
                {(aria) => (
                  <Select {...aria} name="status" required>
                    {j.nextStatuses.map((s) => (
                      <option key={s} value={s}>
                        {jobStatus.label(s)}
                      </option>
                    ))}
                  </Select>
                )}
              </Field>
              <Field id="job-status-notes" label="Notes (the reason, when cancelling)">
                {(aria) => (
                  <Textarea {...aria} name="notes" rows={2} maxLength={MAX_JOB_NOTE_LENGTH} />
                )}
              </Field>
              <Button type="submit" variant="outline">
                Change status
              </Button>
            </Form>
          )}
        </TitledCard>
      )}
      <SignOffSection
        jobId={j.id}
        view={j.signOff}
        completed={j.status === "completed"}
        actionData={actionData}
      />
      <StatusHistoryCard
        as="h3"
        entries={j.history.map((h) => ({
          ...h,
          badge: <Badge tone={jobStatusTone(h.status)}>{h.statusLabel}</Badge>,
        }))}
      />
    </div>
  );
}
