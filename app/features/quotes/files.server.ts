/**
 * Files attached to quote requests (docs/decisions/0149-quote-files.md).
 *
 * - Checked by content, never by name or declared type (file-type reads the signature): photos
 *   are JPEG, PNG, WebP or HEIC (decoded by heic-decode: the prebuilt libvips reads AVIF but not
 *   HEVC), re-encoded by sharp to JPEG at most 2560 px on the long side with EXIF orientation
 *   applied and every piece of metadata (EXIF with GPS, XMP, IPTC) dropped, plus a 320 px WebP
 *   thumbnail; reports are PDFs that pdf-lib parses, unencrypted, with at least one page, stored
 *   as sent. At most 15 MB each.
 * - Upload first, attach in the quote's statement: a file's bytes go to the storage
 *   (`requests/<upload id>/...`), then its `quote_uploads` row is written (pending); the quote's
 *   single insert statement adds the `quote_attachments` rows. Pending uploads older than 24 hours
 *   and stored files without a row (a crash between the two writes) are swept.
 */
import { randomUUID } from "node:crypto";
import { create as contentDisposition } from "content-disposition";
import { and, asc, eq, gt, inArray, lt, notExists, sql } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import decodeHeic from "heic-decode";
import { PDFDocument } from "pdf-lib";
import sharp, { type Sharp } from "sharp";
import { customer_messages } from "~/db/messages-schema";
import { quote_attachments, quote_uploads, quotes } from "~/db/schema";
import { db } from "~/lib/db.server";
import { isId } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { PRIVATE_PAGE_HEADERS } from "~/lib/private-page";
import { createRateLimit, type RateLimit } from "~/lib/rate-limit.server";
import { storage } from "~/lib/storage.server";
import {
  QUOTE_FILE_FIELDS,
  QUOTE_FILE_LIMITS,
  QUOTE_FILE_MAX_BYTES,
  QUOTE_FILE_MESSAGES,
  type QuoteFileKind,
  type QuoteFileView,
  type QuoteUploadAnswer,
  UPLOADED_FILE_FIELD,
} from "./files";
import { SUBMISSION_KEY_FIELD } from "./submission-key";

/** Photos larger than this many pixels are refused before decoding (a decompression bomb). */
export const PHOTO_MAX_PIXELS = 60_000_000;
/** The stored photo's longest side, in pixels (never enlarged). */
export const PHOTO_MAX_SIDE = 2560;
/** The thumbnail's longest side, in pixels. */
export const THUMBNAIL_SIDE = 320;
/** Pending uploads (and stray files) older than this are swept. */
export const PENDING_MAX_AGE_MS = 24 * 60 * 60 * 1000;
/** A pending upload older than this is no longer attached (an hour's margin before the sweep). */
export const ATTACH_MAX_AGE_MS = 23 * 60 * 60 * 1000;
/** Most uploads one form render may make (the limits twice over: files removed and chosen again). */
const UPLOADS_PER_FORM = 2 * (QUOTE_FILE_LIMITS.photo + QUOTE_FILE_LIMITS.report);
/** The storage folder of request files. */
const FOLDER = "requests/";

const PHOTO_TYPES = new Set(["image/jpeg", "image/png", "image/webp", "image/heic", "image/heif"]);

export type FileRefusal = { ok: false; status: 400 | 413 | 429; message: string };

interface ProcessedFile {
  contentType: "image/jpeg" | "application/pdf";
  extension: "jpg" | "pdf";
  body: Buffer;
  thumbnail: Buffer | null;
  width: number | null;
  height: number | null;
}

const refuse = (message: string, status: 400 | 413 = 400): FileRefusal => ({
  ok: false,
  status,
  message,
});

/**
 * The name shown for a file: its last path segment, control characters removed, at most 120
 * characters (the extension kept), "file" when nothing is left.
 */
export function cleanFileName(name: string): string {
  const base = (name.split(/[\\/]/).pop() ?? "")
    // biome-ignore lint/suspicious/noControlCharactersInRegex: removing control characters is the point
    .replace(/[\u0000-\u001f\u007f-\u009f"]/g, "")
    .trim();
  if (!base) return "file";
  if (base.length <= 120) return base;
  const dot = base.lastIndexOf(".");
  const extension = dot > 0 && base.length - dot <= 10 ? base.slice(dot) : "";
  return base.slice(0, 120 - extension.length) + extension;
}

/** A photo's pixels, HEIC decoded to raw RGBA first; null when the bytes are no readable photo. */
async function photoInput(bytes: Buffer, mime: string): Promise<Sharp | "pixels" | null> {
  const options = { limitInputPixels: PHOTO_MAX_PIXELS, failOn: "error" as const };
  if (mime === "image/heic" || mime === "image/heif") {
    const image = await decodeHeic({ buffer: bytes }).catch(() => null);
    if (!image) return null;
    if (image.width * image.height > PHOTO_MAX_PIXELS) return "pixels";
    // libheif applies the file's rotation and mirroring while decoding
    return sharp(Buffer.from(image.data.buffer), {
      ...options,
      raw: { width: image.width, height: image.height, channels: 4 },
    });
  }
  const meta = await sharp(bytes, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  // the decoder must agree with the signature (a PNG body named and typed as JPEG is fine; a
  // signature over some other payload is not)
  if (!meta?.width || !meta.height || `image/${meta.format}` !== mime) return null;
  if (meta.width * meta.height > PHOTO_MAX_PIXELS) return "pixels";
  return sharp(bytes, { ...options, autoOrient: true, pages: 1 });
}

/**
 * Checks one file by its content and makes what is stored (module comment).
 * @returns the bytes to store (and a photo's thumbnail), or the refusal naming the file
 */
export async function processQuoteFile(
  kind: QuoteFileKind,
  file: File,
): Promise<{ ok: true; file: ProcessedFile } | FileRefusal> {
  const name = cleanFileName(file.name);
  if (file.size > QUOTE_FILE_MAX_BYTES) return refuse(QUOTE_FILE_MESSAGES.tooLarge(name), 413);
  const bytes = Buffer.from(await file.arrayBuffer());
  const type = await fileTypeFromBuffer(bytes).catch(() => undefined);
  if (kind === "report") {
    if (type?.mime !== "application/pdf") return refuse(QUOTE_FILE_MESSAGES.notPdf(name));
    let pdf: PDFDocument;
    try {
      // read even when encrypted (pdf-lib would throw an error of its own), to say so
      pdf = await PDFDocument.load(bytes, {
        ignoreEncryption: true,
        updateMetadata: false,
        throwOnInvalidObject: true,
      });
      if (pdf.getPageCount() < 1) return refuse(QUOTE_FILE_MESSAGES.unreadablePdf(name));
    } catch {
      return refuse(QUOTE_FILE_MESSAGES.unreadablePdf(name));
    }
    if (pdf.isEncrypted) return refuse(QUOTE_FILE_MESSAGES.encryptedPdf(name));
    return {
      ok: true,
      file: {
        contentType: "application/pdf",
        extension: "pdf",
        body: bytes,
        thumbnail: null,
        width: null,
        height: null,
      },
    };
  }
  if (!type || !PHOTO_TYPES.has(type.mime)) return refuse(QUOTE_FILE_MESSAGES.notPhoto(name));
  const input = await photoInput(bytes, type.mime);
  if (input === "pixels") return refuse(QUOTE_FILE_MESSAGES.tooManyPixels(name));
  if (!input) return refuse(QUOTE_FILE_MESSAGES.unreadablePhoto(name));
  try {
    // sharp writes no metadata unless asked (keepMetadata/withExif): EXIF, GPS, XMP, IPTC and
    // the colour profile are dropped; colours are converted to sRGB first
    const { data, info } = await input
      .toColourspace("srgb")
      .resize({
        width: PHOTO_MAX_SIDE,
        height: PHOTO_MAX_SIDE,
        fit: "inside",
        withoutEnlargement: true,
      })
      .removeAlpha()
      .jpeg({ quality: 82, mozjpeg: false })
      .toBuffer({ resolveWithObject: true });
    const thumbnail = await sharp(data)
      .resize({ width: THUMBNAIL_SIDE, height: THUMBNAIL_SIDE, fit: "inside" })
      .webp({ quality: 70 })
      .toBuffer();
    return {
      ok: true,
      file: {
        contentType: "image/jpeg",
        extension: "jpg",
        body: data,
        thumbnail,
        width: info.width,
        height: info.height,
      },
    };
  } catch {
    return refuse(QUOTE_FILE_MESSAGES.unreadablePhoto(name));
  }
}

/** A stored, not yet attached upload, as the form refers to it. */
export interface PendingUpload {
  id: string;
  kind: QuoteFileKind;
  name: string;
}

/**
 * Checks, processes and stores one file for the form render `submissionKey`: the bytes (and a
 * thumbnail) to the storage first, then the pending `quote_uploads` row. A refusal stores nothing.
 * @throws the storage's or the database's error (a file written before a failed row is swept)
 */
export async function storeQuoteUpload(
  kind: QuoteFileKind,
  file: File,
  submissionKey: string,
): Promise<{ ok: true; upload: PendingUpload } | FileRefusal> {
  const [{ count } = { count: 0 }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(quote_uploads)
    .where(eq(quote_uploads.submission_key, submissionKey));
  if (count >= UPLOADS_PER_FORM) return refuse(QUOTE_FILE_MESSAGES.tooMany(kind));
  const processed = await processQuoteFile(kind, file);
  if (!processed.ok) return processed;
  const { file: stored } = processed;
  const id = randomUUID();
  const storageKey = `${FOLDER}${id}/${kind}.${stored.extension}`;
  const thumbnailKey = stored.thumbnail ? `${FOLDER}${id}/thumbnail.webp` : null;
  const name = cleanFileName(file.name);
  await storage().put(storageKey, stored.body, stored.contentType);
  if (thumbnailKey && stored.thumbnail)
    await storage().put(thumbnailKey, stored.thumbnail, "image/webp");
  await db.insert(quote_uploads).values({
    id,
    submission_key: submissionKey,
    kind,
    original_name: name,
    content_type: stored.contentType,
    size_bytes: stored.body.byteLength,
    storage_key: storageKey,
    thumbnail_key: thumbnailKey,
    width: stored.width,
    height: stored.height,
  });
  return { ok: true, upload: { id, kind, name } };
}

/** The condition on `quote_uploads`: no quote carries the upload (it is still pending). */
const notAttached = () =>
  notExists(
    db
      .select({ one: sql`1` })
      .from(quote_attachments)
      .where(eq(quote_attachments.upload_id, quote_uploads.id)),
  );

/**
 * The pending uploads among `ids` that form render `submissionKey` made less than 23 hours ago
 * and that no quote carries yet, in the order of `ids`. An id of another form, an attached,
 * expired or unknown one is left out (the caller compares the counts).
 */
export async function pendingUploads(submissionKey: string, ids: string[]) {
  if (ids.length === 0) return [];
  const rows = await db
    .select({ id: quote_uploads.id, kind: quote_uploads.kind })
    .from(quote_uploads)
    .where(
      and(
        inArray(quote_uploads.id, ids),
        eq(quote_uploads.submission_key, submissionKey),
        gt(quote_uploads.created_at, new Date(Date.now() - ATTACH_MAX_AGE_MS)),
        notAttached(),
      ),
    );
  const byId = new Map(rows.map((row) => [row.id, row]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** The files a quote carries, in the order they were attached. */
export async function filesOfQuote(quoteId: string): Promise<QuoteFileView[]> {
  return (await filesOfQuotes([quoteId])).get(quoteId) ?? [];
}

/** The uploads attached to quotes `quoteIds` (one query), each with its quote's id, in order. */
export async function attachedUploads(quoteIds: string[]) {
  return db
    .select({ quoteId: quote_attachments.quote_id, upload: quote_uploads })
    .from(quote_attachments)
    .innerJoin(quote_uploads, eq(quote_uploads.id, quote_attachments.upload_id))
    .where(inArray(quote_attachments.quote_id, quoteIds))
    .orderBy(asc(quote_attachments.position));
}

/** The files of each of `quoteIds` (one query), by quote id; a quote without files is absent. */
export async function filesOfQuotes(quoteIds: string[]): Promise<Map<string, QuoteFileView[]>> {
  const byQuote = new Map<string, QuoteFileView[]>();
  if (quoteIds.length === 0) return byQuote;
  for (const { quoteId, upload } of await attachedUploads(quoteIds)) {
    const list = byQuote.get(quoteId) ?? [];
    list.push({
      id: upload.id,
      kind: upload.kind,
      name: upload.original_name,
      sizeBytes: upload.size_bytes,
      width: upload.width,
      height: upload.height,
      hasThumbnail: upload.thumbnail_key !== null,
    });
    byQuote.set(quoteId, list);
  }
  return byQuote;
}

/** Who asks for a request's file; the route has established it (session or status link). */
export type FileReader =
  | { role: "admin" }
  | { role: "owner"; userId: string }
  | { role: "link"; quoteId: string };

/**
 * One attached file of quote `quoteId` for `reader`, with the same rule as the quote itself:
 * admins any quote's, a signed-in customer their own quotes', a status link's holder that
 * quote's. Anything else (another's quote, a file of another quote, a pending upload, a
 * malformed id) is null, so the route answers 404 and tells nothing.
 * @returns the bytes with the headers to serve them (private, nosniff, a download name)
 */
export async function readQuoteFile(
  reader: FileReader,
  quoteId: string,
  fileId: string,
  variant: "file" | "thumbnail",
): Promise<{ body: Buffer; headers: Record<string, string> } | null> {
  if (!isId(quoteId) || !isId(fileId)) return null;
  if (reader.role === "link" && reader.quoteId !== quoteId) return null;
  const [row] = await db
    .select({
      ownerId: quotes.user_id,
      kind: quote_uploads.kind,
      name: quote_uploads.original_name,
      contentType: quote_uploads.content_type,
      storageKey: quote_uploads.storage_key,
      thumbnailKey: quote_uploads.thumbnail_key,
    })
    .from(quote_attachments)
    .innerJoin(quote_uploads, eq(quote_uploads.id, quote_attachments.upload_id))
    .innerJoin(quotes, eq(quotes.id, quote_attachments.quote_id))
    .where(and(eq(quote_attachments.quote_id, quoteId), eq(quote_attachments.upload_id, fileId)));
  if (!row) return null;
  if (reader.role === "owner" && row.ownerId !== reader.userId) return null;
  const key = variant === "thumbnail" ? row.thumbnailKey : row.storageKey;
  if (!key) return null;
  const body = await storage().get(key);
  if (!body) {
    logger().error({ quoteId, fileId, variant }, "an attached file is missing from the storage");
    return null;
  }
  return { body, headers: uploadHeaders(row, variant, body.byteLength) };
}

/**
 * The headers a stored request file is served with (every private file route): private and
 * never stored, nosniff, sandboxed, noindex, no referrer; PDFs as downloads, photos inline,
 * under the original name.
 */
export function uploadHeaders(
  row: { kind: QuoteFileKind; name: string; contentType: string },
  variant: "file" | "thumbnail",
  byteLength: number,
): Record<string, string> {
  const isThumbnail = variant === "thumbnail";
  const name = isThumbnail ? `thumbnail-${row.name.replace(/\.[^.]*$/, "")}.webp` : row.name;
  return {
    "Content-Type": isThumbnail ? "image/webp" : row.contentType,
    "Content-Length": String(byteLength),
    // PDFs are downloaded, never shown inside the site's origin; photos are shown
    "Content-Disposition": contentDisposition(name, {
      type: row.kind === "report" ? "attachment" : "inline",
    }),
    ...PRIVATE_PAGE_HEADERS,
    "X-Content-Type-Options": "nosniff",
    "Content-Security-Policy": "default-src 'none'; sandbox",
    "Cross-Origin-Resource-Policy": "same-origin",
  };
}

let uploadLimit: RateLimit | undefined;
/** Uploads per client (IP, IPv6 /64) per hour: two full forms' worth. */
export function quoteUploadRateLimit(): RateLimit {
  uploadLimit ??= createRateLimit("quote-upload", 2 * UPLOADS_PER_FORM, 60 * 60);
  return uploadLimit;
}

/**
 * Removes what no quote will ever carry: pending uploads older than 24 hours (row, then files)
 * and files under `requests/` older than 24 hours that have no row (the process stopped between
 * storing a file and writing its row). An upload attached meanwhile cannot be deleted (the
 * attachment's foreign key is RESTRICT): that row is kept. The file of a customer's message is
 * never swept.
 * @returns how many upload rows and stray files were removed
 */
export async function sweepQuoteUploads(
  now = new Date(),
): Promise<{ uploads: number; strays: number }> {
  const cutoff = new Date(now.getTime() - PENDING_MAX_AGE_MS);
  const stale = await db
    .select({ id: quote_uploads.id })
    .from(quote_uploads)
    .where(
      and(
        lt(quote_uploads.created_at, cutoff),
        notAttached(),
        // the file of a customer's message (features/messages) is kept with the message
        notExists(
          db
            .select({ one: sql`1` })
            .from(customer_messages)
            .where(eq(customer_messages.upload_id, quote_uploads.id)),
        ),
      ),
    );
  let uploads = 0;
  for (const { id } of stale) {
    // one row at a time: an attachment racing the sweep fails only its own delete
    const [gone] = await db
      .delete(quote_uploads)
      .where(eq(quote_uploads.id, id))
      .returning({
        storageKey: quote_uploads.storage_key,
        thumbnailKey: quote_uploads.thumbnail_key,
      })
      .catch(() => []);
    if (!gone) continue;
    await storage().delete(gone.storageKey);
    if (gone.thumbnailKey) await storage().delete(gone.thumbnailKey);
    uploads += 1;
  }
  let strays = 0;
  const old = (await storage().list(FOLDER)).filter((entry) => entry.lastModified < cutoff);
  const ids = [...new Set(old.map((entry) => entry.key.split("/")[1] ?? ""))].filter((id) =>
    isId(id),
  );
  const known = new Set<string>();
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .select({ id: quote_uploads.id })
      .from(quote_uploads)
      .where(inArray(quote_uploads.id, ids.slice(i, i + 500)));
    for (const row of rows) known.add(row.id);
  }
  for (const entry of old) {
    if (known.has(entry.key.split("/")[1] ?? "")) continue;
    await storage().delete(entry.key);
    strays += 1;
  }
  if (uploads + strays > 0) logger().info({ uploads, strays }, "quote uploads swept");
  return { uploads, strays };
}

/**
 * Sweeps now and then every hour (never keeping the process alive).
 * @returns a function that stops it
 */
export function startUploadSweeper(): () => void {
  const sweep = () =>
    void sweepQuoteUploads().catch((error: unknown) =>
      logger().warn({ err: error }, "the quote upload sweep failed; it runs again in an hour"),
    );
  const first = setTimeout(sweep, 60_000);
  const timer = setInterval(sweep, 60 * 60 * 1000);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}

/**
 * The files a submitted quote form brings: ids of files uploaded ahead (JavaScript, hidden
 * `uploadedFiles` fields, which must be this form render's pending uploads) and files sent with
 * the form itself (no JavaScript: the `photos` and `reports` fields), each checked and stored as
 * a pending upload here.
 * @returns the uploads to attach in order, or the refusals: per field (a file refused, too
 *   many) or for the form (uploads expired or unknown); 413 when a file was too large, else 400
 */
export async function filesOfSubmission(
  formData: FormData,
  submissionKey: string | null,
): Promise<
  | { ok: true; uploads: { id: string; kind: QuoteFileKind }[] }
  | { ok: false; status: 400 | 413; fieldErrors: Record<string, string[]>; formErrors: string[] }
> {
  const ids = [
    ...new Set(
      formData.getAll(UPLOADED_FILE_FIELD).filter((v): v is string => typeof v === "string"),
    ),
  ];
  const valid = ids.filter(isId);
  const pending =
    submissionKey && valid.length === ids.length ? await pendingUploads(submissionKey, valid) : [];
  if (pending.length !== ids.length) {
    return { ok: false, status: 400, fieldErrors: {}, formErrors: [QUOTE_FILE_MESSAGES.expired] };
  }
  const sent = (kind: QuoteFileKind) =>
    formData
      .getAll(QUOTE_FILE_FIELDS[kind])
      .filter((v): v is File => typeof v !== "string" && v.size > 0);
  const fieldErrors: Record<string, string[]> = {};
  let status: 400 | 413 = 400;
  const kinds = ["photo", "report"] as const;
  for (const kind of kinds) {
    if (pending.filter((p) => p.kind === kind).length + sent(kind).length > QUOTE_FILE_LIMITS[kind])
      fieldErrors[QUOTE_FILE_FIELDS[kind]] = [QUOTE_FILE_MESSAGES.tooMany(kind)];
  }
  if (Object.keys(fieldErrors).length > 0)
    return { ok: false, status, fieldErrors, formErrors: [] };
  // files sent with the form belong to this render; an old page without a key gets one of its own
  const key = submissionKey ?? randomUUID();
  const stored: { id: string; kind: QuoteFileKind }[] = [];
  for (const kind of kinds) {
    for (const file of sent(kind)) {
      const outcome = await storeQuoteUpload(kind, file, key);
      if (outcome.ok) {
        stored.push({ id: outcome.upload.id, kind });
        continue;
      }
      const field = QUOTE_FILE_FIELDS[kind];
      fieldErrors[field] = [...(fieldErrors[field] ?? []), outcome.message];
      if (outcome.status === 413) status = 413;
    }
  }
  if (Object.keys(fieldErrors).length > 0)
    return { ok: false, status, fieldErrors, formErrors: [] };
  return { ok: true, uploads: [...pending, ...stored] };
}

/**
 * One file uploaded ahead of the submit (POST /quotes/uploads, multipart: `kind` photo|report,
 * `submissionKey` of the form render, `file`): counted against the client's hourly upload limit,
 * checked and stored as a pending upload. The root middleware has bounded the body (15 MB and
 * the envelope).
 * @returns the answer's status and JSON body (201 with the file; 400/413/429 with the reason)
 */
export async function uploadFromQuoteForm(
  request: Request,
  clientIp: string | undefined,
): Promise<{ status: 201 | 400 | 413 | 429; answer: QuoteUploadAnswer }> {
  const failed = (status: 400 | 413 | 429, error: string) => ({
    status,
    answer: { error, file: null },
  });
  const limit = await quoteUploadRateLimit().consume(clientIp);
  if (!limit.ok) {
    const minutes = Math.max(1, Math.ceil(limit.retryAfterSeconds / 60));
    return failed(
      429,
      `Too many uploads from your network. Please try again in ${minutes} minutes.`,
    );
  }
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    return failed(400, QUOTE_FILE_MESSAGES.missing);
  }
  const kind = form.get("kind");
  const key = form.get(SUBMISSION_KEY_FIELD);
  const file = form.get("file");
  if (
    (kind !== "photo" && kind !== "report") ||
    typeof key !== "string" ||
    !isId(key) ||
    !(file instanceof File) ||
    file.size === 0
  ) {
    return failed(400, QUOTE_FILE_MESSAGES.missing);
  }
  const outcome = await storeQuoteUpload(kind, file, key);
  if (!outcome.ok) return failed(outcome.status, outcome.message);
  return { status: 201, answer: { error: null, file: outcome.upload } };
}

/**
 * The response for a request's file URL (the three file routes): the file (or its thumbnail with
 * `?size=thumbnail`) when `reader` may see it, else 404 with nothing said.
 */
export async function quoteFileResponse(
  request: Request,
  reader: FileReader,
  quoteId: string,
  fileId: string,
): Promise<Response> {
  const variant =
    new URL(request.url).searchParams.get("size") === "thumbnail" ? "thumbnail" : "file";
  return privateFileResponse(await readQuoteFile(reader, quoteId, fileId, variant));
}

/** The response of a file read by readUpload or readQuoteFile: the file, or fileNotFound. */
export function privateFileResponse(
  file: { body: Buffer; headers: Record<string, string> } | null,
): Response {
  if (!file) return fileNotFound();
  return new Response(new Uint8Array(file.body), { headers: file.headers });
}

/** A private file route's 404: nothing said, nothing stored. */
export function fileNotFound(): Response {
  return new Response("Not found", {
    status: 404,
    headers: {
      "Content-Type": "text/plain; charset=utf-8",
      ...PRIVATE_PAGE_HEADERS,
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** Why the file sent with a message was refused when it is neither a photo nor a PDF. */
export const messageFileNotAccepted = (name: string) =>
  `${name} is not a photo (JPEG, PNG, WebP or HEIC) or a PDF file.`;

/**
 * Checks and stores the file sent with a customer's message, through the same pipeline as a
 * request's files (module comment): its type read from its content (a PDF is kept as sent, a photo
 * re-encoded without its metadata), stored as an upload of its own that the message row then
 * references (the sweep keeps it). A refusal stores nothing.
 * @returns the stored upload, or the refusal naming the file (400, 413 over 15 MB)
 * @throws the storage's or the database's error
 */
export async function storeMessageFile(
  file: File,
): Promise<{ ok: true; upload: PendingUpload } | FileRefusal> {
  const name = cleanFileName(file.name);
  if (file.size > QUOTE_FILE_MAX_BYTES) return refuse(QUOTE_FILE_MESSAGES.tooLarge(name), 413);
  const head = Buffer.from(await file.slice(0, 4100).arrayBuffer());
  const type = await fileTypeFromBuffer(head).catch(() => undefined);
  if (type?.mime === "application/pdf") return storeQuoteUpload("report", file, randomUUID());
  if (!type || !PHOTO_TYPES.has(type.mime)) return refuse(messageFileNotAccepted(name));
  return storeQuoteUpload("photo", file, randomUUID());
}

/**
 * The stored upload `uploadId` (or its thumbnail) with the headers every private file route
 * serves (`uploadHeaders`). No access check: the caller has decided who may read it.
 * @returns null for a malformed or unknown id, or a file missing from the storage
 */
export async function readUpload(
  uploadId: string,
  variant: "file" | "thumbnail",
): Promise<{ body: Buffer; headers: Record<string, string> } | null> {
  if (!isId(uploadId)) return null;
  const [row] = await db
    .select({
      kind: quote_uploads.kind,
      name: quote_uploads.original_name,
      contentType: quote_uploads.content_type,
      storageKey: quote_uploads.storage_key,
      thumbnailKey: quote_uploads.thumbnail_key,
    })
    .from(quote_uploads)
    .where(eq(quote_uploads.id, uploadId));
  const key = variant === "thumbnail" ? row?.thumbnailKey : row?.storageKey;
  if (!row || !key) return null;
  const body = await storage().get(key);
  if (!body) {
    logger().error({ uploadId, variant }, "an uploaded file is missing from the storage");
    return null;
  }
  return { body, headers: uploadHeaders(row, variant, body.byteLength) };
}
