import { company } from "~/features/catalog/company";
import { loadReturnPage } from "~/features/invoices/customer.server";
import { PaymentReturn } from "~/features/invoices/invoice-page";
import { tokenParam } from "~/lib/ids";
import { privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/return";

export const headers = privatePage;

/**
 * Where Stripe's page sends the payer back: 'Payment received' only once Stripe confirms it
 * (the session is retrieved), 'Processing' for a bank payment on its way.
 */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  return loadReturnPage(tokenParam(params.token), sessionId, context);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Payment", `Your payment to ${company.name}.`);
}

export default function ReturnRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentReturn {...loaderData} />;
}
