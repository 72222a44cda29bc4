/**
 * Reading an id from a URL or a form field: the one rule for every loader, action and form
 * schema (docs/decisions/0185-one-id-parser.md). Our records' ids are UUIDs as PostgreSQL prints
 * them (lower case); anything else is not an id of ours and is answered 404 before it reaches the
 * database (which would refuse it with a 500: `invalid input syntax for type uuid`, or for a NUL
 * byte `invalid byte sequence`). Accounts are better-auth's and have their own opaque ids; the
 * secret links' tokens are 256 random bits in base64url. Client-safe: the form schemas use
 * `idField`.
 */
import "./zod-browser";
import { data } from "react-router";
import { z } from "zod";
import { PRIVATE_PAGE_HEADERS } from "./private-page";

/** A record id: a UUID in the canonical lower-case form we print in links. */
const recordId = z.uuid().lowercase();

/** A secret link's token: 32 random bytes in base64url (status, estimate, share, unsubscribe). */
const TOKEN = /^[A-Za-z0-9_-]{43}$/;

/**
 * An account id as better-auth writes it (its `generateId`: 32 letters and digits); accounts
 * made by our tests' helpers have UUIDs.
 */
const BETTER_AUTH_ID = /^[A-Za-z0-9]{32}$/;

/**
 * The record id in `value` (a route param, a form field, a query value), or null when it is not
 * one: missing, not a string, not a UUID, upper case, padded, or carrying other characters.
 */
export function parseId(value: unknown): string | null {
  const parsed = recordId.safeParse(value);
  return parsed.success ? parsed.data : null;
}

/** True when `value` is a record id (see `parseId`); narrows it to a string. */
export function isId(value: unknown): value is string {
  return parseId(value) !== null;
}

/** The account (better-auth user) id in `value`, or null when it cannot be one. */
export function parseAccountId(value: unknown): string | null {
  if (typeof value === "string" && BETTER_AUTH_ID.test(value)) return value;
  return parseId(value);
}

/**
 * A form field holding a record id (a hidden `visitId`, a chosen item), for Conform/zod schemas.
 * @param message what the form says when the field is missing or not an id
 */
export function idField(message = "Reload the page and try again") {
  return z.uuid({ error: message }).lowercase({ error: message });
}

/** The token of a secret link in `value`, or null when it cannot be one. */
export function parseToken(value: unknown): string | null {
  return typeof value === "string" && TOKEN.test(value) ? value : null;
}

/** The 404 every malformed id or token in an address gets: a private page's, saying nothing. */
function notFound(): never {
  throw data(null, { status: 404, headers: PRIVATE_PAGE_HEADERS });
}

/**
 * The record id of a route param (`params.id`, `params.fileId`), for the first line of a loader
 * or action. @throws a 404 answer when it is not a record id (see `parseId`)
 */
export function idParam(value: string | undefined): string {
  return parseId(value) ?? notFound();
}

/** The account id of a route param. @throws a 404 answer when it cannot be one */
export function accountIdParam(value: string | undefined): string {
  return parseAccountId(value) ?? notFound();
}

/** The token of a secret link's route param. @throws a 404 answer when it cannot be one */
export function tokenParam(value: string | undefined): string {
  return parseToken(value) ?? notFound();
}
