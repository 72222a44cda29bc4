import { accountErrorBoundary } from "~/components/layout/account-error";
import { company } from "~/features/catalog/company";
import { loadCustomerInvoicePage, payCustomerInvoice } from "~/features/invoices/customer.server";
import { InvoicePage } from "~/features/invoices/invoice-page";
import { idParam } from "~/lib/ids";
import { privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/invoice";

export const headers = privatePage;

/** The signed-in customer's invoice (one of their quotes'), with what was paid and 'Pay'. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return loadCustomerInvoicePage(user.id, idParam(params.id));
}

/** 'Pay': opens Stripe's hosted page for the amount typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  return payCustomerInvoice(user.id, idParam(params.id), request, context);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Invoice", `Your invoice from ${company.name}.`);
}

export default function AccountInvoiceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return <InvoicePage page={loaderData} answer={actionData} />;
}

export const ErrorBoundary = accountErrorBoundary(
  { title: "Invoice not found", message: "That invoice is not in your account." },
  "We could not load your invoice. Please try again in a moment.",
);
