/**
 * Notifications that survive a redirect (e.g. 'Profile Updated' after saving): a signed cookie
 * read and cleared by the root loader, then shown as a toast (or a banner without JavaScript).
 */
import { redirect } from "react-router";
import { createSignedCookie } from "./signed-cookie.server";

export interface FlashToast {
  type: "success" | "error";
  title: string;
  description?: string;
}

const toastCookie = createSignedCookie("toast", { path: "/", maxAge: 60 });

/** A redirect to `url` that shows `toast` on arrival; `headers` are added (e.g. session cookies). */
export async function redirectWithToast(
  url: string,
  toast: FlashToast,
  headers?: Headers,
): Promise<Response> {
  const out = new Headers(headers);
  out.append("Set-Cookie", await toastCookie.serialize(toast));
  return redirect(url, { headers: out });
}

/** The pending toast of `request`, and the header that clears it (both null when none). */
export async function takeToast(
  request: Request,
): Promise<{ toast: FlashToast | null; clear: string | null }> {
  const value = (await toastCookie.parse(request.headers.get("Cookie"))) as FlashToast | null;
  if (!value || typeof value.title !== "string") return { toast: null, clear: null };
  return { toast: value, clear: await toastCookie.serialize("", { maxAge: 0 }) };
}
