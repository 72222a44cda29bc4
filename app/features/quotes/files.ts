/**
 * Files attached to quote requests (docs/decisions/0149-quote-files.md): the limits,
 * field names and messages shared by the server, the forms and the upload script.
 */

/** Largest file accepted, in bytes (photos and reports alike). */
export const QUOTE_FILE_MAX_BYTES = 15 * 1024 * 1024;

/** Most files of each kind one request carries. */
export const QUOTE_FILE_LIMITS = { photo: 10, report: 3 } as const;

export type QuoteFileKind = keyof typeof QUOTE_FILE_LIMITS;

/** The plain file fields (the form without JavaScript sends the files with the form). */
export const QUOTE_FILE_FIELDS = { photo: "photos", report: "reports" } as const;

/** The hidden fields naming files uploaded ahead of the submit (with JavaScript). */
export const UPLOADED_FILE_FIELD = "uploadedFiles";

/** Where the form uploads each file as soon as it is chosen (JavaScript): answers JSON. */
export const QUOTE_UPLOAD_PATH = "/quotes/uploads";

/** What the browser may pick (the server decides by content, never by this list or the name). */
export const QUOTE_FILE_ACCEPT = {
  photo: "image/jpeg,image/png,image/webp,image/heic,image/heif,.heic,.heif",
  report: "application/pdf,.pdf",
} as const;

/** Why a file was refused (each names the file), or why the files could not be attached. */
export const QUOTE_FILE_MESSAGES = {
  tooLarge: (name: string) => `${name} is larger than 15 MB. Choose a smaller file.`,
  notPhoto: (name: string) => `${name} is not a JPEG, PNG, WebP or HEIC photo.`,
  unreadablePhoto: (name: string) => `${name} could not be read as a photo; it may be damaged.`,
  tooManyPixels: (name: string) => `${name} has more than 60 megapixels. Choose a smaller photo.`,
  notPdf: (name: string) => `${name} is not a PDF file.`,
  unreadablePdf: (name: string) => `${name} could not be read as a PDF; it may be damaged.`,
  encryptedPdf: (name: string) =>
    `${name} is password-protected. Save a copy without a password and attach that.`,
  tooMany: (kind: QuoteFileKind) =>
    kind === "photo" ? "Attach at most 10 photos." : "Attach at most 3 lab reports.",
  expired: "Your attached files have expired. Please attach them again.",
  failed: (name: string) => `${name} could not be uploaded. Check your connection and try again.`,
  missing: "Choose a file to upload.",
} as const;

/** What the upload endpoint answers: the stored file (201), or why it was refused (400/413/429). */
export type QuoteUploadAnswer =
  | { error: null; file: { id: string; kind: QuoteFileKind; name: string } }
  | { error: string; file: null };

/** An attached file as the request's pages list it. */
export interface QuoteFileView {
  id: string;
  kind: QuoteFileKind;
  name: string;
  sizeBytes: number;
  /** photos: their stored size, for the thumbnail's box */
  width: number | null;
  height: number | null;
  hasThumbnail: boolean;
}

/** '2.4 MB', '350 KB' */
export function formatFileSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${(bytes / (1024 * 1024)).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;
}
