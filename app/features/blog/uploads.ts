/** Names and URLs of uploaded blog images (shared by the server, the editor and the public pages). */

export interface UploadedImage {
  id: string;
  /** the content hash every variant's file name starts with */
  hash: string;
  width: number;
  height: number;
  /** widths stored, ascending, each as WebP and AVIF */
  widths: number[];
}

export type UploadFormat = "webp" | "avif";

/**
 * What an upload request is answered with (201 with the image; 400/413 with the reason, nothing
 * stored).
 */
export type UploadAnswer = { error: null; image: UploadedImage } | { error: string; image: null };

/** The largest file accepted (docs/decisions/0098-upload-validation.md); the editor checks it before sending. */
export const UPLOAD_MAX_BYTES = 5 * 1024 * 1024;

/** Why an upload was refused, shown beside the file field. */
export const UPLOAD_MESSAGES = {
  missing: "Choose an image to upload",
  tooLarge: "The image is larger than 5 MB. Choose a smaller file.",
  notImage: "The file is not a JPEG, PNG, WebP or AVIF image.",
  tooManyPixels: "The image has more than 40 megapixels. Choose a smaller image.",
  unreadable: "The image could not be read; the file may be damaged.",
  animated: "Animated images are not accepted. Choose a still image.",
  failed: "The image could not be uploaded. Check your connection and try again.",
} as const;

/** Where the editor sends an upload (JavaScript): answers JSON `{ error, image }`. */
export const UPLOAD_API_PATH = "/admin/blog/uploads.json";

/** The widths written (never wider than the original). */
export const UPLOAD_WIDTHS = [480, 960, 1600] as const;

/** Where uploaded variants are served (app/routes/resources/upload.ts). */
export const UPLOADS_PATH = "/uploads";

export function uploadFileName(hash: string, width: number, format: UploadFormat): string {
  return `${hash}-${width}.${format}`;
}

export function uploadUrl(hash: string, width: number, format: UploadFormat): string {
  return `${UPLOADS_PATH}/${uploadFileName(hash, width, format)}`;
}

/** The URL put in a post (featured image or inline): the widest WebP, which every current browser shows. */
export function uploadMainUrl(image: Pick<UploadedImage, "hash" | "widths">): string {
  return uploadUrl(image.hash, image.widths[image.widths.length - 1] ?? 0, "webp");
}

/** The smallest WebP, for thumbnails in the editor's picker. */
export function uploadThumbUrl(image: Pick<UploadedImage, "hash" | "widths">): string {
  return uploadUrl(image.hash, image.widths[0] ?? 0, "webp");
}

const uploadedUrlPattern = /^\/uploads\/([0-9a-f]{32})-(\d{1,4})\.webp$/;

/**
 * Responsive sources for an image URL when it is one of our uploads: `srcset`s of every stored
 * width in AVIF and WebP. Other URLs (the seeded SVGs, external images) get null.
 * The stored widths are not in the URL, so they are the ones that can exist: up to the URL's own.
 */
export function responsiveSources(
  url: string | null | undefined,
): { avif: string; webp: string } | null {
  const match = url ? uploadedUrlPattern.exec(url) : null;
  if (!match) return null;
  const [, hash, widest] = match as unknown as [string, string, string];
  const max = Number(widest);
  const widths = [...UPLOAD_WIDTHS.filter((w) => w < max), max];
  const set = (format: UploadFormat) =>
    widths.map((w) => `${uploadUrl(hash, w, format)} ${w}w`).join(", ");
  return { avif: set("avif"), webp: set("webp") };
}
