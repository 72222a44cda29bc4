import { parseWithZod } from "@conform-to/zod/v4";
import { data, Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { detailAnswerRows } from "~/features/admin/answers";
import { orNA } from "~/features/admin/format";
import { getQuoteDetail } from "~/features/admin/quotes.server";
import { bestTime, contactMethod, quoteStatus } from "~/features/catalog/enums";
import { serviceId } from "~/features/catalog/services";
import { referenceNumber } from "~/features/quotes/reference";
import { nextStatuses } from "~/features/quotes/status";
import { changeQuoteStatus, statusChangeSchema } from "~/features/quotes/status-change.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/quote";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const detail = await getQuoteDetail(params.id);
  if (!detail) throw data(null, { status: 404 });
  const q = detail.quote;
  return {
    id: q.id,
    reference: referenceNumber(q.id),
    service: serviceId.label(q.service),
    status: q.current_status,
    nextStatuses: [...nextStatuses(q.current_status)],
    submittedAt: formatDateTime(q.created_at),
    description: q.description,
    contact: {
      name: `${q.contact_first_name} ${q.contact_last_name}`,
      email: q.contact_email,
      phone: q.contact_phone,
      zipCode: q.zip_code,
      preferred: contactMethod.label(q.preferred_contact_method),
      bestTime: bestTime.label(q.best_time_to_contact),
    },
    customer: q.user_id
      ? { id: q.user_id, name: orNA(detail.customer_name), email: detail.customer_email }
      : null,
    property: detail.property
      ? `${detail.property.address}, ${detail.property.city}, ${detail.property.state} ${detail.property.zip_code}`
      : null,
    answers: detailAnswerRows(q.service, detail.details),
    triage: detail.triage,
    history: detail.history.map((h) => ({
      id: h.id,
      status: h.status,
      by: h.changed_by_id ? (h.changed_by_name ?? h.changed_by_email ?? "Former user") : "Guest",
      at: formatDateTime(h.created_at),
      notes: h.notes,
    })),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const submission = parseWithZod(await request.formData(), { schema: statusChangeSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, 400);
  }
  const outcome = await changeQuoteStatus(params.id, submission.value, admin.id);
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ result: submission.reply({ formErrors: [outcome.message] }) }, outcome.status);
  }
  return redirectWithToast(`/admin/quotes/${params.id}`, {
    type: "success",
    title: "Status updated",
    description: `The quote is now ${quoteStatus.label(submission.value.status)}; the requester is being emailed.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: `Quote ${args.loaderData?.reference ?? ""}`.trim(),
    description: "One quote request.",
    noIndex: true,
  });
}

function Rows({ rows }: { rows: [string, React.ReactNode][] }) {
  return (
    <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-slate-700">{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function AdminQuote({ loaderData: q, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const errors = actionData?.result.error ?? {};
  const formErrors = errors[""] ?? [];
  const notesErrors = errors.notes ?? [];
  const statusErrors = errors.status ?? [];
  return (
    <div className="space-y-6">
      <p>
        <Link to="/admin/quotes" className="text-sm text-brand-800 underline">
          Back to quotes
        </Link>
      </p>
      <div className="flex flex-wrap items-center gap-3">
        <h2 className="text-xl font-semibold">Quote {q.reference}</h2>
        <Badge tone={q.status}>{quoteStatus.label(q.status)}</Badge>
      </div>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Request</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            rows={[
              ["Reference", q.reference],
              ["Service", q.service],
              ["Submitted", q.submittedAt],
              ["Description", orNA(q.description)],
              ["Property", orNA(q.property)],
              [
                "Customer",
                q.customer ? (
                  <Link
                    key="customer"
                    to={`/admin/customers/${q.customer.id}`}
                    className="text-brand-800 underline"
                  >
                    {q.customer.name}
                  </Link>
                ) : (
                  "Guest"
                ),
              ],
            ]}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Contact</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows
            rows={[
              ["Name", q.contact.name],
              [
                "Email",
                <a
                  key="email"
                  href={`mailto:${q.contact.email}`}
                  className="text-brand-800 underline"
                >
                  {q.contact.email}
                </a>,
              ],
              [
                "Phone",
                <a
                  key="tel"
                  href={`tel:${q.contact.phone.replace(/[^\d+]/g, "")}`}
                  className="text-brand-800 underline"
                >
                  {q.contact.phone}
                </a>,
              ],
              ["ZIP code", q.contact.zipCode],
              ["Preferred contact", q.contact.preferred],
              ["Best time", q.contact.bestTime],
            ]}
          />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Triage</CardTitle>
        </CardHeader>
        <CardContent>
          {q.triage.length === 0 ? (
            <p>No triage notes for these answers.</p>
          ) : (
            <ul className="space-y-2">
              {q.triage.map((f) => (
                <li key={f.code}>
                  <span
                    className={f.level === "advice" ? "font-medium" : "font-semibold text-red-800"}
                  >
                    {f.label}
                  </span>
                  <span className="block text-sm text-slate-600">Source: {f.source}</span>
                </li>
              ))}
            </ul>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Answers</CardTitle>
        </CardHeader>
        <CardContent>
          <Rows rows={q.answers} />
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Change status</CardTitle>
        </CardHeader>
        <CardContent>
          {q.nextStatuses.length === 0 ? (
            <p>{quoteStatus.label(q.status)} is a final status.</p>
          ) : (
            <Form method="post" className="space-y-4" noValidate>
              {formErrors.length > 0 && (
                <div
                  role="alert"
                  className="rounded-md border border-red-700 bg-red-50 p-3 text-red-900"
                >
                  {formErrors.join(" ")}
                </div>
              )}
              <input type="hidden" name="expectedStatus" value={q.status} />
              <div className="flex flex-col gap-1">
                <label htmlFor="new-status" className="text-sm font-medium">
                  New status
                </label>
                <select
                  id="new-status"
                  name="status"
                  required
                  aria-invalid={statusErrors.length > 0 || undefined}
                  aria-describedby={statusErrors.length ? "new-status-error" : undefined}
                  className="h-10 w-64 rounded-md border border-slate-400 bg-white px-3 text-sm"
                >
                  {q.nextStatuses.map((s) => (
                    <option key={s} value={s}>
                      {quoteStatus.label(s)}
                    </option>
                  ))}
                </select>
                {statusErrors.length > 0 && (
                  <p id="new-status-error" className="text-sm text-red-800">
                    {statusErrors.join(" ")}
                  </p>
                )}
              </div>
              <div className="flex flex-col gap-1">
                <label htmlFor="status-notes" className="text-sm font-medium">
                  Notes (optional, internal)
                </label>
                <textarea
                  id="status-notes"
                  name="notes"
                  rows={3}
                  maxLength={2000}
                  aria-invalid={notesErrors.length > 0 || undefined}
                  aria-describedby={notesErrors.length ? "status-notes-error" : undefined}
                  className="rounded-md border border-slate-400 p-2 text-sm"
                />
                {notesErrors.length > 0 && (
                  <p id="status-notes-error" className="text-sm text-red-800">
                    {notesErrors.join(" ")}
                  </p>
                )}
              </div>
              <Button type="submit" disabled={busy}>
                {busy ? "Saving..." : "Change status"}
              </Button>
            </Form>
          )}
        </CardContent>
      </Card>

      <Card>
        <CardHeader>
          <CardTitle as="h3">Status history</CardTitle>
        </CardHeader>
        <CardContent>
          <ol className="space-y-3">
            {q.history.map((h) => (
              <li key={h.id} className="border-l-2 border-brand-700 pl-3">
                <p>
                  <Badge tone={h.status}>{quoteStatus.label(h.status)}</Badge>{" "}
                  <span className="text-sm text-slate-700">
                    {h.at} by {h.by}
                  </span>
                </p>
                {h.notes && <p className="mt-1 text-sm whitespace-pre-line">{h.notes}</p>}
              </li>
            ))}
          </ol>
        </CardContent>
      </Card>
    </div>
  );
}
