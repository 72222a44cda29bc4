/**
 * The headers our authentication functions hand better-auth, carrying who is asking: the client
 * address server.ts resolved and the request id (for rate limits and security events).
 */
import type { RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context";
import { authHeaders, CLIENT_IP_HEADER } from "./auth.server";

/** Header carrying our request id to feature functions (set by us; a client's value is replaced). */
export const REQUEST_ID_HEADER = "x-remediation-request-id";

export interface AuthClient {
  clientIp: string | null;
  requestId: string | null;
}

/** better-auth headers for `request`: its cookies, plus our client address and request id. */
export function authRequest(request: Request, context: Readonly<RouterContextProvider>): Headers {
  const info = context.get(requestContext);
  const headers = authHeaders(request, info.clientIp);
  headers.set(REQUEST_ID_HEADER, info.requestId);
  return headers;
}

/** Who sent the request these headers came from (see `authRequest`). */
export function clientOf(headers: Headers): AuthClient {
  return {
    clientIp: headers.get(CLIENT_IP_HEADER),
    requestId: headers.get(REQUEST_ID_HEADER),
  };
}
