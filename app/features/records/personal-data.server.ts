/**
 * The records' part of a customer's personal data (app/lib/personal-data.server.ts): the test
 * results and share links of each of their properties. Nothing of its own to do on closing: the
 * saved properties go (the accounts' part) and their share links with them, by their foreign
 * keys; test results belong to their requests, which are kept (decision 0160).
 */
import { asc, eq } from "drizzle-orm";
import { properties, record_share_links } from "~/db/schema";
import { referenceNumber } from "~/features/quotes/reference";
import { db } from "~/lib/db.server";
import { exportTime, type PersonalDataPart, type SectionContent } from "~/lib/personal-data.server";
import { resultsOf } from "./results.server";

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
          createdAt: exportTime(link.createdAt),
          expiresAt: exportTime(link.expiresAt),
          revokedAt: exportTime(link.revokedAt),
        })),
      };
    }),
  );
  return { data };
}

/** The home records of the customer's properties. */
export const recordsPart: PersonalDataPart = {
  name: "records",
  sections: [
    {
      file: "home-records.json",
      describes: "test results recorded for your properties, and the share links you made",
      collect: recordsSection,
    },
  ],
};
