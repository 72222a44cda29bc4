/**
 * Who may see an estimate, and what they see. Exactly three parties: an admin (every estimate,
 * drafts and audit record included), the quote's owner (a signed-in customer: their own quote's
 * estimate once sent) and the holder of a mailed link (that link's estimate once sent). Anyone
 * else, a crawler or another customer, gets null, which routes answer as 404 (not 403: nothing
 * tells them an estimate exists). Only a SHA-256 of each link's token is stored.
 */
import { randomBytes } from "node:crypto";
import { and, desc, eq, isNotNull, isNull, ne, sql } from "drizzle-orm";
import {
  estimate_acceptances,
  estimate_declines,
  estimate_links,
  estimate_versions,
  estimates,
  quotes,
} from "~/db/schema";
import type { EstimateStatus } from "~/features/catalog/estimate-enums";
import { referenceNumber } from "~/features/quotes/reference";
import { type Database, db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { isId } from "~/lib/ids";
import type { SessionUser } from "~/lib/session.server";
import { type EstimateContent, type EstimateQuoteInfo, sha256Hex } from "./content";
import { isEstimable } from "./statuses";
import { type EstimateViewModel, estimateViewModel, isExpired } from "./view-model";

/** The party acting on an estimate; routes build it with `partyOf` or `linkParty`. */
export type EstimateParty =
  | { role: "admin"; userId: string }
  | { role: "customer"; userId: string }
  | { role: "link"; token: string }
  | { role: "guest" };

/** The party of a session user (null: a guest). Admin rights come from profiles.is_admin. */
export function partyOf(user: SessionUser | null): EstimateParty {
  if (!user) return { role: "guest" };
  return user.isAdmin ? { role: "admin", userId: user.id } : { role: "customer", userId: user.id };
}

/** The party holding the link /estimates/{token}. */
export function linkParty(token: string): EstimateParty {
  return { role: "link", token };
}

type Executor = Pick<Database, "select" | "update" | "insert">;

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/**
 * A fresh link for estimate `estimateId`: 256 bits from the CSPRNG (OWASP ASVS 5.0 V7.2.3 asks
 * for at least 128), the row to insert (its hash) and the absolute URL for the mail.
 */
export function newEstimateLink(estimateId: string): {
  row: typeof estimate_links.$inferInsert;
  url: string;
} {
  const token = randomBytes(32).toString("base64url");
  return {
    row: { token_hash: sha256Hex(token), estimate_id: estimateId },
    url: new URL(`/estimates/${token}`, env().PUBLIC_URL).href,
  };
}

export interface EstimateRef {
  estimateId: string;
  quoteId: string;
  /** admins see drafts and the audit record; the homeowner sees sent versions only */
  staff: boolean;
}

/**
 * The estimate `party` may act on: an admin names it by `quoteId`, the quote's owner by
 * `quoteId` too (their own quote, once a version was sent), a link holder by the link alone
 * (`quoteId`, if given, must match).
 * @returns null for everyone else, unknown ids and malformed tokens.
 */
export async function estimateFor(
  party: EstimateParty,
  quoteId?: string,
  executor: Executor = db,
): Promise<EstimateRef | null> {
  if (quoteId !== undefined && !isId(quoteId)) return null;
  const columns = { estimateId: estimates.id, quoteId: estimates.quote_id };
  let row: { estimateId: string; quoteId: string } | undefined;
  switch (party.role) {
    case "admin":
      if (!quoteId) return null;
      [row] = await executor.select(columns).from(estimates).where(eq(estimates.quote_id, quoteId));
      return row ? { ...row, staff: true } : null;
    case "customer":
      if (!quoteId) return null;
      [row] = await executor
        .select(columns)
        .from(estimates)
        .innerJoin(quotes, eq(quotes.id, estimates.quote_id))
        .where(
          and(
            eq(estimates.quote_id, quoteId),
            eq(quotes.user_id, party.userId),
            ne(estimates.status, "draft"),
          ),
        );
      return row ? { ...row, staff: false } : null;
    case "link":
      if (!TOKEN_PATTERN.test(party.token)) return null;
      [row] = await executor
        .select(columns)
        .from(estimate_links)
        .innerJoin(estimates, eq(estimates.id, estimate_links.estimate_id))
        .where(
          and(eq(estimate_links.token_hash, sha256Hex(party.token)), ne(estimates.status, "draft")),
        );
      if (!row || (quoteId !== undefined && row.quoteId !== quoteId)) return null;
      return { ...row, staff: false };
    default:
      return null;
  }
}

/** A version's stored content, parsed. */
export function parseContent(row: { content: string }): EstimateContent {
  return JSON.parse(row.content) as EstimateContent;
}

/** The newest sent version of `estimateId`, or undefined before the first send. */
export async function newestSentVersion(estimateId: string, executor: Executor = db) {
  const [version] = await executor
    .select()
    .from(estimate_versions)
    .where(and(eq(estimate_versions.estimate_id, estimateId), isNotNull(estimate_versions.sent_at)))
    .orderBy(desc(estimate_versions.version))
    .limit(1);
  return version;
}

/** The request `quoteId` as an estimate shows it (requester, property or ZIP code). */
export async function estimateQuoteInfo(
  quoteId: string,
  executor: Executor = db,
): Promise<
  (EstimateQuoteInfo & { status: string; contact_email: string; contact_first_name: string }) | null
> {
  const [quote] = await executor
    .select({
      id: quotes.id,
      service: quotes.service,
      status: quotes.current_status,
      contact_first_name: quotes.contact_first_name,
      contact_last_name: quotes.contact_last_name,
      contact_email: quotes.contact_email,
      zip_code: quotes.zip_code,
      // the job address as the quote keeps it (the property may since be edited or removed)
      address: quotes.property_address,
      city: quotes.property_city,
      state: quotes.property_state,
      property_zip: quotes.property_zip_code,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!quote) return null;
  return {
    id: quote.id,
    reference: referenceNumber(quote.id),
    service: quote.service,
    status: quote.status,
    contact_email: quote.contact_email,
    contact_first_name: quote.contact_first_name,
    requesterName: `${quote.contact_first_name} ${quote.contact_last_name}`,
    propertyLines: quote.address
      ? [quote.address, `${quote.city}, ${quote.state} ${quote.property_zip}`]
      : [`ZIP code ${quote.zip_code}`],
  };
}

/** What the homeowner sees: the newest version, or only that it expired. */
export type HomeownerEstimate =
  | {
      state: "open";
      view: EstimateViewModel;
      versionId: string;
      /**
       * the version can still be accepted or declined (not expired, accepted or declined, and
       * its request not closed)
       */
      canRespond: boolean;
    }
  | { state: "expired"; reference: string; validUntil: string };

/**
 * The estimate as its homeowner (quote owner or link holder) sees it: always the newest sent
 * version. Records the first view of the estimate and of that version (admins' reads never
 * count) and moves a 'sent' estimate to 'viewed'. A link "expires with the estimate": past the
 * newest version's valid-until day only that fact is shown, unless it was accepted (the signed
 * record stays the homeowner's).
 * @returns null when `party` may not see it (see `estimateFor`).
 */
export async function homeownerEstimate(
  party: EstimateParty,
  quoteId?: string,
  now: Date = new Date(),
): Promise<HomeownerEstimate | null> {
  if (party.role !== "customer" && party.role !== "link") return null;
  const ref = await estimateFor(party, quoteId);
  if (!ref) return null;
  const record = await estimateRecord(ref.estimateId);
  const version = record.newest;
  if (!version) return null;
  const content = parseContent(version);
  if (!record.acceptance && isExpired(version.valid_until, now)) {
    return { state: "expired", reference: content.quote.reference, validUntil: content.validUntil };
  }
  if (!version.first_viewed_at) {
    await recordFirstView(ref.estimateId, version.id, now);
    if (record.status === "sent") record.status = "viewed";
  }
  const view = estimateViewModel(content, recordState(record, version), now);
  const quote = await estimateQuoteInfo(ref.quoteId);
  const open = quote !== null && isEstimable(quote.status);
  return {
    state: "open",
    view,
    versionId: version.id,
    canRespond: open && !record.acceptance && !record.declinedNewest && !view.expired,
  };
}

async function recordFirstView(estimateId: string, versionId: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(estimate_versions)
      .set({ first_viewed_at: now })
      .where(and(eq(estimate_versions.id, versionId), isNull(estimate_versions.first_viewed_at)));
    await tx
      .update(estimates)
      .set({
        first_viewed_at: sql`coalesce(${estimates.first_viewed_at}, ${now.toISOString()}::timestamptz)`,
        status: sql`case when ${estimates.status} = 'sent' then 'viewed'::estimate_status else ${estimates.status} end`,
      })
      .where(eq(estimates.id, estimateId));
  });
}

type VersionRow = typeof estimate_versions.$inferSelect;
type AcceptanceRow = typeof estimate_acceptances.$inferSelect;
type DeclineRow = typeof estimate_declines.$inferSelect;

export interface EstimateRecord {
  status: EstimateStatus;
  createdAt: Date;
  firstViewedAt: Date | null;
  /** every version, newest first (the draft, if any, first of all) */
  versions: VersionRow[];
  newest: VersionRow | undefined;
  acceptance: AcceptanceRow | undefined;
  declines: DeclineRow[];
  /** the newest sent version was declined */
  declinedNewest: DeclineRow | undefined;
}

/** Everything stored about estimate `estimateId` (no access check: callers have done it). */
export async function estimateRecord(estimateId: string): Promise<EstimateRecord> {
  const [[estimate], versions, [acceptance], declines] = await Promise.all([
    db.select().from(estimates).where(eq(estimates.id, estimateId)),
    db
      .select()
      .from(estimate_versions)
      .where(eq(estimate_versions.estimate_id, estimateId))
      .orderBy(desc(estimate_versions.version)),
    db.select().from(estimate_acceptances).where(eq(estimate_acceptances.estimate_id, estimateId)),
    db
      .select()
      .from(estimate_declines)
      .where(eq(estimate_declines.estimate_id, estimateId))
      .orderBy(desc(estimate_declines.declined_at)),
  ]);
  if (!estimate) throw new Error(`estimate ${estimateId} not found`);
  const newest = versions.find((v) => v.sent_at !== null);
  return {
    status: estimate.status,
    createdAt: estimate.created_at,
    firstViewedAt: estimate.first_viewed_at,
    versions,
    newest,
    acceptance,
    declines,
    declinedNewest: newest ? declines.find((d) => d.version_id === newest.id) : undefined,
  };
}

/** The view-model state of `version` within `record` (its acceptance only if it is the signed one). */
export function recordState(record: EstimateRecord, version: VersionRow) {
  const acceptance = record.acceptance?.version_id === version.id ? record.acceptance : undefined;
  const decline = record.declines.find((d) => d.version_id === version.id);
  return {
    status: record.status,
    contentSha256: version.content_sha256,
    acceptance: acceptance
      ? {
          optionIndex: acceptance.option_index,
          signerName: acceptance.signer_name,
          signaturePng: acceptance.signature_png,
          acceptedAt: acceptance.accepted_at,
          contentSha256: acceptance.content_sha256,
        }
      : null,
    decline: decline ? { declinedAt: decline.declined_at, reason: decline.reason } : null,
  };
}
