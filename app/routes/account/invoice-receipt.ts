import { customerReceipt } from "~/features/invoices/customer.server";
import { idParam } from "~/lib/ids";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/invoice-receipt";

/** A receipt of the signed-in customer's invoice as a PDF, downloadable at any time. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  const user = requireUser(request, context);
  return customerReceipt(user.id, idParam(params.id), idParam(params.fileId));
}
