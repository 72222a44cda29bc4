import { Building2, FileText, UserRound } from "lucide-react";
import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { DashboardShell, sidebarOpenFromCookie } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { requireUser } from "~/lib/session.server";
import type { Route } from "./+types/layout";

export function loader({ request, context }: Route.LoaderArgs) {
  requireUser(request, context);
  return { sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")) };
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

const links = [
  { to: "/account/quotes", label: "Quotes", icon: <FileText aria-hidden="true" /> },
  { to: "/account/properties", label: "Properties", icon: <Building2 aria-hidden="true" /> },
  { to: "/account/profile", label: "Profile", icon: <UserRound aria-hidden="true" /> },
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
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">
        {notFound ? "Not found" : "Failed to load profile data"}
      </h1>
      <p className="mt-4 text-slate-700">
        {notFound
          ? "That item is not in your account."
          : "We could not load your account just now. Please try again in a moment."}
      </p>
      <Button asChild className="mt-6">
        <Link to="/account/quotes">Back to your dashboard</Link>
      </Button>
    </div>
  );
}
