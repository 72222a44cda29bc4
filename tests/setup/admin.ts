/**
 * Actors and requests for back-office tests: accounts written straight to the database (a guest,
 * customers, admins with or without TOTP) and router contexts as the session middleware builds them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { RouterContextProvider } from "react-router";
import * as schema from "~/db/schema";
import { db } from "~/lib/db.server";
import { requestContext } from "~/lib/request-context";
import { type SessionUser, userContext } from "~/lib/session.server";
import { type FlashToast, takeToast } from "~/lib/toast.server";

export const ORIGIN = "http://localhost:3000";

/** Creates a verified account (with a live session row) and returns it as the session sees it. */
export async function makeUser(
  email: string,
  options: { admin?: boolean; totp?: boolean; fullName?: string | null; signedInAt?: Date } = {},
): Promise<SessionUser> {
  const id = randomUUID();
  await db.insert(schema.user).values({
    id,
    name: email.split("@")[0] as string,
    email,
    emailVerified: true,
    twoFactorEnabled: options.totp ?? false,
  });
  await db.insert(schema.profiles).values({
    id,
    full_name: options.fullName === undefined ? `Name of ${email}` : options.fullName,
    is_admin: options.admin ?? false,
  });
  const sessionId = randomUUID();
  const signedInAt = options.signedInAt ?? new Date();
  await db.insert(schema.session).values({
    id: sessionId,
    token: randomBytes(16).toString("hex"),
    userId: id,
    createdAt: signedInAt,
    updatedAt: signedInAt,
    expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
  });
  return {
    id,
    email,
    emailVerified: true,
    fullName: options.fullName === undefined ? `Name of ${email}` : options.fullName,
    isAdmin: options.admin ?? false,
    twoFactorEnabled: options.totp ?? false,
    sessionId,
    signedInAt,
  };
}

/** The router context of a request by `user` (null: a guest). */
export function contextFor(user: SessionUser | null): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(requestContext, { clientIp: "192.0.2.50", nonce: "n", requestId: "r" });
  context.set(userContext, user);
  return context;
}

/** A GET request, or a same-origin POST of `form`. */
export function requestTo(path: string, form?: Record<string, string>): Request {
  if (!form) return new Request(new URL(path, ORIGIN));
  const body = new URLSearchParams(form);
  return new Request(new URL(path, ORIGIN), {
    method: "POST",
    body,
    headers: { Origin: ORIGIN, "Content-Type": "application/x-www-form-urlencoded" },
  });
}

export interface Outcome {
  status: number;
  location: string | null;
  /** Set-Cookie lines of a Response */
  setCookie: string;
  /** what a loader or action returned when it was not a Response */
  value: unknown;
}

/** Runs a loader or action and describes what the browser would get (thrown Responses included). */
export async function run(
  fn: (args: never) => unknown,
  args: { request: Request; context: RouterContextProvider; params?: Record<string, string> },
): Promise<Outcome> {
  let result: unknown;
  try {
    result = await fn({ params: {}, ...args } as never);
  } catch (thrown) {
    result = thrown;
  }
  if (result instanceof Response) {
    return {
      status: result.status,
      location: result.headers.get("Location"),
      setCookie: result.headers.getSetCookie().join("\n"),
      value: result,
    };
  }
  const maybeData = result as { type?: string; init?: { status?: number }; data?: unknown } | null;
  if (maybeData && maybeData.type === "DataWithResponseInit") {
    return {
      status: maybeData.init?.status ?? 200,
      location: null,
      setCookie: "",
      value: maybeData.data,
    };
  }
  if (result instanceof Error) throw result;
  return { status: 200, location: null, setCookie: "", value: result };
}

/** The toast a redirect carries, as the next page would read it (null when none). */
export async function toastIn(setCookie: string): Promise<FlashToast | null> {
  const cookie = setCookie
    .split("\n")
    .map((c) => c.split(";")[0])
    .join("; ");
  return (await takeToast(new Request(ORIGIN, { headers: { Cookie: cookie } }))).toast;
}
