/**
 * The forms of mobile numbers and texted codes. The browser checks only that a number was typed;
 * the server reads it with libphonenumber-js (mobile-number.server.ts), which stays out of the
 * pages' scripts.
 */
import "~/lib/zod-browser";
import { z } from "zod";
import { requiredText } from "~/lib/required-text";

const CODE_MESSAGE = "Enter the 6-digit code from the text";

/** A typed mobile number, e.g. "(801) 555-0123" or "+44 20 7946 0958". */
export const mobileNumberSchema = z.object({
  phoneNumber: requiredText(
    "Enter your mobile number",
    40,
    "Enter a valid mobile number, such as (801) 555-0123",
  ),
  redirectTo: z.string().optional(),
});

/** A texted 6-digit code for the number `phoneNumber` (E.164, carried by the form). */
export const smsCodeSchema = z.object({
  phoneNumber: z.string({ error: "Enter your mobile number" }).trim().min(1).max(40),
  code: z
    .string({ error: CODE_MESSAGE })
    .trim()
    .regex(/^\d{6}$/, CODE_MESSAGE),
  redirectTo: z.string().optional(),
});
