/**
 * Read-only share links to a property's record: the homeowner makes one for a
 * buyer or an inspector, valid 7, 30 or 90 days, revocable; /records/{token} shows the address,
 * the results and the results' reports, nothing else (no name, email or phone). The token carries
 * 256 bits from the CSPRNG; only its SHA-256 hash is stored, so the full link is shown once, when
 * it is made. docs/decisions/0155-record-share-links.md.
 */
import { createHash, randomBytes } from "node:crypto";
import { and, asc, desc, eq, gt, isNull } from "drizzle-orm";
import { properties, quotes, record_share_links, test_results } from "~/db/schema";
import { fileNotFound, privateFileResponse, readUpload } from "~/features/quotes/files.server";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import { propertyHeading, propertyOfOwner } from "./results.server";
import type { ShareLinkDays } from "./share-schema";

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
const hashToken = (token: string) => createHash("sha256").update(token).digest("hex");

/**
 * A new share link to `userId`'s property `propertyId`, valid `days` days from `now`.
 * @returns the absolute URL (shown once) and its expiry, or null when the property is not theirs
 */
export async function createShareLink(
  userId: string,
  propertyId: string,
  days: ShareLinkDays,
  now = new Date(),
): Promise<{ url: string; expiresAt: Date } | null> {
  const property = await propertyOfOwner(userId, propertyId);
  if (!property) return null;
  const token = randomBytes(32).toString("base64url");
  const expiresAt = new Date(now.getTime() + days * 24 * 60 * 60 * 1000);
  await db.insert(record_share_links).values({
    property_id: property.id,
    token_hash: hashToken(token),
    expires_at: expiresAt,
    created_at: now,
  });
  return { url: new URL(`/records/${token}`, env().PUBLIC_URL).href, expiresAt };
}

/** The live (not revoked, not expired) share links of the owner's property, newest first. */
export async function liveShareLinks(userId: string, propertyId: string, now = new Date()) {
  if (!isId(propertyId)) return [];
  return db
    .select({
      id: record_share_links.id,
      createdAt: record_share_links.created_at,
      expiresAt: record_share_links.expires_at,
    })
    .from(record_share_links)
    .innerJoin(properties, eq(properties.id, record_share_links.property_id))
    .where(
      and(
        eq(record_share_links.property_id, propertyId),
        eq(properties.user_id, userId),
        isNull(record_share_links.revoked_at),
        gt(record_share_links.expires_at, now),
      ),
    )
    .orderBy(desc(record_share_links.created_at));
}

/** Revokes one share link of the owner's property; false when it is not theirs or already gone. */
export async function revokeShareLink(
  userId: string,
  propertyId: string,
  linkId: string,
): Promise<boolean> {
  if (!isId(linkId) || !(await propertyOfOwner(userId, propertyId))) return false;
  const rows = await db
    .update(record_share_links)
    .set({ revoked_at: new Date() })
    .where(
      and(
        eq(record_share_links.id, linkId),
        eq(record_share_links.property_id, propertyId),
        isNull(record_share_links.revoked_at),
      ),
    )
    .returning({ id: record_share_links.id });
  return rows.length === 1;
}

/**
 * The property a share link opens and what the shared page may show of it (the address only),
 * or null for a malformed, unknown, expired or revoked token.
 */
export async function propertyByShareToken(token: string, now = new Date()) {
  if (!TOKEN_PATTERN.test(token)) return null;
  const [row] = await db
    .select({ ...propertyHeading, expiresAt: record_share_links.expires_at })
    .from(record_share_links)
    .innerJoin(properties, eq(properties.id, record_share_links.property_id))
    .where(
      and(
        eq(record_share_links.token_hash, hashToken(token)),
        isNull(record_share_links.revoked_at),
        gt(record_share_links.expires_at, now),
      ),
    )
    .orderBy(asc(record_share_links.created_at))
    .limit(1);
  return row ?? null;
}

/**
 * GET /records/{token}/files/{fileId}: a result's lab report of the shared property, with the
 * private file headers; 404 for anything else (a quote's photo, another property's report, a dead
 * link).
 */
export async function sharedReportResponse(token: string, fileId: string): Promise<Response> {
  const property = await propertyByShareToken(token);
  if (!property || !isId(fileId)) return fileNotFound();
  const [report] = await db
    .select({ id: test_results.report_upload_id })
    .from(test_results)
    .innerJoin(quotes, eq(quotes.id, test_results.quote_id))
    .where(and(eq(quotes.property_id, property.id), eq(test_results.report_upload_id, fileId)))
    .limit(1);
  return privateFileResponse(report ? await readUpload(fileId, "file") : null);
}
