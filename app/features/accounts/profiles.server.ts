import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { profiles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { redirectWithToast } from "~/lib/toast.server";
import { fullNameSchema } from "./schemas";

export interface Profile {
  id: string;
  full_name: string | null;
  is_admin: boolean;
  created_at: Date;
}

/** The profile of user `userId`, or null before it is set up. */
export async function getProfile(userId: string): Promise<Profile | null> {
  const [row] = await db.select().from(profiles).where(eq(profiles.id, userId)).limit(1);
  return row ?? null;
}

/**
 * Sets the full name of `userId`'s own profile, creating the profile on first use.
 * Never touches is_admin (only `npm run admin:grant` does).
 */
export async function saveFullName(userId: string, fullName: string): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, full_name: fullName })
    .onConflictDoUpdate({ target: profiles.id, set: { full_name: fullName } });
}

/** Grants or revokes admin rights; `profiles.is_admin` is the one source of truth for them. */
export async function setAdmin(userId: string, isAdmin: boolean): Promise<void> {
  await db
    .insert(profiles)
    .values({ id: userId, is_admin: isAdmin })
    .onConflictDoUpdate({ target: profiles.id, set: { is_admin: isAdmin } });
}

/**
 * Handles a Full Name form post for `userId` (null without a session). Success redirects to
 * /account/profile with 'Profile Updated'; failures keep the SPEC's message on the form.
 */
export async function submitFullName(
  userId: string | null,
  formData: FormData,
): Promise<{ status: 200 } | { status: 400 | 401 | 500; result: SubmissionResult<string[]> }> {
  const submission = parseWithZod(formData, { schema: fullNameSchema });
  if (!userId) {
    return { status: 401, result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED] }) };
  }
  if (submission.status !== "success") return { status: 400, result: submission.reply() };
  try {
    await saveFullName(userId, submission.value.fullName);
    return { status: 200 };
  } catch (error) {
    logger().error({ err: error }, "Failed to update profile");
    return { status: 500, result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED] }) };
  }
}

export const PROFILE_SAVE_FAILED = "Failed to update profile. Please try again.";

/**
 * The Full Name form's action (profile setup and Profile Settings): saves and redirects to
 * /account/profile with 'Profile Updated', or answers the form's errors.
 */
export async function fullNameAction(userId: string | null, formData: FormData) {
  const outcome = await submitFullName(userId, formData);
  if (outcome.status !== 200) return data(outcome.result, outcome.status);
  return redirectWithToast("/account/profile", {
    type: "success",
    title: "Profile Updated",
    description: "Your profile has been successfully updated",
  });
}
