/**
 * The staff's page for one visit: its details, the free times to move it to (day links, then a
 * radio per time and staff member) and a cancel button. Works without JavaScript: days are links,
 * moving and cancelling are POSTs.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, href, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, TitledCard } from "~/components/ui/card";
import { Alert, ChoiceGroup } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { MovePage } from "./move.server";

const pill =
  "inline-block rounded-md border border-slate-300 px-3 py-2 text-sm aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold";

export function MoveVisitSection({ page, message }: { page: MovePage; message?: string }) {
  const path = useLocation().pathname;
  const [form, fields] = useForm<{ slot: string }>({
    id: "move-visit",
    shouldValidate: "onSubmit",
  });
  const moving = useIsPending({ field: ["intent", "move"] });
  const cancelling = useIsPending({ field: ["intent", "cancel"] });
  return (
    <section aria-labelledby="visit-title" className="space-y-6">
      <h2 id="visit-title" className="text-xl font-semibold">
        {page.kind}: {page.customer}
      </h2>
      <Link
        to={`${href("/admin/schedule")}?week=${page.weekOf}`}
        className="text-brand-800 underline"
      >
        Back to the week
      </Link>
      {message && <Alert>{message}</Alert>}
      <Card>
        <CardContent className="pt-6">
          <dl className="grid grid-cols-1 gap-y-1 sm:grid-cols-[10rem_1fr] wrap-anywhere">
            <dt className="font-medium text-slate-700">When</dt>
            <dd>{page.when}</dd>
            <dt className="font-medium text-slate-700">Staff member</dt>
            <dd>{page.staff}</dd>
            <dt className="font-medium text-slate-700">Service</dt>
            <dd>{page.service}</dd>
            <dt className="font-medium text-slate-700">Homeowner</dt>
            <dd>
              {page.customer}, {page.email}
            </dd>
            <dt className="font-medium text-slate-700">Address</dt>
            <dd>{page.where}</dd>
            <dt className="font-medium text-slate-700">Request</dt>
            <dd>
              <Link
                to={href("/admin/quotes/:id", { id: page.quoteId })}
                className="text-brand-800 underline"
              >
                Ref. {page.reference}
              </Link>
            </dd>
            {page.others.map((o) => (
              <div key={o.id} className="contents">
                <dt className="font-medium text-slate-700">{o.kind}</dt>
                <dd>{o.when}</dd>
              </div>
            ))}
          </dl>
        </CardContent>
      </Card>
      <TitledCard title="Move the visit" bodyClassName="space-y-4">
        {page.radon && (
          <p className="text-sm text-slate-700">
            The pick-up stays 48 to 96 hours after the placement: only such times are offered.
          </p>
        )}
        {page.days.length === 0 ? (
          <p>No staff member has a free time for this visit.</p>
        ) : (
          <>
            <nav aria-label="Days with free times">
              <ul className="flex flex-wrap gap-2">
                {page.days.map((d) => (
                  <li key={d.day}>
                    <Link
                      to={`${path}?day=${d.day}`}
                      aria-current={d.day === page.day ? "page" : undefined}
                      className={pill}
                    >
                      {d.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              <input type="hidden" name="intent" value="move" />
              <ChoiceGroup
                meta={fields.slot}
                type="radio"
                columns={1}
                required
                label={`Free times on ${page.dayLabel}`}
                options={page.options}
              />
              <Button type="submit" disabled={moving}>
                {moving ? "Moving..." : "Move and email the homeowner"}
              </Button>
            </Form>
          </>
        )}
      </TitledCard>
      <TitledCard title="Cancel the visit" bodyClassName="space-y-4">
        <p className="text-sm text-slate-700">
          {page.radon
            ? "Cancelling cancels the placement and the pick-up: one is no test without the other. "
            : ""}
          The homeowner is emailed the cancellation and can book a new time.
        </p>
        <Form method="post">
          <input type="hidden" name="intent" value="cancel" />
          <Button type="submit" variant="destructive" disabled={cancelling}>
            {cancelling ? "Cancelling..." : "Cancel and email the homeowner"}
          </Button>
        </Form>
      </TitledCard>
    </section>
  );
}
