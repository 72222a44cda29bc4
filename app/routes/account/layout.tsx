import { Building2, FileText, UserRound } from "lucide-react";
import { Outlet } from "react-router";
import { DashboardShell, sidebarOpenFromCookie } from "~/components/layout/dashboard-shell";
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
