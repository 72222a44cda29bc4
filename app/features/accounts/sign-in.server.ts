/**
 * Signing in and up through better-auth, with the SPEC's messages (section 8) for its answers.
 */
import { APIError } from "better-auth/api";
import { sql } from "drizzle-orm";
import { user as users } from "~/db/schema";
import { auth } from "~/lib/auth.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";

export type AuthFailure = { status: number; message: string; unverified?: boolean };

function failure(error: unknown, fallback: string): AuthFailure {
  if (error instanceof APIError) {
    const code = (error.body as { code?: string } | undefined)?.code;
    if (code === "EMAIL_NOT_VERIFIED") {
      return {
        status: 403,
        message: "Please verify your email address before signing in",
        unverified: true,
      };
    }
    if (code === "INVALID_EMAIL_OR_PASSWORD")
      return { status: 401, message: "Invalid email or password" };
    if (code?.startsWith("USER_ALREADY_EXISTS")) {
      return { status: 409, message: "An account with this email already exists" };
    }
    if (error.statusCode === 429) {
      return { status: 429, message: "Too many attempts. Please wait a minute and try again." };
    }
    return { status: error.statusCode || 400, message: fallback };
  }
  logger().error({ err: error }, "authentication failed unexpectedly");
  return { status: 500, message: "An unexpected error occurred. Please try again." };
}

/**
 * Signs in with email and password.
 * @returns the user id and the session cookies to set, or the SPEC's failure message.
 */
export async function signIn(
  email: string,
  password: string,
  headers: Headers,
): Promise<{ ok: true; userId: string; headers: Headers } | ({ ok: false } & AuthFailure)> {
  try {
    const result = await auth().api.signInEmail({
      body: { email, password },
      headers,
      returnHeaders: true,
    });
    const body = result.response as { user?: { id: string } };
    if (!body.user)
      return { ok: false, status: 400, message: "Unable to sign in. Please try again." };
    return { ok: true, userId: body.user.id, headers: result.headers };
  } catch (error) {
    return { ok: false, ...failure(error, "Unable to sign in. Please try again.") };
  }
}

/**
 * Creates an account and mails its verification link. The SPEC wants an existing email named
 * as such ('An account with this email already exists'; docs/decisions.md), which better-auth
 * hides when verification is required, so we look first.
 */
export async function signUp(
  email: string,
  password: string,
  headers: Headers,
): Promise<{ ok: true } | ({ ok: false } & AuthFailure)> {
  try {
    const [existing] = await db
      .select({ id: users.id })
      .from(users)
      .where(sql`lower(${users.email}) = lower(${email})`)
      .limit(1);
    if (existing)
      return { ok: false, status: 409, message: "An account with this email already exists" };
    await auth().api.signUpEmail({
      body: { email, password, name: email.split("@")[0] ?? email, callbackURL: "/account/setup" },
      headers,
    });
    return { ok: true };
  } catch (error) {
    return { ok: false, ...failure(error, "Unable to create account. Please try again.") };
  }
}
