/**
 * Closing an account (docs/decisions/0154-account-closing-and-retention.md).
 * The customer proves it is them (their password, or for an account without one a fresh code
 * emailed to them) and types the confirmation word. Then, in one transaction, everything personal
 * is erased: the user row's name, email and mobile number (replaced by a placeholder: the row
 * stays only because the signed acceptance record refers to it), the profile, sign-in methods
 * (password hash, linked providers), two-factor secret and backup codes, sessions, saved
 * properties, pending codes and links, and account mail/texts not about a quote.
 * The business records the company must keep stay, detached from any login: quote requests
 * (user_id null, so the admin pages say 'Closed account'), their status history and files, their
 * test results (the company's lab record, at the request's address), and estimates with their
 * acceptance record (ESIGN). The email can sign up again later as a new account.
 * Each feature does its own share of the erasing (its part in features/personal-data.server.ts,
 * docs/decisions/0190-features-own-their-data.md); this module proves who asks and runs them.
 */
import { createHash, randomInt, randomUUID } from "node:crypto";
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { verify } from "@node-rs/argon2";
import { and, eq, sql } from "drizzle-orm";
import { account, user as users, verification } from "~/db/schema";
import { PERSONAL_DATA_PARTS } from "~/features/personal-data.server";
import { db } from "~/lib/db.server";
import { enqueueAndKick } from "~/lib/outbox.server";
import type { SessionUser } from "~/lib/session.server";
import { company } from "../catalog/company";
import { consumeAuthLimit } from "./auth-limits.server";
import {
  CLOSED_ACCOUNT_DOMAIN,
  CLOSED_ACCOUNT_NAME,
  closeWithCodeSchema,
  closeWithPasswordSchema,
  closingCodeIdentifier,
} from "./close-account-schema";
import { revokeAllSessions } from "./security.server";
import { logAuthEvent } from "./sign-in.server";

/** How long an emailed closing code works. */
export const CLOSING_CODE_MINUTES = 10;

const hashCode = (code: string) => createHash("sha256").update(code).digest("hex");

/** Whether the account signs in with a password (else it confirms with an emailed code). */
export async function hasPassword(userId: string): Promise<boolean> {
  const rows = await db
    .select({ id: account.id })
    .from(account)
    .where(
      and(
        eq(account.userId, userId),
        eq(account.providerId, "credential"),
        sql`password IS NOT NULL`,
      ),
    )
    .limit(1);
  return rows.length > 0;
}

/**
 * Whether the account is staff (an admin, or a feature's part says so, e.g. a visit staff member
 * or one with visits booked to them): those are not closed here, an admin revokes their access
 * first (the schedule and the audit trail name them).
 */
export async function isStaffAccount(user: SessionUser): Promise<boolean> {
  if (user.isAdmin) return true;
  const held = await Promise.all(
    PERSONAL_DATA_PARTS.map((part) => part.keepsOpen?.(user.id) ?? false),
  );
  return held.includes(true);
}

export type CodeSent = { ok: true } | { ok: false; status: 400 | 429; message: string };

/**
 * Emails a fresh 6-digit code (valid CLOSING_CODE_MINUTES) to an account without a password;
 * an earlier code stops working. Limited like the sign-in codes (auth-limits "code-request").
 */
export async function emailClosingCode(user: SessionUser, headers: Headers): Promise<CodeSent> {
  if (await hasPassword(user.id)) {
    return { ok: false, status: 400, message: "Confirm with your password instead." };
  }
  const limited = await consumeAuthLimit("code-request", headers, user.email);
  if (limited) return limited;
  const code = String(randomInt(0, 1_000_000)).padStart(6, "0");
  await db.transaction(async (tx) => {
    await tx
      .delete(verification)
      .where(eq(verification.identifier, closingCodeIdentifier(user.id)));
    await tx.insert(verification).values({
      id: randomUUID(),
      identifier: closingCodeIdentifier(user.id),
      value: hashCode(code),
      expiresAt: new Date(Date.now() + CLOSING_CODE_MINUTES * 60_000),
    });
  });
  await enqueueAndKick([
    {
      kind: "account_close_code",
      to: user.email,
      subject: "Your code to close your account",
      text: [
        `Your code to close your ${company.name} account: ${code}`,
        `It works for ${CLOSING_CODE_MINUTES} minutes.`,
        "If you did not ask to close your account, ignore this email and consider changing how you sign in.",
        "",
        company.name,
      ].join("\n"),
      sensitive: true,
    },
  ]);
  logAuthEvent("account_close.code_sent", headers, { userId: user.id });
  return { ok: true };
}

/** Whether `code` is the account's live closing code (used up when it is). */
async function takeClosingCode(userId: string, code: string): Promise<boolean> {
  const used = await db
    .delete(verification)
    .where(
      and(
        eq(verification.identifier, closingCodeIdentifier(userId)),
        eq(verification.value, hashCode(code)),
        sql`${verification.expiresAt} > now()`,
      ),
    )
    .returning({ id: verification.id });
  return used.length > 0;
}

/** Whether `password` is the account's password (argon2id, as auth.server.ts stores it). */
async function passwordMatches(userId: string, password: string): Promise<boolean> {
  const [row] = await db
    .select({ hash: account.password })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  if (!row?.hash) return false;
  return verify(row.hash, password).catch(() => false);
}

export type CloseOutcome =
  | { ok: true; headers: Headers }
  | { ok: false; status: number; result: SubmissionResult<string[]> };

const hidden = { hideFields: ["password", "code"] };

/**
 * Closes the signed-in `user`'s account after checking the form (password or emailed code, and
 * the typed confirmation). Wrong password or code: 400 with the message next to the field and
 * nothing changed; too many tries 429; a staff account 403.
 * @returns on success the Set-Cookie headers expiring this browser's session cookie
 */
export async function closeAccount(
  user: SessionUser,
  formData: FormData,
  headers: Headers,
): Promise<CloseOutcome> {
  const withPassword = await hasPassword(user.id);
  const submission = withPassword
    ? parseWithZod(formData, { schema: closeWithPasswordSchema })
    : parseWithZod(formData, { schema: closeWithCodeSchema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, result: submission.reply(hidden) };
  }
  if (await isStaffAccount(user)) {
    return {
      ok: false,
      status: 403,
      result: submission.reply({
        ...hidden,
        formErrors: [
          "A staff account cannot be closed here: ask another admin to remove your access first.",
        ],
      }),
    };
  }
  const field = withPassword ? "password" : "code";
  const limited = await consumeAuthLimit(
    withPassword ? "password-confirm" : "code-check",
    headers,
    user.id,
  );
  if (limited) {
    return {
      ok: false,
      status: 429,
      result: submission.reply({ ...hidden, fieldErrors: { [field]: [limited.message] } }),
    };
  }
  const value = submission.value as { password?: string; code?: string };
  const proven = withPassword
    ? await passwordMatches(user.id, value.password ?? "")
    : await takeClosingCode(user.id, value.code ?? "");
  if (!proven) {
    logAuthEvent("account_close.failure", headers, { userId: user.id, method: field }, "warn");
    const message = withPassword
      ? "Incorrect password"
      : "That code is not valid or has expired. Ask for a new one.";
    return {
      ok: false,
      status: 400,
      result: submission.reply({ ...hidden, fieldErrors: { [field]: [message] } }),
    };
  }
  // signed out everywhere first (this browser's cookie expired), then the login is erased
  const cookies = await revokeAllSessions(headers, user.id);
  await eraseAccount(user.id);
  logAuthEvent("account.closed", headers, { userId: user.id });
  return { ok: true, headers: cookies };
}

/**
 * The login row of a closed account: name 'Closed account' and an email `closed-{random}@`
 * CLOSED_ACCOUNT_DOMAIN, which names nobody and can receive nothing. The row stays because the
 * signed acceptance record refers to it and may never change (drizzle/0008's trigger).
 */
export function closedAccountPlaceholder() {
  return {
    name: CLOSED_ACCOUNT_NAME,
    email: `closed-${randomUUID()}@${CLOSED_ACCOUNT_DOMAIN}`,
    emailVerified: false,
    image: null,
    phoneNumber: null,
    phoneNumberVerified: null,
    twoFactorEnabled: false,
  };
}

/**
 * Erases the account `userId` in one transaction (see the module comment): each feature's part
 * closes its share, in the reverse order of PERSONAL_DATA_PARTS (its quotes are detached: kept,
 * user_id and property_id null, their history's changed_by null; its account mail and texts not
 * about a quote, pending codes and links, sessions, sign-in methods, two-factor, saved properties
 * and profile are deleted); then the user row keeps only a placeholder name and email. A part
 * that throws rolls everything back. An unknown `userId` changes nothing.
 */
export async function eraseAccount(userId: string): Promise<void> {
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ email: users.email, phone: users.phoneNumber })
      .from(users)
      .where(eq(users.id, userId));
    if (!row) return;
    const closing = { userId, email: row.email, phone: row.phone ?? null };
    for (const part of [...PERSONAL_DATA_PARTS].reverse()) await part.close?.(tx, closing);
    await tx.update(users).set(closedAccountPlaceholder()).where(eq(users.id, userId));
  });
}
