import { company } from "~/features/catalog/company";
import { loadCustomerReturnPage } from "~/features/invoices/customer.server";
import { PaymentReturn } from "~/features/invoices/invoice-page";
import { idParam } from "~/lib/ids";
import { privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/invoice-return";

export const headers = privatePage;

/** Where Stripe's page sends a signed-in payer back (see routes/invoices/return.tsx). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  const sessionId = new URL(request.url).searchParams.get("session_id") ?? "";
  return loadCustomerReturnPage(user.id, idParam(params.id), sessionId);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Payment", `Your payment to ${company.name}.`);
}

export default function AccountInvoiceReturnRoute({ loaderData }: Route.ComponentProps) {
  return <PaymentReturn {...loaderData} />;
}
