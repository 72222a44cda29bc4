import { data, href } from "react-router";
import { staffChangeVisit } from "~/features/visits/booking.server";
import { loadMovePage } from "~/features/visits/move.server";
import { MoveVisitSection } from "~/features/visits/move-page";
import { mondayOf } from "~/features/visits/week.server";
import { idParam } from "~/lib/ids";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/schedule-visit";

/** One visit: move it (`?day=` picks the day of free times) or cancel it. Admins only. */
export async function loader({ request, params, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id);
  const page = await loadMovePage(id, new URL(request.url).searchParams.get("day"));
  if (!page) throw data(null, { status: 404 });
  return page;
}

/** Moves (`slot` = `<ISO start>|<staff id>`) or cancels (`intent=cancel`) the visit. */
export async function action({ request, params, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const id = idParam(params.id);
  const outcome = await staffChangeVisit(id, await request.formData(), new Date());
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ message: outcome.message }, { status: outcome.status });
  }
  const first = outcome.visits[0];
  const week = first ? `?week=${mondayOf(first.date)}` : "";
  return redirectWithToast(`${href("/admin/schedule")}${week}`, {
    type: "success",
    title: outcome.change === "cancelled" ? "Visit cancelled" : "Visit moved",
    description: first
      ? `${first.kind}: ${first.day}, ${first.time}. The homeowner was emailed.`
      : undefined,
  });
}

export function meta(args: Route.MetaArgs) {
  return privatePageMeta(
    args,
    "Move or Cancel a Visit",
    "Move a visit to a free time or cancel it.",
  );
}

export default function AdminScheduleVisit({ loaderData, actionData }: Route.ComponentProps) {
  return <MoveVisitSection page={loaderData} message={actionData?.message} />;
}
