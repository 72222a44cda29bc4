/**
 * The pieces of an electronic signature other features reuse (a job's homeowner sign-off): the
 * drawn signature's check, the audit columns of who signed from where and the link validity
 * (the form's fields are signing.ts). An estimate's acceptance (acceptance.server.ts) uses the same, so
 * every signature the company keeps is taken and recorded one way.
 */
import sharp from "sharp";
import * as limits from "~/features/catalog/estimate-limits";
import { defaultValidUntil, isExpired } from "./view-model";

/** Who is answering, as the route learns it from the request. */
export interface ClientInfo {
  /** the client address (Express's req.ip, through the request context) */
  ip: string;
  userAgent: string;
}

/** The audit columns of a signature row (client address and agent, cut to the columns' size). */
export function signerAudit(client: ClientInfo): { client_ip: string; user_agent: string } {
  return { client_ip: client.ip.slice(0, 100), user_agent: client.userAgent.slice(0, 1000) };
}

/**
 * A drawn signature from a sign form's PNG data URL, checked to be a real PNG of sane size.
 * @returns null when there is none; undefined when it is unreadable (throws nothing)
 */
export async function signatureImage(
  dataUrl: string | undefined,
): Promise<Buffer | null | undefined> {
  if (!dataUrl) return null;
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64");
  if (png.length === 0 || png.length > limits.MAX_SIGNATURE_BYTES) return undefined;
  try {
    const meta = await sharp(png, { limitInputPixels: 4_000_000 }).metadata();
    if (meta.format !== "png" || !meta.width || !meta.height) return undefined;
    if (meta.width > 3000 || meta.height > 1500) return undefined;
    return png;
  } catch {
    return undefined;
  }
}

/** The refusal of a drawn signature `signatureImage` could not read: 400, with the field's message. */
export function unreadableSignature(): {
  ok: false;
  status: 400;
  message: string;
  fieldErrors: Record<string, string[]>;
} {
  return {
    ok: false,
    status: 400,
    message: "The signature could not be read.",
    fieldErrors: { signature: ["The signature could not be read; clear it and sign again"] },
  };
}

/**
 * The last Utah date a signing link mailed at `now` opens, as an estimate's validity: 30 days.
 * @returns an ISO date (YYYY-MM-DD)
 */
export function signingLinkValidUntil(now: Date): string {
  return defaultValidUntil(now);
}

/** Whether a link valid until Utah date `validUntil` has expired at `now`. */
export function signingLinkExpired(validUntil: string, now: Date): boolean {
  return isExpired(validUntil, now);
}

/**
 * A kept signature `png` as the staff-only image response: never cached, never sniffed as
 * anything but a PNG.
 * @returns 200 `image/png` with `Cache-Control: private, no-store`
 */
export function signatureResponse(png: Buffer): Response {
  return new Response(new Uint8Array(png), {
    headers: {
      "Content-Type": "image/png",
      "Content-Length": String(png.byteLength),
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}
