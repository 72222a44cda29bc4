/**
 * The estimates' part of a customer's personal data (app/lib/personal-data.server.ts): the
 * estimates sent for their quotes. On closing nothing changes here: an estimate belongs to its
 * quote (kept, detached by the quotes' part) and the signed acceptance record may never change
 * (ESIGN, decision 0154); it names the login row, which keeps only a placeholder.
 */
import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import {
  estimate_acceptances,
  estimate_declines,
  estimate_versions,
  estimates,
  quotes,
} from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { db } from "~/lib/db.server";
import {
  type ExportFile,
  exportTime,
  type PersonalDataPart,
  type SectionContent,
} from "~/lib/personal-data.server";

/** The customer's quotes, as a subquery of their ids. */
const quoteIdsOf = (userId: string) =>
  db.select({ id: quotes.id }).from(quotes).where(eq(quotes.user_id, userId));

/**
 * Estimates sent for the customer's quotes: each sent version exactly as shown (drafts are the
 * company's work in progress), the acceptance record (with the signature image under
 * files/estimates/) and any declines.
 */
async function estimatesSection(userId: string): Promise<SectionContent> {
  const list = await db
    .select()
    .from(estimates)
    .where(inArray(estimates.quote_id, quoteIdsOf(userId)));
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
      createdAt: exportTime(e.created_at),
      firstViewedAt: exportTime(e.first_viewed_at),
      versions: versions
        .filter((v) => v.estimate_id === e.id)
        .map((v) => ({
          version: v.version,
          sentAt: exportTime(v.sent_at),
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
            acceptedAt: exportTime(accepted.accepted_at),
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
          declinedAt: exportTime(d.declined_at),
          clientIp: d.client_ip,
          userAgent: d.user_agent,
        })),
    };
  });
  return { data, files };
}

/** Estimates sent to the customer, with their acceptance (signature image) or declines. */
export const estimatesPart: PersonalDataPart = {
  name: "estimates",
  sections: [
    {
      file: "estimates.json",
      describes:
        "estimates sent to you, your acceptance (signature in files/estimates/) or declines",
      collect: estimatesSection,
    },
  ],
};
