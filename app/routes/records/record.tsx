import { data } from "react-router";
import { errorBoundary } from "~/components/layout/error-page";
import { RecordResults } from "~/features/records/record-view";
import { resultsOf } from "~/features/records/results.server";
import { propertyByShareToken } from "~/features/records/share-links.server";
import { formatDateTime } from "~/lib/dates";
import { tokenParam } from "~/lib/ids";
import { PRIVATE_PAGE_HEADERS, privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/record";

export const headers = privatePage;

/**
 * GET /records/:token: a property's record shared by its owner, read-only:
 * the address, the results and their lab reports; no name, email, phone or photos. 404 for an
 * unknown, expired or revoked link.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const token = tokenParam(params.token);
  const property = await propertyByShareToken(token);
  if (!property) throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
  const results = await resultsOf(
    { propertyId: property.id },
    ({ fileId }) => `/records/${token}/files/${fileId}`,
  );
  return data(
    {
      address: {
        address: property.address,
        city: property.city,
        state: property.state,
        zipCode: property.zipCode,
      },
      expiresAt: formatDateTime(property.expiresAt),
      results,
    },
    { headers: PRIVATE_PAGE_HEADERS },
  );
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(
    args,
    "Home health record",
    "A property's test results, shared by its owner.",
  );
}

export default function SharedRecordPage({ loaderData }: Route.ComponentProps) {
  const { address, expiresAt, results } = loaderData;
  return (
    <div className="mx-auto max-w-5xl space-y-6 px-4 py-12">
      <div>
        <h1 className="text-3xl font-bold tracking-tight">Home health record</h1>
        <p className="mt-2 text-lg">
          {address.address}, {address.city}, {address.state} {address.zipCode}
        </p>
        <p className="mt-1 text-sm text-slate-700">
          Shared read-only by the owner; this link works until {expiresAt}.
        </p>
      </div>
      <RecordResults results={results} />
    </div>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Record link not found",
    message:
      "This link does not open a record: it may have expired or been revoked. Ask the owner for a new one.",
  },
  failed: "We could not load this record. Please try again in a moment.",
});
