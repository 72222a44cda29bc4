/**
 * A request's service address: the street, city, state and ZIP where the visit takes place and
 * where its test results were taken (quotes.property_address and its neighbours, the quote's own
 * copy: docs/decisions/0130-quote-keeps-its-address.md). A signed-in requester's quote copies it
 * from their property; a guest's request has only a ZIP code until the guest gives the street
 * when booking, or staff set it on the admin quote page. The address rules are a property's
 * (features/accounts/property-schema.ts). docs/decisions/0161-every-visit-has-a-street-address.md
 */
import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { eq } from "drizzle-orm";
import { quotes } from "~/db/schema";
import { linkQuotesToProperties } from "~/features/accounts/claims.server";
import { type PropertyInput, propertySchema } from "~/features/accounts/property-schema";
import { db } from "~/lib/db.server";

/** The form's fields: address, city, state, zipCode (a property's). */
export const serviceAddressSchema = propertySchema;

export interface ServiceAddress {
  /** null while the request has only a ZIP code */
  address: string | null;
  city: string | null;
  state: string | null;
  /** the street address's ZIP, else the ZIP the requester gave */
  zipCode: string;
}

/** Quote `quoteId`'s service address, or null for an unknown quote. */
export async function serviceAddressOf(quoteId: string): Promise<ServiceAddress | null> {
  if (!/^[0-9a-f-]{36}$/i.test(quoteId)) return null;
  const [row] = await db
    .select({
      address: quotes.property_address,
      city: quotes.property_city,
      state: quotes.property_state,
      zipCode: quotes.property_zip_code,
      requestZip: quotes.zip_code,
    })
    .from(quotes)
    .where(eq(quotes.id, quoteId));
  if (!row) return null;
  return {
    address: row.address,
    city: row.city,
    state: row.state,
    zipCode: row.zipCode ?? row.requestZip,
  };
}

/**
 * Sets quote `quoteId`'s service address to `input` (already checked by serviceAddressSchema).
 * A request of an account without a property joins the record of the account's property at that
 * address (linkQuotesToProperties).
 * @returns false for an unknown quote (nothing written)
 */
export async function setServiceAddress(quoteId: string, input: PropertyInput): Promise<boolean> {
  if (!/^[0-9a-f-]{36}$/i.test(quoteId)) return false;
  const [row] = await db
    .update(quotes)
    .set({
      property_address: input.address,
      property_city: input.city,
      property_state: input.state,
      property_zip_code: input.zipCode,
    })
    .where(eq(quotes.id, quoteId))
    .returning({ userId: quotes.user_id });
  if (!row) return false;
  if (row.userId) await linkQuotesToProperties(row.userId);
  return true;
}

export type AddressPost =
  | { ok: true }
  | { ok: false; status: 400 | 404; result: SubmissionResult<string[]> | null };

/**
 * Checks the address fields of `form` and sets them as quote `quoteId`'s service address.
 * `onlyWhenMissing`: a request that already has a street address keeps it and the fields are
 * ignored (booking asks for the street only when the request has none).
 * @returns ok, 404 for an unknown quote, or 400 with Conform's reply (a message per field)
 */
export async function postServiceAddress(
  quoteId: string,
  form: FormData,
  { onlyWhenMissing = false }: { onlyWhenMissing?: boolean } = {},
): Promise<AddressPost> {
  const current = await serviceAddressOf(quoteId);
  if (!current) return { ok: false, status: 404, result: null };
  if (onlyWhenMissing && current.address) return { ok: true };
  const submission = parseWithZod(form, { schema: serviceAddressSchema });
  if (submission.status !== "success") {
    return { ok: false, status: 400, result: submission.reply() };
  }
  await setServiceAddress(quoteId, submission.value);
  return { ok: true };
}
