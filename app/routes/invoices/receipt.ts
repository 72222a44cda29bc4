import { receiptByToken } from "~/features/invoices/customer.server";
import { idParam, tokenParam } from "~/lib/ids";
import type { Route } from "./+types/receipt";

/** A receipt of a payment on the invoice behind a mailed link, as a PDF download (any time). */
export async function loader({ params, context }: Route.LoaderArgs) {
  return receiptByToken(tokenParam(params.token), idParam(params.fileId), context);
}
