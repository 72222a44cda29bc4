import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { profiles } from "~/db/schema";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import type { FlashToast } from "~/lib/toast.server";
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

/** The toast after the Full Name form is saved (profile setup and Profile Settings). */
export const PROFILE_UPDATED: FlashToast = {
  type: "success",
  title: "Profile Updated",
  description: "Your profile has been successfully updated",
};

/**
 * Saves a Full Name form post for `userId` (null without a session).
 * @returns ok, or the form's reply with the SPEC's message and its status (400/401/500).
 */
export async function submitFullName(
  userId: string | null,
  formData: FormData,
): Promise<
  { ok: true } | { ok: false; status: 400 | 401 | 500; result: SubmissionResult<string[]> }
> {
  const submission = parseWithZod(formData, { schema: fullNameSchema });
  if (!userId) {
    return {
      ok: false,
      status: 401,
      result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED] }),
    };
  }
  if (submission.status !== "success")
    return { ok: false, status: 400, result: submission.reply() };
  try {
    await saveFullName(userId, submission.value.fullName);
    return { ok: true };
  } catch (error) {
    logger().error({ err: error }, "Failed to update profile");
    return {
      ok: false,
      status: 500,
      result: submission.reply({ formErrors: [PROFILE_SAVE_FAILED] }),
    };
  }
}

export const PROFILE_SAVE_FAILED = "Failed to update profile. Please try again.";
