import { data, Form, href, Link } from "react-router";
import { Button } from "~/components/ui/button";
import { useIsPending } from "~/components/ui/use-is-pending";
import {
  getProperty,
  quoteCountForProperty,
  removeProperty,
} from "~/features/accounts/properties.server";
import { idParam } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/property-remove";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const property = await getProperty(user.id, id);
  if (!property) throw data(null, { status: 404 });
  return {
    id: property.id,
    address: property.address,
    place: `${property.city}, ${property.state} ${property.zip_code}`,
    quotes: await quoteCountForProperty(user.id, property.id),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const id = idParam(params.id);
  const property = await getProperty(user.id, id);
  if (!property || !(await removeProperty(user.id, property.id))) {
    throw data(null, { status: 404 });
  }
  return redirectWithToast(href("/account/properties"), {
    type: "success",
    title: "Property Removed",
    description: `${property.address} was removed from your properties.`,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Remove Property", "Remove a saved property.");
}

/**
 * The confirmation step before a property is removed: a page of its own, so it works without
 * JavaScript (as the blog's delete page, docs/decisions/0102-editor-delete-page.md).
 */
export default function RemoveProperty({ loaderData: property }: Route.ComponentProps) {
  const busy = useIsPending();
  return (
    <section aria-labelledby="remove-title" className="max-w-xl space-y-4">
      <h2 id="remove-title" className="text-xl font-semibold">
        Remove {property.address}?
      </h2>
      <p className="text-slate-700">
        {property.address}, {property.place} will no longer be offered when you request a quote.
      </p>
      <p className="text-slate-700">
        {property.quotes === 0
          ? "No quote was requested for it."
          : `The ${property.quotes === 1 ? "quote" : `${property.quotes} quotes`} you requested for it ${property.quotes === 1 ? "keeps" : "keep"} this address.`}
      </p>
      <Form method="post" className="flex flex-wrap gap-3">
        <Button type="submit" variant="destructive" disabled={busy}>
          {busy ? "Removing..." : "Remove property"}
        </Button>
        <Button asChild variant="outline">
          <Link to={href("/account/properties")}>Cancel</Link>
        </Button>
      </Form>
    </section>
  );
}
