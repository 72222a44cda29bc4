import { href, redirect } from "react-router";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/visits";

/**
 * The staff's week moved to /admin/schedule (docs/decisions/0151-staff-week-on-schedule.md): old
 * links and bookmarks land there with their `?week=` and `?staff=`.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return redirect(`${href("/admin/schedule")}${new URL(request.url).search}`, 301);
}
