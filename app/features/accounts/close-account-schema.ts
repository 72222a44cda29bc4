/**
 * The 'Close Account' form's fields, read the same way in the browser and on the server: the
 * password (or, for an account without one, the code we just emailed) and the typed
 * confirmation word.
 */
import "~/lib/zod-browser";
import { z } from "zod";

/**
 * A closed account's login row keeps only the name 'Closed account' and an email at this
 * reserved domain (RFC 2606 `.invalid`: never deliverable), which names nobody.
 */
export const CLOSED_ACCOUNT_DOMAIN = "closed-account.invalid";
export const CLOSED_ACCOUNT_NAME = "Closed account";

/** The better-auth verification row holding an account's emailed closing code (hashed). */
export const closingCodeIdentifier = (userId: string) => `close-account:${userId}`;

/** What the customer types to confirm (compared ignoring case and surrounding spaces). */
export const CLOSE_CONFIRMATION_WORD = "CLOSE";

const confirmation = z
  .string({ error: `Type ${CLOSE_CONFIRMATION_WORD} to confirm` })
  .trim()
  .refine((value) => value.toUpperCase() === CLOSE_CONFIRMATION_WORD, {
    message: `Type ${CLOSE_CONFIRMATION_WORD} to confirm`,
  });

/** An account with a password confirms with it. */
export const closeWithPasswordSchema = z.object({
  password: z.string({ error: "Enter your password" }).min(1, "Enter your password").max(128),
  confirmation,
});

/** An account without a password confirms with the 6-digit code emailed to it. */
export const closeWithCodeSchema = z.object({
  code: z
    .string({ error: "Enter the code we emailed you" })
    .trim()
    .regex(/^\d{6}$/, "Enter the 6-digit code we emailed you"),
  confirmation,
});
