/**
 * Images uploaded by admins for the blog (docs/decisions/0098-upload-validation.md and 0099): JPEG,
 * PNG, WebP or AVIF recognised by their content (magic bytes, confirmed by sharp's decoder; never
 * the file name), at most 5 MB and 40 megapixels, re-encoded by sharp into WebP and AVIF at up to
 * three widths with every piece of metadata (EXIF, GPS, XMP, ICC) dropped, and written to the
 * file storage (lib/storage.server.ts: disk or S3) under `blog/` with content-hashed names. A
 * refused file leaves nothing behind: no file and no row.
 * Callers must have checked that the user is an admin (requireAdmin).
 */
import { createHash } from "node:crypto";
import fs from "node:fs/promises";
import path from "node:path";
import { desc, eq } from "drizzle-orm";
import sharp, { type Metadata, type OutputInfo } from "sharp";
import { blog_uploads } from "~/db/schema";
import { db } from "~/lib/db.server";
import { env } from "~/lib/env.server";
import { logger } from "~/lib/logger.server";
import { discardBody, readBodyCapped } from "~/lib/request-body.server";
import { storage } from "~/lib/storage.server";
import {
  UPLOAD_MAX_BYTES,
  UPLOAD_MESSAGES,
  UPLOAD_WIDTHS,
  type UploadAnswer,
  type UploadedImage,
  uploadFileName,
} from "./uploads";

export { UPLOAD_MAX_BYTES, UPLOAD_MESSAGES };
export const UPLOAD_MAX_PIXELS = 40_000_000;

type SourceFormat = "jpeg" | "png" | "webp" | "avif";

export type UploadOutcome =
  | { ok: true; image: UploadedImage }
  | { ok: false; status: 400 | 413; message: string };

const refuse = (message: string, status: 400 | 413 = 400): UploadOutcome => ({
  ok: false,
  status,
  message,
});

/** Where a variant is kept in the file storage. */
export const blogStorageKey = (fileName: string) => `blog/${fileName}`;

/**
 * The folder blog images were written to before the file storage ($DATA_DIR/uploads), and that
 * backups made then restore into: moved into the storage at start-up (moveLegacyUploads).
 */
export function legacyUploadsDir(): string {
  return path.join(path.resolve(env().DATA_DIR), "uploads");
}

const ascii = (bytes: Uint8Array, from: number, to: number) =>
  String.fromCharCode(...bytes.subarray(from, to));

/** The image type the bytes' signature says, or null (the name and the browser's type are ignored). */
export function detectImageType(bytes: Uint8Array): SourceFormat | null {
  if (bytes.length < 12) return null;
  if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return "jpeg";
  if (ascii(bytes, 0, 8) === "\x89PNG\r\n\x1a\n") return "png";
  if (ascii(bytes, 0, 4) === "RIFF" && ascii(bytes, 8, 12) === "WEBP") return "webp";
  // ISO-BMFF: a leading 'ftyp' box whose major or compatible brands name AVIF
  if (ascii(bytes, 4, 8) === "ftyp") {
    const boxSize = Math.min(new DataView(bytes.buffer, bytes.byteOffset).getUint32(0), 64);
    for (let at = 8; at + 4 <= Math.min(boxSize, bytes.length); at += 4) {
      const brand = ascii(bytes, at, at + 4);
      if (brand === "avif" || brand === "avis") return "avif";
    }
  }
  return null;
}

/** What sharp's decoder calls each accepted type (AVIF is HEIF with AV1 compression). */
function decoderAgrees(type: SourceFormat, meta: Metadata): boolean {
  if (type === "avif") return meta.format === "heif" && meta.compression === "av1";
  return meta.format === type;
}

/**
 * An oversized upload up to this size is read to its end (and thrown away) before the refusal is
 * sent: a browser still sending its file would otherwise see the connection reset instead of the
 * 'larger than 5 MB' answer. Larger bodies are cut off.
 */
const UPLOAD_DISCARD_MAX = 64 * 1024 * 1024;

/**
 * Reads a multipart upload request without ever holding more than a little over the size limit:
 * a body announced or found larger is refused before it is parsed (read to its end first, up to
 * 64 MB, so the browser gets the answer). The root middleware refuses such bodies first on the
 * upload routes (app/root.tsx); this bound holds for any other caller.
 * @returns the form, or a refusal: 'larger than 5 MB' (413), or no form at all (400)
 */
export async function readUploadForm(
  request: Request,
): Promise<{ ok: true; form: FormData } | { ok: false; status: 400 | 413; message: string }> {
  // room for the multipart envelope around a file of exactly the limit
  const limit = UPLOAD_MAX_BYTES + 64 * 1024;
  const declared = Number(request.headers.get("Content-Length") ?? 0);
  const body = declared > limit ? null : await readBodyCapped(request, limit);
  if (body === null) {
    // a body read past the limit was cancelled; an unread one is drained, unless absurd
    if (declared > UPLOAD_DISCARD_MAX) request.body?.cancel().catch(() => {});
    else await discardBody(request, UPLOAD_DISCARD_MAX);
    return { ok: false, status: 413, message: UPLOAD_MESSAGES.tooLarge };
  }
  try {
    const form = await new Response(new Uint8Array(body), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
    return { ok: true, form };
  } catch {
    // not a multipart (or URL-encoded) form at all
    return { ok: false, status: 400, message: UPLOAD_MESSAGES.missing };
  }
}

/**
 * Checks and stores one uploaded image (see the module comment). The same bytes uploaded again
 * give the stored image back.
 * @param file the form's file (or null when none was chosen)
 * @param uploadedBy the admin's user id
 */
export async function storeUpload(
  file: File | null,
  uploadedBy: string | null,
): Promise<UploadOutcome> {
  if (!file || file.size === 0) return refuse(UPLOAD_MESSAGES.missing);
  if (file.size > UPLOAD_MAX_BYTES) return refuse(UPLOAD_MESSAGES.tooLarge, 413);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const type = detectImageType(bytes);
  if (!type) return refuse(UPLOAD_MESSAGES.notImage);

  const input = { limitInputPixels: UPLOAD_MAX_PIXELS, failOn: "error" as const };
  let meta: Metadata;
  try {
    // reads the header only: a decompression bomb is refused by its declared size, undecoded
    meta = await sharp(bytes, { ...input, limitInputPixels: false }).metadata();
  } catch {
    return refuse(UPLOAD_MESSAGES.unreadable);
  }
  if (!decoderAgrees(type, meta)) return refuse(UPLOAD_MESSAGES.notImage);
  if (!meta.width || !meta.height) return refuse(UPLOAD_MESSAGES.unreadable);
  if ((meta.pages ?? 1) > 1) return refuse(UPLOAD_MESSAGES.animated);
  if (meta.width * meta.height > UPLOAD_MAX_PIXELS) return refuse(UPLOAD_MESSAGES.tooManyPixels);

  const hash = createHash("sha256").update(bytes).digest("hex").slice(0, 32);
  const [existing] = await db.select().from(blog_uploads).where(eq(blog_uploads.hash, hash));
  if (existing) return { ok: true, image: toImage(existing) };

  // decode once (EXIF orientation applied), then encode each size; sharp writes no metadata
  // unless asked (keepMetadata/withExif), so EXIF, GPS, XMP and ICC are all dropped here
  let decoded: { data: Buffer; info: OutputInfo };
  try {
    decoded = await sharp(bytes, { ...input, autoOrient: true })
      .toColourspace("srgb")
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch {
    return refuse(UPLOAD_MESSAGES.unreadable);
  }
  const { width, height, channels } = decoded.info;
  const widths = [...new Set(UPLOAD_WIDTHS.map((w) => Math.min(w, width)))];
  const raw = { raw: { width, height, channels } };
  const files: { name: string; data: Buffer }[] = [];
  for (const w of widths) {
    const resized = () => sharp(decoded.data, raw).resize({ width: w, withoutEnlargement: true });
    files.push({
      name: uploadFileName(hash, w, "webp"),
      data: await resized().webp({ quality: 80, effort: 4 }).toBuffer(),
    });
    files.push({
      name: uploadFileName(hash, w, "avif"),
      data: await resized().avif({ quality: 55, effort: 2 }).toBuffer(),
    });
  }

  const store = storage();
  const written: string[] = [];
  try {
    for (const f of files) {
      const key = blogStorageKey(f.name);
      // each write is whole or absent (temporary name and rename on disk; one PUT on S3)
      await store.put(key, f.data, `image/${f.name.endsWith(".avif") ? "avif" : "webp"}`);
      written.push(key);
    }
    const [row] = await db
      .insert(blog_uploads)
      .values({ hash, source_format: type, width, height, widths, uploaded_by: uploadedBy })
      .onConflictDoNothing()
      .returning();
    // a parallel upload of the same bytes won the insert: its row names the same files
    const stored =
      row ?? (await db.select().from(blog_uploads).where(eq(blog_uploads.hash, hash)))[0];
    return { ok: true, image: toImage(stored as typeof blog_uploads.$inferSelect) };
  } catch (error) {
    await Promise.all(written.map((key) => store.delete(key).catch(() => {})));
    throw error;
  }
}

function toImage(row: typeof blog_uploads.$inferSelect): UploadedImage {
  return { id: row.id, hash: row.hash, width: row.width, height: row.height, widths: row.widths };
}

/** The newest uploads first, for the editor's image picker. */
export async function listUploads(limit = 48): Promise<UploadedImage[]> {
  const rows = await db
    .select()
    .from(blog_uploads)
    .orderBy(desc(blog_uploads.created_at))
    .limit(limit);
  return rows.map(toImage);
}

const fileNamePattern = /^[0-9a-f]{32}-\d{1,4}\.(webp|avif)$/;

/**
 * One stored variant by its file name, or null when the name is not one of ours or no such file
 * exists (the name is checked against a strict pattern, so no path can be smuggled in).
 */
export async function readUploadFile(
  name: string,
): Promise<{ body: Buffer; contentType: string } | null> {
  const match = fileNamePattern.exec(name);
  if (!match) return null;
  const body = await storage().get(blogStorageKey(name));
  return body ? { body, contentType: `image/${match[1]}` } : null;
}

/**
 * Moves blog images left in $DATA_DIR/uploads (written before the file storage existed, or
 * restored from a backup made then) into the storage, then removes each moved file. Run at
 * start-up; does nothing once the folder is empty or absent.
 * @returns how many files were moved
 */
export async function moveLegacyUploads(): Promise<number> {
  const dir = legacyUploadsDir();
  let names: string[];
  try {
    names = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return 0;
    throw error;
  }
  let moved = 0;
  for (const name of names.filter((n) => fileNamePattern.test(n))) {
    const file = path.join(dir, name);
    const type = name.endsWith(".avif") ? "image/avif" : "image/webp";
    await storage().put(blogStorageKey(name), await fs.readFile(file), type);
    await fs.rm(file, { force: true });
    moved += 1;
  }
  if (moved > 0)
    logger().info({ moved }, "blog images moved from $DATA_DIR/uploads to the file storage");
  return moved;
}

/**
 * The whole upload of one request (multipart, field `image`) by admin `uploadedBy`: read with its
 * size cap, checked and stored. The callers (the Blog images page and the editor's JSON endpoint)
 * have checked that the user is an admin.
 * @returns the stored image, or the refusal (400/413, its message; nothing stored)
 */
export async function uploadFromRequest(
  request: Request,
  uploadedBy: string,
): Promise<UploadOutcome> {
  const read = await readUploadForm(request);
  if (!read.ok) return read;
  const file = read.form.get("image");
  return storeUpload(file instanceof File ? file : null, uploadedBy);
}

/** The body an upload request is answered with (both upload routes, read by the image picker). */
export function uploadAnswer(outcome: UploadOutcome): UploadAnswer {
  return outcome.ok
    ? { error: null, image: outcome.image }
    : { error: outcome.message, image: null };
}
