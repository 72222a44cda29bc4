/**
 * The quotes' part of a customer's personal data (app/lib/personal-data.server.ts): the quote
 * requests with their answers, status history and files. On closing they are kept for the
 * company and detached from the person (decision 0154): no login, no saved property, and the
 * history no longer names the login.
 */
import { asc, eq, inArray } from "drizzle-orm";
import {
  mold_assessment_details,
  quote_status_history,
  quotes,
  radon_testing_details,
  water_filtration_details,
} from "~/db/schema";
import { db } from "~/lib/db.server";
import {
  type ClosingAccount,
  type ExportFile,
  exportTime,
  type PersonalDataPart,
  type SectionContent,
  type Transaction,
} from "~/lib/personal-data.server";
import { attachedUploads } from "./files.server";
import { referenceNumber } from "./reference";

/** A name safe inside the archive: no folders, no leading dot. */
const archiveName = (name: string) => name.replace(/[/\\]/g, "_").replace(/^\.+/, "_") || "file";

/**
 * Quote requests with their service answers, status history (who changed it is named only as
 * 'you' or 'staff'; a row without a person is the requester's own, e.g. a request sent as a guest
 * and claimed later; the staff's notes are internal and never exported) and attached files
 * (added under files/quotes/{reference}/).
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
    attachedUploads(ids),
  ]);
  const details = new Map<string, unknown>();
  for (const { quote_id, ...row } of [...water, ...mold, ...radon]) details.set(quote_id, row);
  const files: ExportFile[] = [];
  const data = rows.map(({ user_id: _owner, submission_key: _key, triage_score: _score, ...q }) => {
    const reference = referenceNumber(q.id);
    const used = new Set<string>();
    const quoteFiles = attached
      .filter((file) => file.quoteId === q.id)
      .map(({ upload: file }) => {
        let name = archiveName(file.original_name);
        if (used.has(name)) name = `${file.id.slice(0, 8)}-${name}`;
        used.add(name);
        const path = `files/quotes/${reference}/${name}`;
        files.push({ path, storageKey: file.storage_key, compressed: true });
        return {
          id: file.id,
          kind: file.kind,
          name: file.original_name,
          contentType: file.content_type,
          sizeBytes: file.size_bytes,
          uploadedAt: exportTime(file.created_at),
          inThisArchive: path,
        };
      });
    return {
      reference,
      ...q,
      created_at: exportTime(q.created_at),
      details: details.get(q.id) ?? null,
      statusHistory: history
        .filter((h) => h.quote_id === q.id)
        .map((h) => ({
          status: h.status,
          changedBy: h.changed_by && h.changed_by !== userId ? "staff" : "you",
          at: exportTime(h.created_at),
        })),
      files: quoteFiles,
    };
  });
  return { data, files };
}

/** Keeps the account's quotes without the person: user_id and property_id null, history unnamed. */
async function detachQuotes(tx: Transaction, { userId }: ClosingAccount): Promise<void> {
  await tx
    .update(quotes)
    .set({ user_id: null, property_id: null })
    .where(eq(quotes.user_id, userId));
  // the request's own history entries ('pending' when sent) no longer name the login
  await tx
    .update(quote_status_history)
    .set({ changed_by: null })
    .where(eq(quote_status_history.changed_by, userId));
}

/** Quote requests: exported with their files; kept and detached on closing. */
export const quotesPart: PersonalDataPart = {
  name: "quotes",
  sections: [
    {
      file: "quotes.json",
      describes: "your quote requests, their answers, status history and files (in files/quotes/)",
      collect: quotesSection,
    },
  ],
  close: detachQuotes,
};
