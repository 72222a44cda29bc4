import { isRouteErrorResponse, Link, Outlet } from "react-router";
import { DashboardShell, sidebarOpenFromCookie } from "~/components/layout/dashboard-shell";
import { Button } from "~/components/ui/button";
import { LiveUpdates } from "~/features/admin/live-updates";
import { adminLinks } from "~/features/admin/navigation";
import { pageMeta } from "~/lib/seo";
import { adminMiddleware, requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/layout";

// every /admin loader, action and resource route below runs behind this check
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return { sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")) };
}

/**
 * The title when this layout's error boundary shows (a child's loader threw, e.g. an unknown
 * quote): the child's own meta is not used then, and a page needs a title (WCAG 2.4.2).
 */
export function meta(args: Route.MetaArgs) {
  const notFound = isRouteErrorResponse(args.error) && args.error.status === 404;
  return pageMeta(args, {
    title: notFound ? "Not found" : args.error ? "Something went wrong" : "Admin Panel",
    description: "Back office.",
    noIndex: true,
  });
}

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      title="Admin Panel"
      heading="Admin Dashboard"
      links={adminLinks}
      initiallyOpen={loaderData.sidebarOpen}
    >
      <LiveUpdates />
      <Outlet />
    </DashboardShell>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return (
    <div className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Not found" : "Something went wrong"}</h1>
      <p className="mt-4 text-slate-700">
        {notFound
          ? "There is no such item in the back office."
          : "We could not load this page just now. Please try again in a moment."}
      </p>
      <Button asChild className="mt-6">
        <Link to="/admin/quotes">Back to quotes</Link>
      </Button>
    </div>
  );
}
