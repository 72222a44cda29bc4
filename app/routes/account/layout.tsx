import { Building2, FileText, UserRound } from "lucide-react";
import { href, Outlet } from "react-router";
import { DashboardShell, sidebarOpenFromCookie } from "~/components/layout/dashboard-shell";
import { errorBoundary } from "~/components/layout/error-page";
import { dashboardShellHandle } from "~/features/accounts/navigation";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")) };
}

/** The sidebar offers the sections and Logout: the header leaves its own out. */
export const handle = dashboardShellHandle;

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const links = [
  { to: href("/account/quotes"), label: "Quotes", icon: <FileText aria-hidden="true" /> },
  { to: href("/account/properties"), label: "Properties", icon: <Building2 aria-hidden="true" /> },
  { to: href("/account/profile"), label: "Profile", icon: <UserRound aria-hidden="true" /> },
];

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      title="Dashboard"
      heading="Customer Dashboard"
      links={links}
      initiallyOpen={loaderData.sidebarOpen}
    >
      <Outlet />
    </DashboardShell>
  );
}

/** A failure while loading an account page (SPEC section 8: 'Failed to load profile data'). */
export const ErrorBoundary = errorBoundary({
  notFound: { title: "Not found", message: "That item is not in your account." },
  failed: {
    title: "Failed to load profile data",
    message: "We could not load your account just now. Please try again in a moment.",
  },
  back: { to: href("/account/quotes"), label: "Back to your dashboard" },
});
