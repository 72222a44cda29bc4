/**
 * The accounts' part of a customer's personal data (app/lib/personal-data.server.ts): the login
 * and profile, sign-in methods, signed-in devices and saved properties, and the account's security
 * record; on closing, everything personal of the login goes (decision 0154): pending codes and
 * links, sessions, sign-in methods, two-factor, saved properties, the profile, and account mail
 * and texts not about a quote. The login row itself is replaced by a placeholder last, by
 * eraseAccount (close-account.server.ts).
 */
import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  account,
  mail_outbox,
  profiles,
  properties,
  session,
  twoFactor,
  user,
  verification,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import {
  type ClosingAccount,
  exportTime,
  type PersonalDataPart,
  type SectionContent,
  type Transaction,
} from "~/lib/personal-data.server";
import { closingCodeIdentifier } from "./close-account-schema";

/** The account and profile, without anything secret. */
async function profileSection(userId: string): Promise<SectionContent> {
  const [row] = await db
    .select({
      id: user.id,
      email: user.email,
      emailVerified: user.emailVerified,
      name: user.name,
      image: user.image,
      phoneNumber: user.phoneNumber,
      phoneNumberVerified: user.phoneNumberVerified,
      twoFactorEnabled: user.twoFactorEnabled,
      createdAt: user.createdAt,
      updatedAt: user.updatedAt,
      fullName: profiles.full_name,
      profileCreatedAt: profiles.created_at,
    })
    .from(user)
    .leftJoin(profiles, eq(profiles.id, user.id))
    .where(eq(user.id, userId));
  if (!row) return { data: null };
  return {
    data: {
      id: row.id,
      email: row.email,
      emailVerified: row.emailVerified,
      fullName: row.fullName,
      accountName: row.name,
      image: row.image,
      mobileNumber: row.phoneNumber,
      mobileNumberConfirmed: row.phoneNumberVerified ?? false,
      twoFactorEnabled: row.twoFactorEnabled ?? false,
      createdAt: exportTime(row.createdAt),
      updatedAt: exportTime(row.updatedAt),
      profileCreatedAt: exportTime(row.profileCreatedAt),
    },
  };
}

/** Ways to sign in: password (that one exists, never its hash), linked providers, authenticator. */
async function signInMethodsSection(userId: string): Promise<SectionContent> {
  const [identities, factors] = await Promise.all([
    db
      .select({
        id: account.id,
        providerId: account.providerId,
        accountId: account.accountId,
        scope: account.scope,
        createdAt: account.createdAt,
        updatedAt: account.updatedAt,
      })
      .from(account)
      .where(eq(account.userId, userId))
      .orderBy(asc(account.createdAt)),
    db
      .select({ id: twoFactor.id, verified: twoFactor.verified })
      .from(twoFactor)
      .where(eq(twoFactor.userId, userId)),
  ]);
  return {
    data: {
      identities: identities.map((identity) => ({
        id: identity.id,
        method: identity.providerId === "credential" ? "password" : identity.providerId,
        // the credential row's account id is our own user id; a provider's is its subject
        providerAccountId: identity.providerId === "credential" ? null : identity.accountId,
        scope: identity.scope,
        createdAt: exportTime(identity.createdAt),
        updatedAt: exportTime(identity.updatedAt),
      })),
      twoFactor: factors.map((factor) => ({ type: "totp", verified: factor.verified ?? true })),
    },
  };
}

/** Signed-in devices: when, from where, which browser; never the session token. */
async function sessionsSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select({
      id: session.id,
      createdAt: session.createdAt,
      updatedAt: session.updatedAt,
      expiresAt: session.expiresAt,
      ipAddress: session.ipAddress,
      userAgent: session.userAgent,
    })
    .from(session)
    .where(eq(session.userId, userId))
    .orderBy(asc(session.createdAt));
  return {
    data: rows.map((row) => ({
      ...row,
      createdAt: exportTime(row.createdAt),
      updatedAt: exportTime(row.updatedAt),
      expiresAt: exportTime(row.expiresAt),
    })),
  };
}

/** Saved properties (addresses). */
async function propertiesSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select()
    .from(properties)
    .where(eq(properties.user_id, userId))
    .orderBy(asc(properties.created_at));
  return {
    data: rows.map(({ user_id: _owner, ...row }) => ({
      ...row,
      created_at: exportTime(row.created_at),
    })),
  };
}

/**
 * Erases the login's personal rows of `closing` (see the module comment); quotes and the other
 * company records are detached by their own parts first.
 */
async function closeLogin(tx: Transaction, closing: ClosingAccount): Promise<void> {
  const { userId, email, phone } = closing;
  const toThem = phone
    ? or(sql`lower(${mail_outbox.to_address}) = lower(${email})`, eq(mail_outbox.to_address, phone))
    : sql`lower(${mail_outbox.to_address}) = lower(${email})`;
  await tx.delete(mail_outbox).where(and(isNull(mail_outbox.quote_id), toThem));
  // better-auth's pending links and codes name the account by id or by email / number
  const contains = (column: AnyPgColumn, text: string) =>
    sql`strpos(lower(${column}), ${text.toLowerCase()}) > 0`;
  const named = [
    eq(verification.identifier, closingCodeIdentifier(userId)),
    contains(verification.value, userId),
    contains(verification.identifier, email),
  ];
  if (phone) named.push(contains(verification.identifier, phone));
  await tx.delete(verification).where(or(...named));
  await tx.delete(session).where(eq(session.userId, userId));
  await tx.delete(account).where(eq(account.userId, userId));
  await tx.delete(twoFactor).where(eq(twoFactor.userId, userId));
  await tx.delete(properties).where(eq(properties.user_id, userId));
  await tx.delete(profiles).where(eq(profiles.id, userId));
}

/** The login, its sign-in methods and devices, and its saved properties. */
export const accountPart: PersonalDataPart = {
  name: "accounts",
  sections: [
    { file: "profile.json", describes: "your account and profile", collect: profileSection },
    {
      file: "sign-in-methods.json",
      describes: "how you sign in (password, providers, authenticator), without any secret",
      collect: signInMethodsSection,
    },
    {
      file: "sessions.json",
      describes: "your signed-in devices, without their tokens",
      collect: sessionsSection,
    },
    { file: "properties.json", describes: "your saved properties", collect: propertiesSection },
  ],
  close: closeLogin,
};

/**
 * What the account's security record holds: its own dates and switches (the security events
 * themselves are lines of the server's log, not stored per customer: see README.txt).
 */
async function securitySection(userId: string): Promise<SectionContent> {
  const [row] = await db
    .select({
      createdAt: user.createdAt,
      emailVerified: user.emailVerified,
      twoFactorEnabled: user.twoFactorEnabled,
    })
    .from(user)
    .where(eq(user.id, userId));
  const [password] = await db
    .select({ updatedAt: account.updatedAt })
    .from(account)
    .where(and(eq(account.userId, userId), eq(account.providerId, "credential")));
  return {
    data: {
      accountCreatedAt: exportTime(row?.createdAt),
      emailVerified: row?.emailVerified ?? false,
      twoFactorEnabled: row?.twoFactorEnabled ?? false,
      passwordLastSetAt: exportTime(password?.updatedAt),
      note: "Security events (sign-ins, failed attempts, changes to your account) are lines of the server's operations log, not stored with your account; ask us if you need them.",
    },
  };
}

/** The account's security record (last in the archive; nothing of its own to erase). */
export const securityPart: PersonalDataPart = {
  name: "accounts: security",
  sections: [
    {
      file: "security.json",
      describes: "your account's security record",
      collect: securitySection,
    },
  ],
};
