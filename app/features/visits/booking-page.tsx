/**
 * The 'Book your assessment visit' page, wherever the requester reaches it from: the days with
 * free times (links), the chosen day's times (radios) and, for radon, the pick-up 48 to 96 hours
 * after the chosen placement. Works without JavaScript: days are links, choosing a placement is
 * a GET form, booking is a POST. A request without a street address (a guest's, with a ZIP code
 * only) asks for it in the booking form.
 */
import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { Form, Link, type ShouldRevalidateFunctionArgs, useLocation } from "react-router";
import { Button } from "~/components/ui/button";
import { TitledCard } from "~/components/ui/card";
import { Alert, ChoiceGroup } from "~/components/ui/form-controls";
import { useIsPending } from "~/components/ui/use-is-pending";
import { AddressFields } from "~/features/accounts/property-form";
import type { ServiceAddress } from "~/features/quotes/service-address.server";
import { type MetaArgsLike, pageMeta } from "~/lib/seo";
import type { BookedVisit, BookingView } from "./booking.server";
import { formatHours } from "./hours";
import { TaskFrame } from "./task-frame";

/**
 * The booking routes' shouldRevalidate: after a refused booking or change (409: the time was just
 * taken, or the visit is too close to change online) the page's data loads again, so the taken
 * time is no longer offered; React Router skips that after a 4xx answer unless a route asks.
 */
export function revalidateAfterConflict({
  actionStatus,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 || defaultShouldRevalidate;
}

function Booked({ view, path }: { view: Extract<BookingView, { state: "booked" }>; path: string }) {
  const many = view.visits.length > 1;
  const busy = useIsPending({});
  return (
    <TitledCard className="mt-6" title={<>Your booked {many ? "visits" : "visit"}</>} as="h2">
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
          Your visit is less than {formatHours(view.leadTimeHours)} away and can no longer be
          changed online. To change or cancel it, please call us.
        </p>
      )}
      <p className="mt-4 text-sm text-slate-700">
        We email you a calendar invitation for every booking and change. You can change or cancel
        online{" "}
        {view.leadTimeHours > 0
          ? `until ${formatHours(view.leadTimeHours)} before the visit`
          : "until the visit starts"}
        .
      </p>
    </TitledCard>
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

/** The street address fields of the booking form, for a request that has none yet. */
function AddressQuestion({ fields }: { fields: Parameters<typeof AddressFields>[0]["fields"] }) {
  return (
    <fieldset className="space-y-4">
      <legend className="text-base font-semibold">Where should we come?</legend>
      <p className="text-sm text-slate-700">
        Your request has only a ZIP code. Enter the street address of the home we visit.
      </p>
      <AddressFields fields={fields} addressLabel="Street address" />
    </fieldset>
  );
}

/**
 * The booking page's content under its heading, for `view` at `path` (the page's own address);
 * `noTimes` replaces the message shown when no day has a free time.
 */
export function VisitBooking({
  view,
  message,
  addressResult,
  noTimes = "No time is free in the next 14 days. We will contact you to arrange your visit.",
}: {
  view: BookingView & { address: ServiceAddress };
  message: string | undefined;
  /** the action's reply to a missing or wrong street address */
  addressResult?: SubmissionResult<string[]> | null;
  noTimes?: string;
}) {
  const path = useLocation().pathname;
  const [form, fields] = useForm<{
    slot: string;
    placement: string;
    pickup: string;
    address: string;
    city: string;
    state: string;
    zipCode: string;
  }>({
    id: "book-visit",
    lastResult: addressResult,
    defaultValue: { state: "UT", zipCode: view.address.zipCode },
    shouldValidate: "onSubmit",
  });
  const busy = useIsPending({});
  if (view.state === "booked") return <Booked view={view} path={path} />;
  if (view.state === "closed") {
    return <p className="mt-6">This request can no longer book a visit. Please call us.</p>;
  }
  if (view.state === "arrange") {
    return (
      <div className="mt-6 space-y-2">
        <p className="font-medium">We will call you to arrange a time for your visit.</p>
        <p>
          Visits cannot be booked online yet. Rather talk now? Call us at{" "}
          <a href={`tel:${view.phone}`} className="font-medium text-brand-800 underline">
            {view.phoneDisplay}
          </a>
          .
        </p>
      </div>
    );
  }
  const choosingPickup = view.radon && view.placement;
  // moving booked visits: the links and forms keep ?change=1, the posts say intent=reschedule
  const change = view.rescheduling ? "&change=1" : "";
  const intent = view.rescheduling ? (
    <input type="hidden" name="intent" value="reschedule" />
  ) : null;
  const addressQuestion =
    !view.rescheduling && !view.address.address ? <AddressQuestion fields={fields} /> : null;
  // the day's free times: a radon placement's choice (then its pick-up) or the visit's own
  const timeChoice = (meta: typeof fields.slot) => (
    <ChoiceGroup
      meta={meta}
      type="radio"
      columns={2}
      required
      label={`${view.kindLabel} time`}
      options={view.slots}
    />
  );
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
      {view.address.address && (
        <p className="mt-2 text-slate-700">
          <span className="font-medium">Visit address:</span> {view.address.address},{" "}
          {view.address.city}, {view.address.state} {view.address.zipCode}
        </p>
      )}
      {message && <Alert className="mt-4">{message}</Alert>}
      {view.days.length === 0 ? (
        <p className="mt-6">{noTimes}</p>
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
              {addressQuestion}
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
                {timeChoice(fields.placement)}
                <Button type="submit">Continue to the pick-up time</Button>
              </Form>
            ) : (
              <Form method="post" {...getFormProps(form)} className="space-y-4">
                {intent}
                {timeChoice(fields.slot)}
                {addressQuestion}
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

/** The title and description of every booking page (a route's `meta`): a private page, never indexed. */
export function bookingPageMeta(args: MetaArgsLike) {
  return pageMeta(args, {
    title: "Book Your Assessment Visit",
    description: "Choose a time for your visit.",
    noIndex: true,
  });
}

/**
 * The whole booking page (its heading over `VisitBooking`), for the status link and confirmation
 * routes or, `inAccount`, inside the account layout.
 */
export function VisitBookingPage({
  view,
  actionData,
  inAccount = false,
}: {
  view: BookingView & { address: ServiceAddress };
  actionData?: { message?: string; addressResult?: SubmissionResult<string[]> | null };
  inAccount?: boolean;
}) {
  return (
    <TaskFrame title="Book your assessment visit" inAccount={inAccount} width="max-w-3xl">
      <VisitBooking
        view={view}
        message={actionData?.message}
        addressResult={actionData?.addressResult}
      />
    </TaskFrame>
  );
}
