import { auth, authHeaders } from "~/features/accounts/auth.server";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/auth";

/**
 * The only better-auth endpoints reachable over HTTP: the links we mail (email verification and
 * the password reset link's token check), both GET. Everything else (sign-in, codes, two-factor)
 * goes through our form actions, which apply our rate limits; it answers 404 here.
 */
const MAILED_LINKS = [/^\/api\/auth\/verify-email$/, /^\/api\/auth\/reset-password\/[^/]+$/];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!MAILED_LINKS.some((path) => path.test(new URL(request.url).pathname))) {
    throw new Response("Not Found", { status: 404 });
  }
  const headers = authHeaders(request, context.get(requestContext).clientIp);
  return auth().handler(new Request(request.url, { method: request.method, headers }));
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}
