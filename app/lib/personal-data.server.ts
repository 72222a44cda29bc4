/**
 * What a feature contributes to a customer's personal data (docs/decisions/0190-features-own-their-data.md):
 * its files of the "Your data" archive and its share of closing the account. Each feature that
 * stores something about a customer has one `PersonalDataPart` in its `personal-data.server.ts`;
 * the list app/features/personal-data.server.ts names them all, and accounts only assembles
 * (your-data.server.ts, close-account.server.ts). This module knows no domain.
 */

import { denverIso } from "./dates.server";
import type { Database } from "./db.server";

/** A transaction of `db.transaction` (closing an account is one). */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** A stored file to put in the archive at `path` (bytes read from the file storage by `key`). */
export interface ExportFile {
  path: string;
  storageKey?: string;
  /** bytes held in the database instead (e.g. an estimate's signature image) */
  bytes?: Uint8Array;
  /**
   * or made when the archive reaches it (e.g. a completion report PDF drawn from its record), so
   * the archive still holds one file in memory at a time; null leaves the file out
   */
  make?: () => Promise<Uint8Array | null>;
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
  /** everything of this section about `userId`, keyed by that id alone (never another's data) */
  collect(userId: string): Promise<SectionContent>;
}

/** The account being closed, as it was before: the contact details to find its traces by. */
export interface ClosingAccount {
  userId: string;
  email: string;
  /** the mobile number (E.164), if any */
  phone: string | null;
}

/** One feature's part of a customer's personal data. */
export interface PersonalDataPart {
  /** the feature, e.g. "quotes" */
  name: string;
  /** its JSON files of the archive, in the order README.txt lists them */
  sections: readonly ExportSection[];
  /**
   * Whether this feature's rows keep the account from being closed by its owner (e.g. visits
   * booked to a staff member): an admin removes that access first.
   */
  keepsOpen?(userId: string): Promise<boolean>;
  /**
   * Its share of closing the account, inside the one transaction `tx`: deletes what is personal
   * and detaches (keeps without the person) what the company must keep. Throwing rolls the whole
   * closing back.
   */
  close?(tx: Transaction, account: ClosingAccount): Promise<void>;
}

/** Times in the archive: Utah time with its offset (ISO 8601), as the customer lived them. */
export const exportTime = (date: Date | null | undefined) => (date ? denverIso(date) : null);
