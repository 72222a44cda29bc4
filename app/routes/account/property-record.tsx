import { parseWithZod } from "@conform-to/zod/v4";
import { data, href } from "react-router";
import { BackLink } from "~/components/ui/back-link";
import { TitledCard } from "~/components/ui/card";
import { serviceId } from "~/features/catalog/services";
import { CompletionReportsSection } from "~/features/jobs/completion-reports-section";
import { completionReportsOf } from "~/features/jobs/report-mail.server";
import { filesOfQuotes } from "~/features/quotes/files.server";
import { QuoteFilesList } from "~/features/quotes/files-list";
import { RecordResults } from "~/features/records/record-view";
import { propertyOfOwner, quotesOfProperty, resultsOf } from "~/features/records/results.server";
import {
  createShareLink,
  liveShareLinks,
  revokeShareLink,
} from "~/features/records/share-links.server";
import { ShareLinksSection } from "~/features/records/share-links-section";
import { revokeSchema, SHARE_INTENTS, shareSchema } from "~/features/records/share-schema";
import { formatDateTime } from "~/lib/dates";
import { idParam } from "~/lib/ids";
import { pageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/property-record";

/**
 * GET /account/properties/:id: the property's record for its owner: results
 * with the radon chart and table, water flagged against the EPA's levels, mold samples, the
 * completed jobs' completion reports, every file of the property's quotes, and the share links. Another customer's property is 404.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const property = await propertyOfOwner(user.id, id);
  if (!property) throw data(null, { status: 404 });
  const [results, quotes, links] = await Promise.all([
    resultsOf(
      { propertyId: property.id },
      ({ quoteId, fileId }) => `/account/quotes/${quoteId}/files/${fileId}`,
    ),
    quotesOfProperty(user.id, property.id),
    liveShareLinks(user.id, property.id),
  ]);
  const [files, reports] = await Promise.all([
    filesOfQuotes(quotes.map((q) => q.id)),
    completionReportsOf(quotes.map((q) => q.id)),
  ]);
  return {
    property,
    results,
    reports,
    quotes: quotes
      .map((q) => ({
        id: q.id,
        reference: q.reference,
        service: serviceId.label(q.service),
        files: files.get(q.id) ?? [],
      }))
      .filter((q) => q.files.length > 0),
    links: links.map((l) => ({
      id: l.id,
      createdAt: formatDateTime(l.createdAt),
      expiresAt: formatDateTime(l.expiresAt),
    })),
  };
}

/** POST: make a share link (intent share: 7, 30 or 90 days) or revoke one (intent revoke). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const form = await request.formData();
  const page = href("/account/properties/:id", { id });
  if (form.get("intent") === SHARE_INTENTS.revoke) {
    const submission = parseWithZod(form, { schema: revokeSchema });
    if (submission.status !== "success") throw data(null, { status: 400 });
    if (!(await revokeShareLink(user.id, id, submission.value.linkId)))
      throw data(null, { status: 404 });
    return redirectWithToast(page, {
      type: "success",
      title: "Share link revoked",
      description: "It no longer opens the record.",
    });
  }
  const submission = parseWithZod(form, { schema: shareSchema });
  if (submission.status !== "success") {
    return data({ shareResult: submission.reply(), shared: null }, 400);
  }
  const link = await createShareLink(user.id, id, submission.value.days);
  if (!link) throw data(null, { status: 404 });
  return data({
    shareResult: undefined,
    shared: { url: link.url, expiresAt: formatDateTime(link.expiresAt) },
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: args.loaderData ? `Record of ${args.loaderData.property.address}` : "Property record",
    description: "Your property's test results and files.",
    noIndex: true,
  });
}

export default function PropertyRecordPage({ loaderData, actionData }: Route.ComponentProps) {
  const { property, results, reports, quotes, links } = loaderData;
  return (
    <div className="space-y-6">
      <BackLink to={href("/account/properties")}>Back to your properties</BackLink>
      <div>
        <h2 className="text-xl font-semibold">Record of {property.address}</h2>
        <p className="text-slate-700">
          {property.city}, {property.state} {property.zipCode}
        </p>
      </div>
      <RecordResults results={results} headingLevel="h3" />
      <CompletionReportsSection reports={reports} />
      <TitledCard title="Photos and lab reports" as="h3" bodyClassName="space-y-6">
        {quotes.length === 0 ? (
          <p className="text-sm text-slate-700">No files yet.</p>
        ) : (
          quotes.map((q) => (
            <div key={q.id} className="space-y-2">
              <h4 className="font-semibold">
                {q.service}, request {q.reference}
              </h4>
              <QuoteFilesList files={q.files} base={`/account/quotes/${q.id}/files`} />
            </div>
          ))
        )}
      </TitledCard>
      <ShareLinksSection
        links={links}
        shared={actionData?.shared ?? null}
        result={actionData?.shareResult}
      />
    </div>
  );
}
