/**
 * "Your data": a signed-in customer downloads everything we hold about them as a ZIP of JSON
 * files and their own files. Each JSON file is one `ExportSection` of a feature's part
 * (features/personal-data.server.ts lists them; docs/decisions/0190-features-own-their-data.md):
 * a new feature storing something about a customer adds its part there, not here. Nothing
 * secret goes in: no password hash, TOTP secret or backup codes, no session or provider token, no
 * status-link or estimate-link token (only their hashes exist).
 * Another customer's data cannot enter: every query is keyed by the customer's own user id.
 * The retention rule for closing an account: docs/decisions/0154-account-closing-and-retention.md.
 */

import { Zip, ZipDeflate, ZipPassThrough } from "fflate";
import { PERSONAL_DATA_PARTS } from "~/features/personal-data.server";
import { denverIso } from "~/lib/dates.server";
import { logger } from "~/lib/logger.server";
import type { ExportSection } from "~/lib/personal-data.server";
import { createKeyedLimit, type KeyedLimit } from "~/lib/rate-limit.server";
import { storage } from "~/lib/storage.server";

/** The archive's JSON files in order: the sections of each part (features/personal-data.server.ts). */
export const EXPORT_SECTIONS: readonly ExportSection[] = PERSONAL_DATA_PARTS.flatMap(
  (part) => part.sections,
);

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
    `Everything we hold about you, exported on ${denverIso(exportedAt)} (Utah time).`,
    "",
    ...EXPORT_SECTIONS.map((section) => `${section.file}: ${section.describes}`),
    "files/: the photos and reports you sent with your requests, your signature images, and the completion reports of your finished jobs",
    "",
    "Times are Utah time (America/Denver) with their offset from UTC (ISO 8601, e.g. 2026-12-06T19:30:00-07:00); amounts are in cents (US dollars).",
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
            file.bytes ??
            (file.make ? await file.make() : null) ??
            (file.storageKey ? await storage().get(file.storageKey) : null);
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
