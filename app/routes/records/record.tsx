import { data } from "react-router";
import { ErrorPage } from "~/components/layout/error-page";
import { RecordResults } from "~/features/records/record-view";
import { resultsOf } from "~/features/records/results.server";
import { propertyByShareToken } from "~/features/records/share-links.server";
import { formatDateTime } from "~/lib/dates";
import { pageMeta } from "~/lib/seo";
import type { Route } from "./+types/record";

// Referrer-Policy: no-referrer comes from server.ts for every token path (lib/token-paths.ts)
const PRIVATE = {
  "Cache-Control": "private, no-store",
  "X-Robots-Tag": "noindex, nofollow",
};

export function headers() {
  return PRIVATE;
}

/**
 * GET /records/:token: a property's record shared by its owner (issue 21 point 5), read-only:
 * the address, the results and their lab reports; no name, email, phone or photos. 404 for an
 * unknown, expired or revoked link.
 */
export async function loader({ params }: Route.LoaderArgs) {
  const property = await propertyByShareToken(params.token);
  if (!property) throw data(null, { status: 404, headers: PRIVATE });
  const results = await resultsOf(
    { propertyId: property.id },
    ({ fileId }) => `/records/${params.token}/files/${fileId}`,
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
    { headers: PRIVATE },
  );
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Home health record",
    description: "A property's test results, shared by its owner.",
    noIndex: true,
  });
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

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  return (
    <ErrorPage
      error={error}
      notFound={{
        title: "Record link not found",
        message:
          "This link does not open a record: it may have expired or been revoked. Ask the owner for a new one.",
      }}
      failed={{
        title: "Something went wrong",
        message: "We could not load this record. Please try again in a moment.",
      }}
      back={{ to: "/", label: "Return Home" }}
    />
  );
}
