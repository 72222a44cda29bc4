/**
 * The homeowner's post-mitigation test page, `/jobs/{token}/radon-test`: the token is the job's
 * mailed sign-off link (same rules: only its SHA-256 stored, 30 Utah days, a private page's
 * headers). A token that is unknown, malformed or of a job that is not radon answers 404.
 */

import { eq } from "drizzle-orm";
import { data } from "react-router";
import { jobs } from "~/db/schema";
import { signingLinkExpired } from "~/features/estimates/signing.server";
import { postServiceAddress, serviceAddressOf } from "~/features/quotes/service-address.server";
import { db } from "~/lib/db.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { redirectWithToast } from "~/lib/toast.server";
import { bookTestAsHomeowner, postMitigationChoice } from "./post-mitigation.server";
import { jobOfLink } from "./sign-off.server";

const notFound = () => data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });

/** The radon job behind `token` and whether its link expired at `now`; throws 404 otherwise. */
async function radonJobOfToken(token: string, now: Date) {
  const link = await jobOfLink(token);
  if (!link) throw notFound();
  const [job] = await db
    .select({ quoteId: jobs.quote_id, service: jobs.service })
    .from(jobs)
    .where(eq(jobs.id, link.jobId));
  if (job?.service !== "radon") throw notFound();
  const expired = link.validUntil !== null && signingLinkExpired(link.validUntil, now);
  return { jobId: link.jobId, quoteId: job.quoteId, validUntil: link.validUntil, expired };
}

/**
 * The page's data for `token` from `?day=` and `?placement=`: expired (410), or the test's state
 * (booked, over, not yet completed, or open with the choosing view and the service address).
 */
export async function testPageLoader(token: string, request: Request, now: Date = new Date()) {
  const ref = await radonJobOfToken(token, now);
  if (ref.expired) {
    return data(
      { state: "expired" as const, validUntil: ref.validUntil ?? "" },
      { status: 410, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const params = new URL(request.url).searchParams;
  const [test, address] = await Promise.all([
    postMitigationChoice(ref.jobId, now, {
      day: params.get("day"),
      placement: params.get("placement"),
    }),
    serviceAddressOf(ref.quoteId),
  ]);
  if (!test || !address || test.state === "not-radon") throw notFound();
  return data({ ...test, address }, { headers: PRIVATE_PAGE_HEADERS });
}

/**
 * Books the test posted at `token` (placement and pick-up); on success back to `page` with a
 * toast, else the message with its status (400 outside the windows, 409 taken or booked, 410
 * expired link).
 */
export async function testPageAction(token: string, request: Request, page: string) {
  const now = new Date();
  const ref = await radonJobOfToken(token, now);
  if (ref.expired) {
    return data(
      { message: "This link expired. Contact us to book your test.", addressResult: undefined },
      { status: 410, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const form = await request.formData();
  const address = await postServiceAddress(ref.quoteId, form, { onlyWhenMissing: true });
  if (!address.ok) {
    if (address.status === 404) throw notFound();
    return data(
      { message: "Enter the street address where we should come.", addressResult: address.result },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const outcome = await bookTestAsHomeowner(ref.jobId, form, now);
  if (!outcome.ok) {
    if (outcome.status === 404) throw notFound();
    return data(
      { message: outcome.message, addressResult: undefined },
      { status: outcome.status, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  const first = outcome.visits[0];
  return redirectWithToast(
    page,
    {
      type: "success",
      title: "Your post-mitigation test is booked",
      description: first
        ? `${first.kind}: ${first.day}, ${first.time}. We emailed you the calendar invitation.`
        : undefined,
    },
    new Headers(PRIVATE_PAGE_HEADERS),
  );
}
