/**
 * The signing fields of a sign form, as the estimate's accept form has them: the ticked consent,
 * the typed full name and the optional drawn signature (a PNG data URL, checked again on the
 * server by signing.server.ts). Client-safe: forms validate with it before posting. Public to the
 * other features (a job's homeowner sign-off).
 */
import type { z } from "zod";
import { acceptEstimateSchema } from "./schemas";

/** The zod fields `consent`, `signerName` and `signature` of a sign form. */
export const signingFields = {
  consent: acceptEstimateSchema.shape.consent,
  signerName: acceptEstimateSchema.shape.signerName,
  signature: acceptEstimateSchema.shape.signature,
} satisfies z.ZodRawShape;
