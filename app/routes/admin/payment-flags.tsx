import { data, Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Field, Textarea } from "~/components/ui/form-controls";
import { MAX_REVIEW_NOTE_LENGTH } from "~/features/catalog/invoice-enums";
import type { FlaggedPayment } from "~/features/invoices/flags.server";
import { flaggedPayments, reviewPaymentFlag } from "~/features/invoices/flags.server";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/payment-flags";

/** Payments flagged to staff: those to review, then the last reviewed with their notes. */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return flaggedPayments();
}

/** 'Mark reviewed' with a note: refused with a message, or back to the list with a toast. */
export async function action({ request, context }: Route.ActionArgs) {
  const admin = await requireAdmin(request, context);
  const form = await request.formData();
  const paymentId = String(form.get("paymentId") ?? "");
  const outcome = await reviewPaymentFlag(paymentId, String(form.get("note") ?? ""), admin.id);
  if (!outcome.ok) {
    return data({ paymentId, error: outcome.message }, { status: outcome.status });
  }
  return redirectWithToast(href("/admin/invoices/flags"), {
    type: "success",
    title: "Payment marked reviewed",
    description: `The note is on invoice ${outcome.invoiceNumber}'s history.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Payments to check", "Payments flagged to staff.");
}

function Facts({ p }: { p: FlaggedPayment }) {
  return (
    <>
      <p className="font-medium">
        {p.quoteId ? (
          <Link
            className="text-primary underline"
            to={`${href("/admin/quotes/:id", { id: p.quoteId })}#invoices`}
          >
            {p.invoiceNumber}
          </Link>
        ) : (
          p.invoiceNumber
        )}{" "}
        · {p.customer}
      </p>
      <p className="text-sm">
        {p.method}, {p.amount}
        {p.requested && p.requested !== p.amount ? ` (asked ${p.requested})` : ""}, {p.receivedOn}
      </p>
      <p className="text-sm text-red-800">{p.flag}</p>
    </>
  );
}

export default function PaymentFlags({ loaderData, actionData }: Route.ComponentProps) {
  const { open, reviewed } = loaderData;
  return (
    <div className="space-y-6">
      <h2 className="text-2xl font-bold text-slate-900">Payments to check</h2>
      <p className="text-sm text-slate-700">
        Payments where Stripe reported another amount than asked, money on a void invoice or more
        than the balance. Refund or correct at Stripe or on the quote's page, then mark it reviewed
        with a note of what was done.{" "}
        <Link className="text-primary underline" to={href("/admin/invoices")}>
          Back to invoices
        </Link>
      </p>
      <TitledCard title={<>To review ({open.length})</>} as="h3">
        {open.length === 0 ? (
          <p className="text-sm text-slate-700">No payments to check.</p>
        ) : (
          <ul className="divide-y">
            {open.map((p) => {
              const errors =
                actionData?.paymentId === p.id && actionData.error ? [actionData.error] : undefined;
              return (
                <li key={p.id} className="space-y-2 py-4">
                  <Facts p={p} />
                  <Form method="post" className="space-y-2">
                    <input type="hidden" name="paymentId" value={p.id} />
                    <Field
                      id={`note-${p.id}`}
                      label={`What was done about ${p.invoiceNumber}'s payment`}
                      required
                      errors={errors}
                    >
                      {(control) => (
                        <Textarea
                          {...control}
                          name="note"
                          rows={2}
                          maxLength={MAX_REVIEW_NOTE_LENGTH}
                        />
                      )}
                    </Field>
                    <Button type="submit" size="sm">
                      Mark reviewed
                    </Button>
                  </Form>
                </li>
              );
            })}
          </ul>
        )}
      </TitledCard>
      {reviewed.length > 0 && (
        <TitledCard title="Reviewed lately" as="h3">
          <ul className="divide-y">
            {reviewed.map((p) => (
              <li key={p.id} className="space-y-1 py-3">
                <Facts p={p} />
                <p className="text-sm">
                  Reviewed {p.reviewed?.at}
                  {p.reviewed?.by ? ` by ${p.reviewed.by}` : ""}: {p.reviewed?.note}
                </p>
              </li>
            ))}
          </ul>
        </TitledCard>
      )}
    </div>
  );
}
