import { errorBoundary } from "~/components/layout/error-page";
import { company } from "~/features/catalog/company";
import { loadInvoicePage, payInvoice } from "~/features/invoices/customer.server";
import { InvoicePage } from "~/features/invoices/invoice-page";
import { tokenParam } from "~/lib/ids";
import { privatePage } from "~/lib/private-page";
import { privatePageMeta } from "~/lib/seo";
import type { Route } from "./+types/invoice";

export const headers = privatePage;

/** The invoice behind a mailed link, with what was paid and how to pay the rest. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return loadInvoicePage(tokenParam(params.token), context);
}

/** 'Pay': opens Stripe's hosted page for the amount typed. */
export async function action({ request, params, context }: Route.ActionArgs) {
  return payInvoice(tokenParam(params.token), request, context);
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(args, "Your Invoice", `Your invoice from ${company.name}.`);
}

export default function InvoiceRoute({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InvoicePage page={loaderData} answer={actionData} className="mx-auto max-w-3xl px-4 py-10" />
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: {
    title: "Invoice not found",
    message: "This link does not match an invoice. Please use the newest link from our emails.",
  },
  failed: "We could not load your invoice. Please try again in a moment.",
});
