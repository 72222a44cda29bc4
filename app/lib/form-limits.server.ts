/**
 * Bounds on every request body, checked before any form is parsed into objects (docs/decisions/0127, OWASP
 * ASVS 5.0 V2.4 and V4.1: input limits and 'anti-automation'): a body size per route, a number of
 * fields, of repeated values, of list index and of name depth, each value's length, no NUL byte,
 * and Conform's reserved fields well formed. A form parser turns `a[100000000]=x` into an array
 * of a hundred million slots; these limits refuse it in well under a millisecond instead.
 */
import { discardBody, readBodyCapped } from "./request-body.server";

/** The bounds of one route's request bodies. */
export interface BodyLimits {
  /** the largest body accepted, in bytes (413 above it) */
  maxBytes: number;
  /** the longest text value accepted, in characters (413 above it) */
  maxValueChars: number;
  /** body types accepted besides URL-encoded and multipart forms (e.g. "application/json") */
  alsoAccepts?: readonly string[];
  /** what a body over `maxBytes` is told, when the route has its own words (an upload's size) */
  tooLargeMessage?: string;
}

/** Limits of an ordinary form post: a few hundred KB, no answer longer than 10,000 characters. */
export const FORM_LIMITS: BodyLimits = { maxBytes: 256 * 1024, maxValueChars: 10_000 };

/** Room for a multipart envelope around one file (boundaries, part headers, small fields). */
export const MULTIPART_ENVELOPE_BYTES = 64 * 1024;

/**
 * Limits of a route that takes files (docs/decisions/0127 and 0149-quote-files): up to `files`
 * files of at most `fileBytes` each plus an ordinary form's fields (or, for one file alone, its
 * multipart envelope); a larger body is told `tooLargeMessage` (413). Each file's own size is
 * checked again by the feature, with a message naming the file.
 * - blog image upload: 1 x 5 MB (+ 64 KB);
 * - quote file upload ahead of the submit (/quotes/uploads, JavaScript): 1 x 15 MB (+ 64 KB);
 * - quote form without JavaScript, files sent with the answers: 13 x 15 MB (10 photos and 3 lab
 *   reports, + 256 KB). Such a body is held in memory while it is checked (about twice its size
 *   at the peak); the quote rate limit bounds how often one client can send it.
 */
export function uploadLimits(
  fileBytes: number,
  files: number,
  tooLargeMessage: string,
): BodyLimits {
  const fields = files === 1 ? MULTIPART_ENVELOPE_BYTES : FORM_LIMITS.maxBytes;
  return { ...FORM_LIMITS, maxBytes: files * fileBytes + fields, tooLargeMessage };
}

/** Largest refused body still read to its end (so the sender sees the 413), in bytes. */
const DISCARD_MAX_BYTES = 16 * 1024 * 1024;

/** Most fields one form may carry (our largest has about 40). */
export const MAX_FIELDS = 300;
/** Most values one field name may repeat (the longest option list is under 20). */
export const MAX_REPEATS = 100;
/** Highest list index in a field name, e.g. `lines[99].price`. */
export const MAX_LIST_INDEX = 99;
/** Most segments in a field name, e.g. `options.0.lines[3].price` has five. */
export const MAX_NAME_DEPTH = 6;
/** Longest field name, in characters. */
export const MAX_NAME_CHARS = 100;

/** A refused body: the status (400 or 413) and the plain sentence for the person who sent it. */
export interface BodyRefusal {
  status: 400 | 413;
  message: string;
  /** what was exceeded, for the log (never a value) */
  reason: string;
}

export const BODY_MESSAGES = {
  tooLarge: "This request is too large. Please shorten your answers and try again.",
  unreadable: "This form could not be read. Please reload the page and try again.",
  badCharacter:
    "This form contains a character we cannot accept (a null byte). Please remove it and try again.",
} as const;

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
// a name segment: a word, or a list index as "[0]" (Conform's path syntax) or ".0" (the job
// records' rows, e.g. areas.0.room); segments joined by "."
const NAME_SEGMENT = /^(?:[A-Za-z_$][\w$-]*|\[(\d{1,3})\]|(\d{1,3})(?=[.[]|$))/;
const RESERVED_SEGMENTS = new Set(["__proto__", "constructor", "prototype"]);
// Conform's own fields: a JSON intent (validate, reset, update, insert, remove, reorder) and state
const CONFORM_INTENT = "__intent__";
const CONFORM_STATE = "__state__";
const CONFORM_INTENT_TYPES = new Set([
  "validate",
  "reset",
  "update",
  "insert",
  "remove",
  "reorder",
]);

const refuse = (status: 400 | 413, reason: string): BodyRefusal => ({
  status,
  reason,
  message:
    status === 413
      ? BODY_MESSAGES.tooLarge
      : reason === "nul"
        ? BODY_MESSAGES.badCharacter
        : BODY_MESSAGES.unreadable,
});

/**
 * Whether `name` is a field name our forms can send: word, `[index]` or (after a dot) `index`
 * segments joined by dots, at most MAX_NAME_DEPTH of them, indexes up to MAX_LIST_INDEX, no `__proto__`-like segment.
 */
export function isBoundedFieldName(name: string): boolean {
  if (name.length === 0 || name.length > MAX_NAME_CHARS) return false;
  let rest = name;
  let depth = 0;
  while (rest.length > 0) {
    const afterDot = depth > 0 && rest.startsWith(".");
    if (afterDot) rest = rest.slice(1);
    const match = NAME_SEGMENT.exec(rest);
    if (!match) return false;
    const [segment, bracketed, dotted] = match;
    // a bare index comes after a dot ("areas.0"), never first or glued on ("areas[0]0")
    if (dotted !== undefined && !afterDot) return false;
    const index = bracketed ?? dotted;
    if (index !== undefined ? Number(index) > MAX_LIST_INDEX : RESERVED_SEGMENTS.has(segment))
      return false;
    depth += 1;
    if (depth > MAX_NAME_DEPTH) return false;
    rest = rest.slice(segment.length);
  }
  return true;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** Conform's `__intent__`: a known intent whose field name (if any) is itself bounded. */
function isBoundedIntent(text: string): boolean {
  const intent = parseJson(text) as { type?: unknown; payload?: unknown } | undefined;
  if (!intent || typeof intent !== "object" || typeof intent.type !== "string") return false;
  if (!CONFORM_INTENT_TYPES.has(intent.type) || intent.payload === undefined) return false;
  const payload = (intent.payload ?? {}) as { name?: unknown; index?: unknown };
  if (typeof payload !== "object") return false;
  if (payload.name !== undefined && payload.name !== "") {
    if (typeof payload.name !== "string" || !isBoundedFieldName(payload.name)) return false;
  }
  if (payload.index !== undefined) {
    const index = payload.index;
    if (typeof index !== "number" || !Number.isInteger(index) || index < 0) return false;
    if (index > MAX_LIST_INDEX) return false;
  }
  return true;
}

/** Conform's `__state__`: a JSON object. */
function isBoundedState(text: string): boolean {
  const state = parseJson(text);
  return typeof state === "object" && state !== null && !Array.isArray(state);
}

/**
 * Checks the fields of a parsed form against the limits above.
 * @returns null when every field is within bounds, else the refusal
 */
export function checkFormEntries(
  entries: Iterable<[string, FormDataEntryValue]>,
  limits: BodyLimits,
): BodyRefusal | null {
  const repeats = new Map<string, number>();
  let fields = 0;
  for (const [name, value] of entries) {
    fields += 1;
    if (fields > MAX_FIELDS) return refuse(413, "fields");
    if (name.includes("\0")) return refuse(400, "nul");
    const seen = (repeats.get(name) ?? 0) + 1;
    if (seen > MAX_REPEATS) return refuse(413, "repeats");
    repeats.set(name, seen);
    if (typeof value !== "string") continue;
    if (value.length > limits.maxValueChars) return refuse(413, "value length");
    if (value.includes("\0")) return refuse(400, "nul");
    if (name === CONFORM_INTENT) {
      if (seen > 1 || !isBoundedIntent(value)) return refuse(400, "conform intent");
    } else if (name === CONFORM_STATE) {
      if (seen > 1 || !isBoundedState(value)) return refuse(400, "conform state");
    } else if (!isBoundedFieldName(name)) {
      return refuse(400, "field name");
    }
  }
  return null;
}

const mediaType = (request: Request) =>
  (request.headers.get("Content-Type") ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * Checks a mutation's body against `limits` without consuming it: the body of a clone is read
 * (at most `maxBytes`), parsed as the action will parse it, and its fields checked. GET and HEAD
 * pass. A body of another type than a form (or `alsoAccepts`) is refused, as is a form the
 * platform's parser cannot read (a broken multipart body).
 * @returns null when the request may go on to its action, else the refusal (400 or 413)
 */
export async function checkRequestBody(
  request: Request,
  limits: BodyLimits,
): Promise<BodyRefusal | null> {
  if (request.method === "GET" || request.method === "HEAD") return null;
  const type = mediaType(request);
  const isForm = FORM_TYPES.includes(type);
  if (!isForm && !limits.alsoAccepts?.includes(type)) return refuse(400, `content type ${type}`);
  const announced = Number(request.headers.get("Content-Length") ?? 0);
  const body =
    announced > limits.maxBytes ? null : await readBodyCapped(request.clone(), limits.maxBytes);
  if (body === null) {
    // the action will not read it: let a moderately large upload finish so its sender reads
    // the answer; stop an absurd one at once
    if (announced <= DISCARD_MAX_BYTES) await discardBody(request, DISCARD_MAX_BYTES);
    else request.body?.cancel().catch(() => {});
    const refusal = refuse(413, "body size");
    return limits.tooLargeMessage ? { ...refusal, message: limits.tooLargeMessage } : refusal;
  }
  if (!isForm) return null;
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(body), {
      headers: { "Content-Type": request.headers.get("Content-Type") ?? "" },
    }).formData();
  } catch {
    return refuse(400, "unreadable form");
  }
  return checkFormEntries(form.entries(), limits);
}
