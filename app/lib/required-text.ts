import "./zod-browser";
import { z } from "zod";

/**
 * A required text field of a form: trimmed; `missing` when absent or blank, `tooLong` past `max`
 * characters (after trimming).
 */
export function requiredText(missing: string, max: number, tooLong: string) {
  return z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);
}
