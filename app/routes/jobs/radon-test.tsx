import { href } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { company } from "~/features/catalog/company";
import { testPageAction, testPageLoader } from "~/features/jobs/post-mitigation-route.server";
import { revalidateAfterConflict, VisitBooking, VisitList } from "~/features/visits/booking-page";
import { TaskFrame } from "~/features/visits/task-frame";
import { formatDate } from "~/lib/dates";
import { tokenParam } from "~/lib/ids";
import { privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/radon-test";

export const headers = privatePage;
export const shouldRevalidate = revalidateAfterConflict;

/** The radon job's post-mitigation test behind a mailed link: its window, free times, or booking. */
export async function loader({ params, request }: Route.LoaderArgs) {
  return testPageLoader(tokenParam(params.token), request);
}

/** Books the placement and the pick-up; on success back to the page, which shows them. */
export async function action({ params, request }: Route.ActionArgs) {
  const token = tokenParam(params.token);
  return testPageAction(token, request, href("/jobs/:token/radon-test", { token }));
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(
    args,
    "Book your post-mitigation radon test",
    `Your radon test after mitigation with ${company.name}.`,
  );
}

export default function RadonTestRoute({ loaderData, actionData }: Route.ComponentProps) {
  const title = "Book your post-mitigation radon test";
  if (loaderData.state === "expired") {
    return (
      <TaskFrame title={title} inAccount={false} width="max-w-3xl">
        <p className="mt-6">
          This link expired on {formatDate(loaderData.validUntil)}. Contact us to book your test.
        </p>
      </TaskFrame>
    );
  }
  const retest = (
    <p className="mt-6 text-sm text-slate-700">
      Test your home for radon every two years and after major renovations. To get a reminder,
      follow the reminders link in our email about your completed job.
    </p>
  );
  if (loaderData.state === "booked") {
    return (
      <TaskFrame title="Your post-mitigation radon test" inAccount={false} width="max-w-3xl">
        <div className="mt-6 space-y-4">
          <VisitList visits={loaderData.visits} />
          <p>
            We emailed you the calendar invitation. To change a time, reply to that email or call
            us.
          </p>
        </div>
        {retest}
      </TaskFrame>
    );
  }
  if (loaderData.state === "over" || loaderData.state === "not-completed") {
    return (
      <TaskFrame title={title} inAccount={false} width="max-w-3xl">
        <p className="mt-6">
          {loaderData.state === "over"
            ? `The test had to start by ${loaderData.window.latest}. Please call us to arrange a radon test.`
            : "The test can be booked once your radon job is completed."}
        </p>
      </TaskFrame>
    );
  }
  return (
    <TaskFrame title={title} inAccount={false} width="max-w-3xl">
      <p className="mt-2 text-slate-700">
        The standard for radon systems asks for a test after the system starts: the detector is
        placed between {loaderData.window.earliest} and {loaderData.window.latest}.
      </p>
      <VisitBooking
        view={{ ...loaderData.choose, address: loaderData.address }}
        message={actionData?.message}
        addressResult={actionData?.addressResult}
        noTimes="No time is free before the test must start. Please call us to arrange it."
      />
      {retest}
    </TaskFrame>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Test not found",
    message: "This link does not match a radon job. Please use the newest link from our emails.",
  },
  failed: "We could not load your test. Please try again in a moment.",
});
