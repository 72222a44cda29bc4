import { create as contentDisposition } from "content-disposition";
import { data } from "react-router";
import { dataExportLimit, yourDataZip } from "~/features/accounts/your-data.server";
import { denverDate } from "~/lib/dates";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { logSecurityEventFor } from "~/lib/security-log.server";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/data-export";

const PRIVATE = { ...PRIVATE_PAGE_HEADERS, "X-Content-Type-Options": "nosniff" } as const;

/**
 * POST /account/data-export: the signed-in customer's data as a ZIP download (the profile's
 * 'Download My Data' form). 5 an hour per account (429 beyond); a guest is sent to sign in.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const user = requireUser(request, context);
  const limited = await dataExportLimit().consume(user.id);
  if (!limited.ok) {
    logSecurityEventFor(
      context,
      "rate_limit.hit",
      { userId: user.id, action: "data-export" },
      "warn",
    );
    throw data("You have downloaded your data several times this hour. Please try again later.", {
      status: 429,
      headers: { ...PRIVATE, "Retry-After": String(limited.retryAfterSeconds) },
    });
  }
  const now = new Date();
  const body = await yourDataZip(user.id, now);
  logSecurityEventFor(context, "account.data_export", { userId: user.id });
  // the customer's calendar day (Utah), not UTC's: a Sunday-evening export is Sunday's
  const day = denverDate(now);
  return new Response(body, {
    headers: {
      ...PRIVATE,
      "Content-Type": "application/zip",
      "Content-Disposition": contentDisposition(`your-data-${day}.zip`),
    },
  });
}
