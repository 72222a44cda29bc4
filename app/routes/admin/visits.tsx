import { loadWeekPage } from "~/features/visits/week.server";
import { WeekSection } from "~/features/visits/week-page";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import type { Route } from "./+types/visits";

/** The staff's week of booked visits (`?week=YYYY-MM-DD`, `?staff=<id>`). */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  return loadWeekPage(params.get("week"), params.get("staff"));
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Visits",
    description: "The staff's week of assessment visits.",
    noIndex: true,
  });
}

export default function AdminVisits({ loaderData }: Route.ComponentProps) {
  return <WeekSection page={loaderData} />;
}
