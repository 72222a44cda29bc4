/**
 * Who is asking: the signed-in user, read once per request by the root middleware
 * (features/accounts/session-middleware.server.ts), and the guards loaders and actions use.
 * Authorization happens here and in feature functions on the server; anything in the browser
 * is cosmetic.
 */
import { eq } from "drizzle-orm";
import {
  createContext,
  href,
  type MiddlewareFunction,
  type RouterContextProvider,
  redirect,
} from "react-router";
import { profiles, session as sessions } from "../db/schema";
import { db } from "./db.server";
import { pagePath } from "./safe-redirect.server";
import { logSecurityEventFor } from "./security-log.server";
import { redirectWithToast } from "./toast.server";

export interface SessionUser {
  id: string;
  email: string;
  emailVerified: boolean;
  /** profiles.full_name; null until the profile is set up */
  fullName: string | null;
  /** profiles.is_admin: the one source of truth for admin rights */
  isAdmin: boolean;
  twoFactorEnabled: boolean;
  sessionId: string;
  /** when this session was created, i.e. the sign-in (unknown counts as too old for admin) */
  signedInAt?: Date;
}

export const userContext = createContext<SessionUser | null>(null);

/** The signed-in user, or null. */
export function currentUser(context: Readonly<RouterContextProvider>): SessionUser | null {
  return context.get(userContext);
}

/** What every name of better-auth's session cookie contains (`<prefix>.session_token`). */
export const SESSION_COOKIE_MARK = "session_token";

/** The sign-in page's query parameter and value saying a session has just ended. */
export const SESSION_ENDED_PARAM = { name: "session", value: "ended" } as const;

/**
 * Whether `request`, made without a live session, shows the visitor had one: it still carries a
 * session cookie (expired, signed out elsewhere, ended by 'sign out other devices'), or it is a
 * data request or a form post, which only a page rendered while signed in makes (a guest's first
 * visit is a plain GET of the document).
 */
function sessionEndedOn(request: Request): boolean {
  if (request.headers.get("Cookie")?.includes(SESSION_COOKIE_MARK)) return true;
  if (new URL(request.url).pathname.endsWith(".data")) return true;
  return request.method !== "GET" && request.method !== "HEAD";
}

/**
 * The redirect to sign-in that comes back to this page afterwards: the page's own path, never its
 * data URL (`pagePath`), and, when the session has ended rather than never existed, the sign-in
 * page is told to say so (docs/decisions/0129-ended-session-sign-in.md).
 */
export function signInRedirect(request: Request, ended = sessionEndedOn(request)): Response {
  const target = encodeURIComponent(pagePath(new URL(request.url)));
  const notice = ended ? `&${SESSION_ENDED_PARAM.name}=${SESSION_ENDED_PARAM.value}` : "";
  return redirect(`${href("/auth/signin")}?redirectTo=${target}${notice}`);
}

/**
 * The signed-in user; without one, redirects to sign-in, which returns here afterwards.
 * @throws a redirect Response to /auth/signin?redirectTo=<this page> (see `signInRedirect`).
 */
export function requireUser(
  request: Request,
  context: Readonly<RouterContextProvider>,
): SessionUser {
  const user = currentUser(context);
  if (!user) throw signInRedirect(request);
  return user;
}

/** An admin session ends this long after sign-in, however it is used (OWASP ASVS 5.0 V7.3.2). */
export const ADMIN_SESSION_MAX_SECONDS = 12 * 60 * 60;

/** Where an admin without two-factor is sent to turn it on (OWASP ASVS 5.0 V6.3.3). */
export const TWO_FACTOR_SETUP_PATH = "/account/profile";

function adminSessionYoung(user: SessionUser): boolean {
  if (!user.signedInAt) return false;
  return (Date.now() - user.signedInAt.getTime()) / 1000 <= ADMIN_SESSION_MAX_SECONDS;
}

const adminContext = createContext<SessionUser | null>(null);

/**
 * The signed-in admin, checked on the server for every /admin loader, action and resource
 * (SPEC sections 2 and 8). `profiles.is_admin` is read afresh, so a revoked admin is refused at
 * the next request. The result is kept in the request's context, so checking twice costs once.
 * @throws a redirect Response: a guest to /auth/signin?redirectTo=<this page>; a non-admin to /
 *   with 'Access Denied'; a failed check to / with 'Authentication Error' (logged as a security
 *   event); an admin without TOTP to the profile page to turn it on (ASVS V6.3.3); an admin
 *   session older than 12 hours is ended and sent to sign-in.
 */
export async function requireAdmin(
  request: Request,
  context: Readonly<RouterContextProvider>,
): Promise<SessionUser> {
  const checked = context.get(adminContext);
  if (checked) return checked;
  const user = currentUser(context);
  if (!user) throw signInRedirect(request);
  let isAdmin: boolean;
  try {
    const [row] = await db
      .select({ is_admin: profiles.is_admin })
      .from(profiles)
      .where(eq(profiles.id, user.id))
      .limit(1);
    isAdmin = row?.is_admin === true;
  } catch (error) {
    logSecurityEventFor(
      context,
      "admin.check_failed",
      { userId: user.id, path: new URL(request.url).pathname, error: String(error) },
      "error",
    );
    throw await redirectWithToast(href("/"), {
      type: "error",
      title: "Authentication Error",
      description: "There was an error verifying your admin status.",
    });
  }
  if (!isAdmin) {
    logSecurityEventFor(
      context,
      "admin.denied",
      { userId: user.id, path: new URL(request.url).pathname },
      "warn",
    );
    throw await redirectWithToast(href("/"), {
      type: "error",
      title: "Access Denied",
      description: "You don't have admin privileges to access this area.",
    });
  }
  if (!adminSessionYoung(user)) {
    await db.delete(sessions).where(eq(sessions.id, user.sessionId));
    logSecurityEventFor(context, "admin.session_expired", { userId: user.id });
    throw signInRedirect(request, true);
  }
  if (!user.twoFactorEnabled) {
    throw await redirectWithToast(TWO_FACTOR_SETUP_PATH, {
      type: "error",
      title: "Two-factor authentication required",
      description: "Turn on two-factor authentication below to use the admin area.",
    });
  }
  const admin = { ...user, isAdmin: true };
  context.set(adminContext, admin);
  return admin;
}

/**
 * Whether `admin`'s session still exists, has not expired, is under 12 hours old and its user
 * is still an admin: long-lived admin responses (the live event stream) ask this periodically.
 */
export async function adminSessionStillValid(admin: SessionUser): Promise<boolean> {
  if (!adminSessionYoung(admin)) return false;
  const [row] = await db
    .select({ expiresAt: sessions.expiresAt, isAdmin: profiles.is_admin })
    .from(sessions)
    .innerJoin(profiles, eq(profiles.id, sessions.userId))
    .where(eq(sessions.id, admin.sessionId))
    .limit(1);
  return row?.isAdmin === true && row.expiresAt.getTime() > Date.now();
}

/** Route middleware for the /admin layout: every child loader, action and resource is checked. */
export const adminMiddleware: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  await requireAdmin(request, context);
  return next();
};

// the one redirect rule (docs/decisions/0041-one-redirect-rule.md), re-exported where sign-in
// code has always found it
export { safeRedirect } from "./safe-redirect.server";
