import { receiveInboundText } from "~/features/messages/inbound.server";
import type { Route } from "./+types/sms";

/** The SMS provider's inbound texts (features/messages/inbound.server.ts): signed posts only. */
export async function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return new Response("Method Not Allowed", { status: 405 });
  return receiveInboundText(request);
}
