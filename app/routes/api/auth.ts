import { auth, authHeaders } from "~/features/accounts/auth.server";
import { REQUEST_ID_HEADER } from "~/features/accounts/auth-request.server";
import { logProviderCallback } from "~/features/accounts/provider-sign-in.server";
import { verificationLinkAnswer } from "~/features/accounts/sign-in.server";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/auth";

/**
 * The only better-auth endpoints reachable over HTTP, all GET: the links we mail (email
 * verification and the password reset link's token check) and the sign-in providers' callbacks
 * (the browser comes back from Google or the OpenID Provider; the flow was started by our form
 * action, which applied our rate limits). Everything else (sign-in, codes, two-factor) goes
 * through our form actions; it answers 404 here.
 */
const REACHABLE = [
  /^\/api\/auth\/verify-email$/,
  /^\/api\/auth\/reset-password\/[^/]+$/,
  /^\/api\/auth\/callback\/(google|oidc|sso)$/,
];

export async function loader({ request, context }: Route.LoaderArgs) {
  if (!REACHABLE.some((path) => path.test(new URL(request.url).pathname))) {
    throw new Response("Not Found", { status: 404 });
  }
  const info = context.get(requestContext);
  const headers = authHeaders(request, info.clientIp);
  headers.set(REQUEST_ID_HEADER, info.requestId);
  const response = await auth().handler(
    new Request(request.url, { method: request.method, headers }),
  );
  const { pathname } = new URL(request.url);
  if (pathname === "/api/auth/verify-email") return verificationLinkAnswer(response);
  const provider = pathname.match(/^\/api\/auth\/callback\/(\w+)$/)?.[1];
  if (provider) await logProviderCallback(provider, headers, response);
  return response;
}

export function action() {
  throw new Response("Not Found", { status: 404 });
}
