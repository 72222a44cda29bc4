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
import type { BookingView } from "./booking.server";

function Booked({ visits }: { visits: Extract<BookingView, { state: "booked" }>["visits"] }) {
  return (
    <Card className="mt-6">
      <CardHeader>
        <CardTitle as="h2">Your booked {visits.length > 1 ? "visits" : "visit"}</CardTitle>
      </CardHeader>
      <CardContent>
        <ul className="space-y-2">
          {visits.map((v) => (
            <li key={`${v.kind}-${v.day}`}>
              <span className="font-medium">{v.kind}</span>: {v.day}, {v.time}
            </li>
          ))}
        </ul>
        <p className="mt-4 text-sm text-slate-700">
          To change a visit, reply to our email or call us.
        </p>
      </CardContent>
    </Card>
  );
}

function DayLinks({
  view,
  path,
}: {
  view: Extract<BookingView, { state: "choose" }>;
  path: string;
}) {
  return (
    <nav aria-label="Days with free times" className="mt-6">
      <h2 className="text-lg font-semibold">Choose a day</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {view.days.map((d) => (
          <li key={d.day}>
            <Link
              to={`${path}?day=${d.day}`}
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
  if (view.state === "booked") return <Booked visits={view.visits} />;
  if (view.state === "closed") {
    return <p className="mt-6">This request can no longer book a visit. Please call us.</p>;
  }
  const choosingPickup = view.radon && view.placement;
  return (
    <div>
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
            <Link to={`${path}?day=${view.day ?? ""}`} className="text-brand-800 underline">
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
                {busy ? "Booking..." : "Book placement and pick-up"}
              </Button>
            </Form>
          )}
        </section>
      ) : (
        <>
          <DayLinks view={view} path={path} />
          <section aria-labelledby="times-title" className="mt-6 space-y-4">
            <h2 id="times-title" className="text-lg font-semibold">
              Free times on {view.dayLabel}
            </h2>
            {view.radon ? (
              <Form method="get" className="space-y-4">
                <input type="hidden" name="day" value={view.day ?? ""} />
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
                <ChoiceGroup
                  meta={fields.slot}
                  type="radio"
                  columns={2}
                  required
                  label={`${view.kindLabel} time`}
                  options={view.slots}
                />
                <Button type="submit" disabled={busy}>
                  {busy ? "Booking..." : "Book this visit"}
                </Button>
              </Form>
            )}
          </section>
        </>
      )}
    </div>
  );
}
