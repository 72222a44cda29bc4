/**
 * The 'Book your assessment visit' page, wherever the requester reaches it from: the days with
 * free times (links), the chosen day's times (radios) and, for radon, the pick-up 48 to 96 hours
 * after the chosen placement. Works without JavaScript: days are links, choosing a placement is
 * a GET form, booking is a POST.
 */
import { getFormProps, useForm } from "@conform-to/react";
import { Form, Link, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { Card, CardContent, CardHeader, CardTitle } from "~/components/ui/card";
import { Alert, ChoiceGroup } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import type { BookedVisit, BookingView } from "./booking.server";

function Booked({ view, path }: { view: Extract<BookingView, { state: "booked" }>; path: string }) {
  const many = view.visits.length > 1;
  const busy = useIsPending({});
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Your booked {many ? "visits" : "visit"}</CardTitle>
      </CardHeader>
      <CardContent>
        <VisitList visits={view.visits} />
        {view.changeable ? (
          <div className="mt-6 flex flex-wrap items-center gap-4">
            <Button asChild variant="outline">
              <Link to={`${path}?change=1`}>Change the {many ? "times" : "time"}</Link>
            </Button>
            <Form method="post">
              <input type="hidden" name="intent" value="cancel" />
              <Button type="submit" variant="destructive" disabled={busy}>
                Cancel {many ? "both visits" : "the visit"}
              </Button>
            </Form>
          </div>
        ) : (
          <p className="mt-4">
            Your visit is less than {view.leadTimeHours} hours away and can no longer be changed
            online. To change or cancel it, please call us.
          </p>
        )}
        <p className="mt-4 text-sm text-slate-700">
          We email you a calendar invitation for every booking and change. You can change or cancel
          online until {view.leadTimeHours} hours before the visit.
        </p>
      </CardContent>
    </Card>
  );
}

/** The visits, each with its day, time and staff member. */
export function VisitList({ visits }: { visits: BookedVisit[] }) {
  return (
    <ul className="space-y-2">
      {visits.map((v) => (
        <li key={v.id}>
          <span className="font-medium">{v.kind}</span>: {v.day}, {v.time}
          {v.staff ? `, with ${v.staff}` : ""}
        </li>
      ))}
    </ul>
  );
}

function DayLinks({
  view,
  path,
  change,
}: {
  view: Extract<BookingView, { state: "choose" }>;
  path: string;
  /** "&change=1" while moving booked visits */
  change: string;
}) {
  return (
    <nav aria-label="Days with free times" className="mt-6">
      <h2 className="text-lg font-semibold">Choose a day</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {view.days.map((d) => (
          <li key={d.day}>
            <Link
              to={`${path}?day=${d.day}${change}`}
              aria-current={d.day === view.day ? "page" : undefined}
              className="inline-block rounded-md border border-slate-300 px-3 py-2 text-sm underline-offset-2 hover:underline aria-[current=page]:border-brand-700 aria-[current=page]:bg-brand-50 aria-[current=page]:font-semibold"
            >
              {d.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The booking page's content under its heading, for `view` at `path` (the page's own address). */
export function VisitBooking({
  view,
  message,
}: {
  view: BookingView;
  message: string | undefined;
}) {
  const path = useLocation().pathname;
  const [form, fields] = useForm<{ slot: string; placement: string; pickup: string }>({
    id: "book-visit",
    shouldValidate: "onSubmit",
  });
  const busy = useIsPending({});
  if (view.state === "booked") return <Booked view={view} path={path} />;
  if (view.state === "closed") {
    return <p className="mt-6">This request can no longer book a visit. Please call us.</p>;
  }
  const choosingPickup = view.radon && view.placement;
  // moving booked visits: the links and forms keep ?change=1, the posts say intent=reschedule
  const change = view.rescheduling ? "&change=1" : "";
  const intent = view.rescheduling ? (
    <input type="hidden" name="intent" value="reschedule" />
  ) : null;
  return (
    <div>
      {view.rescheduling && (
        <section aria-labelledby="current-title" className="mt-6">
          <h2 id="current-title" className="text-lg font-semibold">
            Your current {view.current.length > 1 ? "times" : "time"}
          </h2>
          <VisitList visits={view.current} />
          <Link to={path} className="mt-2 inline-block text-brand-800 underline">
            Keep the current {view.current.length > 1 ? "times" : "time"}
          </Link>
        </section>
      )}
      <p className="mt-2 text-slate-700">
        {view.radon
          ? "Radon testing takes two short visits: we place a detector, then pick it up 48 to 96 hours later. Choose both times."
          : `Choose a time for your ${view.kindLabel.toLowerCase()}.`}{" "}
        Times are Mountain Time.
      </p>
      {message && <Alert className="mt-4">{message}</Alert>}
      {view.days.length === 0 ? (
        <p className="mt-6">
          No time is free in the next 14 days. We will contact you to arrange your visit.
        </p>
      ) : choosingPickup ? (
        <section aria-labelledby="pickup-title" className="mt-6 space-y-4">
          <h2 id="pickup-title" className="text-lg font-semibold">
            Choose the pick-up time
          </h2>
          <p>
            <span className="font-medium">{view.kindLabel}:</span> {view.placement?.label}{" "}
            <Link
              to={`${path}?day=${view.day ?? ""}${change}`}
              className="text-brand-800 underline"
            >
              Change the placement time
            </Link>
          </p>
          {view.pickups.length === 0 ? (
            <p>
              No pick-up time is free 48 to 96 hours after this placement. Please choose another
              placement time.
            </p>
          ) : (
            <Form method="post" {...getFormProps(form)} className="space-y-4">
              {intent}
              <input type="hidden" name="placement" value={view.placement?.value} />
              <ChoiceGroup
                meta={fields.pickup}
                type="radio"
                columns={1}
                required
                label={`${view.pickupLabel} (48 to 96 hours after the placement)`}
                options={view.pickups}
              />
              <Button type="submit" disabled={busy}>
                {busy
                  ? "Saving..."
                  : view.rescheduling
                    ? "Move placement and pick-up"
                    : "Book placement and pick-up"}
              </Button>
            </Form>
          )}
        </section>
      ) : (
        <>
          <DayLinks view={view} path={path} change={change} />
          <section aria-labelledby="times-title" className="mt-6 space-y-4">
            <h2 id="times-title" className="text-lg font-semibold">
              Free times on {view.dayLabel}
            </h2>
            {view.radon ? (
              <Form method="get" className="space-y-4">
                <input type="hidden" name="day" value={view.day ?? ""} />
                {view.rescheduling && <input type="hidden" name="change" value="1" />}
                <ChoiceGroup
                  meta={fields.placement}
                  type="radio"
                  columns={2}
                  required
                  label={`${view.kindLabel} time`}
                  options={view.slots}
                />
                <Button type="submit">Continue to the pick-up time</Button>
              </Form>
            ) : (
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                {intent}
                <ChoiceGroup
                  meta={fields.slot}
                  type="radio"
                  columns={2}
                  required
                  label={`${view.kindLabel} time`}
                  options={view.slots}
                />
                <Button type="submit" disabled={busy}>
                  {busy ? "Saving..." : view.rescheduling ? "Move my visit" : "Book this visit"}
                </Button>
              </Form>
            )}
          </section>
        </>
      )}
    </div>
  );
}
