import { customerInvoicePdf } from "~/features/invoices/customer.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/invoice-pdf";

/** The signed-in customer's invoice as a PDF (an invoice of one of their quotes). */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return customerInvoicePdf(user.id, idParam(params.id));
}
