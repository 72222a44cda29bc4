/**
 * "Your data" (issue 21 point 6): a signed-in customer downloads everything we hold about them as
 * a ZIP of JSON files and their own files. Each part of the archive is one `ExportSection` in
 * `EXPORT_SECTIONS`: adding what a new feature stores about a customer (e.g. test results) is one
 * more entry there. Nothing secret goes in: no password hash, TOTP secret or backup codes, no
 * session or provider token, no status-link or estimate-link token (only their hashes exist).
 * Another customer's data cannot enter: every query is keyed by the customer's own user id.
 * The retention rule for closing an account: docs/decisions/0154-account-closing-and-retention.md.
 */

import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import {
  account,
  estimate_acceptances,
  estimate_declines,
  estimate_versions,
  estimates,
  mold_assessment_details,
  profiles,
  properties,
  quote_attachments,
  quote_status_history,
  quote_uploads,
  quotes,
  radon_testing_details,
  record_share_links,
  reminder_subscriptions,
  session,
  twoFactor,
  user,
  visits,
  water_filtration_details,
} from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { resultsOf } from "~/features/records/results.server";
import { db } from "~/lib/db.server";
import { logger } from "~/lib/logger.server";
import { createKeyedLimit, type KeyedLimit } from "~/lib/rate-limit.server";
import { storage } from "~/lib/storage.server";

/** A stored file to put in the archive at `path` (bytes read from the file storage by `key`). */
export interface ExportFile {
  path: string;
  storageKey?: string;
  /** bytes held in the database instead (e.g. an estimate's signature image) */
  bytes?: Uint8Array;
  /** already compressed (photos, PDFs, PNG): stored as they are */
  compressed: boolean;
}

/** What one section found: the JSON it writes, and files to add next to it. */
export interface SectionContent {
  data: unknown;
  files?: ExportFile[];
}

/** One JSON file of the archive: its name, what it holds (for README.txt) and how to fill it. */
export interface ExportSection {
  file: string;
  describes: string;
  collect(userId: string): Promise<SectionContent>;
}

const iso = (date: Date | null | undefined) => (date ? date.toISOString() : null);

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
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      profileCreatedAt: iso(row.profileCreatedAt),
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
        createdAt: iso(identity.createdAt),
        updatedAt: iso(identity.updatedAt),
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
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
      expiresAt: iso(row.expiresAt),
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
    data: rows.map(({ user_id: _owner, ...row }) => ({ ...row, created_at: iso(row.created_at) })),
  };
}

/** The customer's quote ids, oldest first. */
async function quoteIdsOf(userId: string): Promise<string[]> {
  const rows = await db
    .select({ id: quotes.id })
    .from(quotes)
    .where(eq(quotes.user_id, userId))
    .orderBy(asc(quotes.created_at));
  return rows.map((row) => row.id);
}

/** A name safe inside the archive: no folders, no leading dot. */
const archiveName = (name: string) => name.replace(/[/\\]/g, "_").replace(/^\.+/, "_") || "file";

/**
 * Quote requests with their service answers, status history (who changed it is named only as
 * 'you' or 'staff') and attached files (added under files/quotes/{reference}/).
 */
async function quotesSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select()
    .from(quotes)
    .where(eq(quotes.user_id, userId))
    .orderBy(asc(quotes.created_at));
  const ids = rows.map((row) => row.id);
  if (ids.length === 0) return { data: [] };
  const [water, mold, radon, history, attached] = await Promise.all([
    db
      .select()
      .from(water_filtration_details)
      .where(inArray(water_filtration_details.quote_id, ids)),
    db.select().from(mold_assessment_details).where(inArray(mold_assessment_details.quote_id, ids)),
    db.select().from(radon_testing_details).where(inArray(radon_testing_details.quote_id, ids)),
    db
      .select()
      .from(quote_status_history)
      .where(inArray(quote_status_history.quote_id, ids))
      .orderBy(asc(quote_status_history.created_at)),
    db
      .select({
        quoteId: quote_attachments.quote_id,
        id: quote_uploads.id,
        kind: quote_uploads.kind,
        name: quote_uploads.original_name,
        contentType: quote_uploads.content_type,
        sizeBytes: quote_uploads.size_bytes,
        storageKey: quote_uploads.storage_key,
        createdAt: quote_uploads.created_at,
      })
      .from(quote_attachments)
      .innerJoin(quote_uploads, eq(quote_uploads.id, quote_attachments.upload_id))
      .where(inArray(quote_attachments.quote_id, ids))
      .orderBy(asc(quote_attachments.position)),
  ]);
  const details = new Map<string, unknown>();
  for (const { quote_id, ...row } of [...water, ...mold, ...radon]) details.set(quote_id, row);
  const files: ExportFile[] = [];
  const data = rows.map(({ user_id: _owner, submission_key: _key, triage_score: _score, ...q }) => {
    const reference = referenceNumber(q.id);
    const used = new Set<string>();
    const quoteFiles = attached
      .filter((file) => file.quoteId === q.id)
      .map((file) => {
        let name = archiveName(file.name);
        if (used.has(name)) name = `${file.id.slice(0, 8)}-${name}`;
        used.add(name);
        const path = `files/quotes/${reference}/${name}`;
        files.push({ path, storageKey: file.storageKey, compressed: true });
        return {
          id: file.id,
          kind: file.kind,
          name: file.name,
          contentType: file.contentType,
          sizeBytes: file.sizeBytes,
          uploadedAt: iso(file.createdAt),
          inThisArchive: path,
        };
      });
    return {
      reference,
      ...q,
      created_at: iso(q.created_at),
      details: details.get(q.id) ?? null,
      statusHistory: history
        .filter((h) => h.quote_id === q.id)
        .map((h) => ({
          status: h.status,
          notes: h.notes,
          changedBy: h.changed_by === userId ? "you" : h.changed_by ? "staff" : null,
          at: iso(h.created_at),
        })),
      files: quoteFiles,
    };
  });
  return { data, files };
}

/**
 * Estimates sent for the customer's quotes: each sent version exactly as shown (drafts are the
 * company's work in progress), the acceptance record (with the signature image under
 * files/estimates/) and any declines.
 */
async function estimatesSection(userId: string): Promise<SectionContent> {
  const ids = await quoteIdsOf(userId);
  if (ids.length === 0) return { data: [] };
  const list = await db.select().from(estimates).where(inArray(estimates.quote_id, ids));
  const estimateIds = list.map((e) => e.id);
  if (estimateIds.length === 0) return { data: [] };
  const [versions, acceptances, declines] = await Promise.all([
    db
      .select()
      .from(estimate_versions)
      .where(
        and(
          inArray(estimate_versions.estimate_id, estimateIds),
          isNotNull(estimate_versions.sent_at),
        ),
      )
      .orderBy(asc(estimate_versions.version)),
    db
      .select()
      .from(estimate_acceptances)
      .where(inArray(estimate_acceptances.estimate_id, estimateIds)),
    db.select().from(estimate_declines).where(inArray(estimate_declines.estimate_id, estimateIds)),
  ]);
  const files: ExportFile[] = [];
  const data = list.map((e) => {
    const reference = referenceNumber(e.quote_id);
    const accepted = acceptances.find((a) => a.estimate_id === e.id);
    let signature: string | null = null;
    if (accepted?.signature_png) {
      signature = `files/estimates/${reference}-signature.png`;
      files.push({ path: signature, bytes: accepted.signature_png, compressed: true });
    }
    return {
      quoteReference: reference,
      status: e.status,
      createdAt: iso(e.created_at),
      firstViewedAt: iso(e.first_viewed_at),
      versions: versions
        .filter((v) => v.estimate_id === e.id)
        .map((v) => ({
          version: v.version,
          sentAt: iso(v.sent_at),
          validUntil: v.valid_until,
          contentSha256: v.content_sha256,
          content: JSON.parse(v.content) as unknown,
        })),
      acceptance: accepted
        ? {
            optionIndex: accepted.option_index,
            optionName: accepted.option_name,
            totalCents: accepted.total_cents,
            signerName: accepted.signer_name,
            signatureImage: signature,
            acceptedAt: iso(accepted.accepted_at),
            clientIp: accepted.client_ip,
            userAgent: accepted.user_agent,
            consentText: accepted.consent_text,
            contentSha256: accepted.content_sha256,
          }
        : null,
      declines: declines
        .filter((d) => d.estimate_id === e.id)
        .map((d) => ({
          reason: d.reason,
          declinedAt: iso(d.declined_at),
          clientIp: d.client_ip,
          userAgent: d.user_agent,
        })),
    };
  });
  return { data, files };
}

/** Assessment visits booked for the customer's quotes (times in UTC). */
async function visitsSection(userId: string): Promise<SectionContent> {
  const ids = await quoteIdsOf(userId);
  if (ids.length === 0) return { data: [] };
  const rows = await db
    .select()
    .from(visits)
    .where(inArray(visits.quote_id, ids))
    .orderBy(asc(visits.starts_at));
  return {
    data: rows.map((v) => ({
      quoteReference: referenceNumber(v.quote_id),
      kind: v.kind,
      startsAt: iso(v.starts_at),
      endsAt: iso(v.ends_at),
      bookedAt: iso(v.created_at),
    })),
  };
}

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
      accountCreatedAt: iso(row?.createdAt),
      emailVerified: row?.emailVerified ?? false,
      twoFactorEnabled: row?.twoFactorEnabled ?? false,
      passwordLastSetAt: iso(password?.updatedAt),
      note: "Security events (sign-ins, failed attempts, changes to your account) are lines of the server's operations log, not stored with your account; ask us if you need them.",
    },
  };
}

/**
 * The record of each of the customer's properties: its test results (a report is one of the
 * quote's files, named by its id as quotes.json lists it) and the share links made for it
 * (dates only: a link's token is not stored, only its hash).
 */
async function recordsSection(userId: string): Promise<SectionContent> {
  const owned = await db
    .select({ id: properties.id, address: properties.address })
    .from(properties)
    .where(eq(properties.user_id, userId))
    .orderBy(asc(properties.created_at));
  const data = await Promise.all(
    owned.map(async (property) => {
      const [results, links] = await Promise.all([
        resultsOf(
          { propertyId: property.id },
          ({ quoteId, fileId }) => `quotes.json: quote ${referenceNumber(quoteId)}, file ${fileId}`,
        ),
        db
          .select({
            createdAt: record_share_links.created_at,
            expiresAt: record_share_links.expires_at,
            revokedAt: record_share_links.revoked_at,
          })
          .from(record_share_links)
          .where(eq(record_share_links.property_id, property.id))
          .orderBy(asc(record_share_links.created_at)),
      ]);
      return {
        propertyAddress: property.address,
        testResults: results,
        shareLinks: links.map((link) => ({
          createdAt: iso(link.createdAt),
          expiresAt: iso(link.expiresAt),
          revokedAt: iso(link.revokedAt),
        })),
      };
    }),
  );
  return { data };
}

/** The reminders the customer chose for their quotes (visit reminders and follow-ups). */
async function remindersSection(userId: string): Promise<SectionContent> {
  const rows = await db
    .select({
      quoteId: reminder_subscriptions.quote_id,
      kind: reminder_subscriptions.kind,
      filterType: reminder_subscriptions.filter_type,
      nextDueAt: reminder_subscriptions.next_due_at,
      lastSentAt: reminder_subscriptions.last_sent_at,
      unsubscribedAt: reminder_subscriptions.unsubscribed_at,
    })
    .from(reminder_subscriptions)
    .innerJoin(quotes, eq(quotes.id, reminder_subscriptions.quote_id))
    .where(eq(quotes.user_id, userId))
    .orderBy(asc(reminder_subscriptions.created_at));
  return {
    data: rows.map(({ quoteId, ...row }) => ({
      quoteReference: referenceNumber(quoteId),
      kind: row.kind,
      filterType: row.filterType,
      nextDueAt: iso(row.nextDueAt),
      lastSentAt: iso(row.lastSentAt),
      unsubscribedAt: iso(row.unsubscribedAt),
    })),
  };
}

/** The archive's parts, in order. A feature storing more about a customer adds one entry. */
export const EXPORT_SECTIONS: readonly ExportSection[] = [
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
  {
    file: "quotes.json",
    describes: "your quote requests, their answers, status history and files (in files/quotes/)",
    collect: quotesSection,
  },
  {
    file: "estimates.json",
    describes: "estimates sent to you, your acceptance (signature in files/estimates/) or declines",
    collect: estimatesSection,
  },
  { file: "visits.json", describes: "assessment visits you booked", collect: visitsSection },
  { file: "reminders.json", describes: "the reminders you chose", collect: remindersSection },
  {
    file: "home-records.json",
    describes: "test results recorded for your properties, and the share links you made",
    collect: recordsSection,
  },
  { file: "security.json", describes: "your account's security record", collect: securitySection },
];

/** Everything the archive will hold for `userId`, gathered before any byte is sent. */
export async function collectYourData(userId: string) {
  const parts = await Promise.all(
    EXPORT_SECTIONS.map(async (section) => ({ section, content: await section.collect(userId) })),
  );
  return parts;
}

const encoder = new TextEncoder();

function readme(exportedAt: Date): string {
  return [
    `Everything we hold about you, exported on ${exportedAt.toISOString()} (UTC).`,
    "",
    ...EXPORT_SECTIONS.map((section) => `${section.file}: ${section.describes}`),
    "files/: the photos and reports you sent with your requests, and your signature image",
    "",
    "Times are UTC (ISO 8601); amounts are in cents (US dollars).",
  ].join("\n");
}

/**
 * The customer's data as a streamed ZIP: README.txt and one JSON file per section first, then
 * their files, each read from the file storage only when the reader has taken what came before
 * (one file in memory at a time). A file missing from the storage is left out and logged. JSON
 * is deflated; photos, PDFs and PNGs are stored as they are.
 */
export async function yourDataZip(
  userId: string,
  now = new Date(),
): Promise<ReadableStream<Uint8Array>> {
  const parts = await collectYourData(userId);
  const files = parts.flatMap(({ content }) => content.files ?? []);
  let zip: Zip | undefined;
  let ended = false;
  let add: (path: string, bytes: Uint8Array, compressed: boolean) => void = () => {};
  return new ReadableStream<Uint8Array>({
    start(controller) {
      const archive = new Zip((error, chunk, final) => {
        if (error) {
          controller.error(error);
          return;
        }
        controller.enqueue(chunk);
        if (final) controller.close();
      });
      zip = archive;
      add = (path, bytes, compressed) => {
        const entry = compressed ? new ZipPassThrough(path) : new ZipDeflate(path, { level: 6 });
        entry.mtime = now;
        archive.add(entry);
        entry.push(bytes, true);
      };
      add("README.txt", encoder.encode(readme(now)), false);
      for (const { section, content } of parts) {
        add(section.file, encoder.encode(JSON.stringify(content.data, null, 2)), false);
      }
    },
    // one file per pull (a missing one is skipped: something must be added, or the end)
    async pull(controller) {
      try {
        for (let file = files.shift(); file; file = files.shift()) {
          const bytes =
            file.bytes ?? (file.storageKey ? await storage().get(file.storageKey) : null);
          if (bytes) {
            add(file.path, bytes, file.compressed);
            return;
          }
          logger().error(
            { path: file.path },
            "a file of a data export is missing from the storage",
          );
        }
        if (!ended) {
          ended = true;
          zip?.end();
        }
      } catch (error) {
        controller.error(error);
      }
    },
    cancel() {
      zip?.terminate();
    },
  });
}

let exportLimit: KeyedLimit | undefined;
/** Data exports per account: 5 an hour (each reads every file the customer sent). */
export function dataExportLimit(): KeyedLimit {
  exportLimit ??= createKeyedLimit("data-export", 5, 60 * 60);
  return exportLimit;
}
