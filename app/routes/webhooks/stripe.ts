import { receiveStripeWebhook } from "~/features/invoices/webhooks.server";
import type { Route } from "./+types/stripe";

/**
 * POST /webhooks/stripe: Stripe's events, read as the raw body (nothing parses it before: the
 * signature covers its exact bytes) and checked by the SDK in features/invoices.
 */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") {
    return new Response(null, { status: 405, headers: { Allow: "POST" } });
  }
  const answer = await receiveStripeWebhook(
    await request.text(),
    request.headers.get("Stripe-Signature"),
  );
  return new Response(answer.body, {
    status: answer.status,
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}
