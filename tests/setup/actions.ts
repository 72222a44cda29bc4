/** Calling our route actions as a browser's form post would reach them. */
import { randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import { requestContext } from "~/lib/request-context";
import { type SessionUser, userContext } from "~/lib/session.server";
import { formData } from "./forms";

export const ORIGIN = "http://localhost:3000";

type Action = (args: never) => Promise<unknown>;

export interface ActionOutcome {
  status: number;
  /** the action's data (null for a redirect) */
  body: unknown;
  /** the redirect target, for a redirect */
  location: string | null;
  /** the Set-Cookie lines of a redirect */
  setCookies: string[];
}

/**
 * Posts `fields` to the route `action` at `path` as a browser at `ip` would (same-origin, the
 * `cookie` header when given, `user` as the root middleware would have resolved it).
 */
export async function post(
  action: Action,
  path: string,
  fields: Record<string, string>,
  ip: string,
  user: SessionUser | null = null,
  cookie?: string,
): Promise<ActionOutcome> {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: ip, nonce: "n", requestId: `req-${randomUUID()}` });
  context.set(userContext, user);
  const headers = new Headers({ Origin: ORIGIN });
  if (cookie) headers.set("Cookie", cookie);
  const request = new Request(`${ORIGIN}${path}`, {
    method: "POST",
    headers,
    body: formData(fields),
  });
  const outcome = await action({ request, context, params: {} } as never).catch((e: unknown) => e);
  if (outcome instanceof Response) {
    return {
      status: outcome.status,
      body: null,
      location: outcome.headers.get("Location"),
      setCookies: outcome.headers.getSetCookie(),
    };
  }
  const value = outcome as { type?: string; data?: unknown; init?: { status?: number } | null };
  if (value?.type === "DataWithResponseInit") {
    return { status: value.init?.status ?? 200, body: value.data, location: null, setCookies: [] };
  }
  return { status: 200, body: outcome, location: null, setCookies: [] };
}

/** The Cookie header a browser would send back after `setCookies` (expired ones dropped). */
export function cookieHeader(setCookies: string[], previous = ""): string {
  const jar = new Map(
    previous
      .split("; ")
      .filter(Boolean)
      .map((pair) => [pair.split("=")[0] as string, pair]),
  );
  for (const line of setCookies) {
    const pair = line.split(";")[0] as string;
    const name = pair.split("=")[0] as string;
    if (/max-age=0\b/i.test(line) || pair.endsWith("=")) jar.delete(name);
    else jar.set(name, pair);
  }
  return [...jar.values()].join("; ");
}
