/**
 * Where a signed-in person's own area is, as the header, the footer and the home page offer it:
 * customers go to their dashboard, admins to the admin panel (SPEC section 2
 * names both). Guests get null and are offered 'Sign In' instead.
 */
import { href } from "react-router";

export interface AccountEntry {
  /** the page the entry links to */
  href: string;
  /** the entry's visible name */
  label: string;
}

/** The dashboard or admin panel entry for `user`; null for a guest. */
export function accountEntry(user: { isAdmin: boolean } | null): AccountEntry | null {
  if (!user) return null;
  return user.isAdmin
    ? { href: href("/admin/dashboard"), label: "Admin Panel" }
    : { href: href("/account/quotes"), label: "Dashboard" };
}

/**
 * The `handle` of a layout that draws the dashboard shell: its sidebar already offers the
 * sections and Logout, so the header leaves its own account entries out there.
 */
export const dashboardShellHandle = { dashboardShell: true } as const;

/** Whether a route's `handle` marks a layout that draws the dashboard shell. */
export function drawsDashboardShell(handle: unknown): boolean {
  return (
    typeof handle === "object" &&
    handle !== null &&
    (handle as { dashboardShell?: unknown }).dashboardShell === true
  );
}
