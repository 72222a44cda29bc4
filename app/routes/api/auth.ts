import { auth, authHeaders } from "~/lib/auth.server";
import { requestContext } from "~/lib/request-context";
import type { Route } from "./+types/auth";

/** better-auth's endpoints (/api/auth/*): verification links, password reset links, sessions. */
async function handle({ request, context }: Route.LoaderArgs | Route.ActionArgs) {
  const headers = authHeaders(request, context.get(requestContext).clientIp);
  const body =
    request.method === "GET" || request.method === "HEAD" ? undefined : await request.arrayBuffer();
  return auth().handler(new Request(request.url, { method: request.method, headers, body }));
}

export const loader = handle;
export const action = handle;
