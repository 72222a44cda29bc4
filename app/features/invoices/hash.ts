import { createHash } from "node:crypto";

/** Hex SHA-256 of `text` (UTF-8): how link tokens are stored. */
export function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex");
}
