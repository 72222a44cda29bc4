import { href, isRouteErrorResponse, Outlet } from "react-router";
import { DashboardShell, sidebarOpenFromCookie } from "~/components/layout/dashboard-shell";
import { errorBoundary } from "~/components/layout/error-page";
import { dashboardShellHandle } from "~/features/accounts/navigation";
import { LiveUpdates } from "~/features/admin/live-updates";
import { adminLinksWith } from "~/features/admin/navigation";
import { unreadThreadCount } from "~/features/messages/admin.server";
import { skipRevalidationAfterSubmitFailure } from "~/features/quotes/submit-failure";
import { pageMeta } from "~/lib/seo";
import { adminMiddleware, requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/layout";

// every /admin loader, action and resource route below runs behind this check
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return {
    sidebarOpen: sidebarOpenFromCookie(request.headers.get("Cookie")),
    unreadThreads: await unreadThreadCount(),
  };
}

/**
 * A save that got no answer (a crew phone without signal, admin/job.tsx) reloads nothing: a
 * reload would fail the same way and replace the page, and what was typed, with an error.
 */
export const shouldRevalidate = skipRevalidationAfterSubmitFailure;

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

/** The sidebar offers the sections and Logout: the header leaves its own out. */
export const handle = dashboardShellHandle;

export function headers() {
  return { "Cache-Control": "private, no-store" };
}

export default function AdminLayout({ loaderData }: Route.ComponentProps) {
  return (
    <DashboardShell
      title="Admin Panel"
      heading="Admin Dashboard"
      links={adminLinksWith(loaderData.unreadThreads)}
      initiallyOpen={loaderData.sidebarOpen}
    >
      <LiveUpdates />
      <Outlet />
    </DashboardShell>
  );
}

export const ErrorBoundary = errorBoundary({
  notFound: { title: "Not found", message: "There is no such item in the back office." },
  failed: "We could not load this page just now. Please try again in a moment.",
  back: { to: href("/admin/quotes"), label: "Back to quotes" },
});
