import { invoicePdfResponse } from "~/features/invoices/customer.server";
import { tokenParam } from "~/lib/ids";
import type { Route } from "./+types/pdf";

/** The invoice behind a mailed link as a PDF download. */
export async function loader({ params, context }: Route.LoaderArgs) {
  return invoicePdfResponse(tokenParam(params.token), context);
}
