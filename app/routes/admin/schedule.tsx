import { data } from "react-router";
import { loadSchedulePage, schedulePost } from "~/features/visits/schedule.server";
import { SCHEDULE_PATH, ScheduleSection } from "~/features/visits/schedule-page";
import { pageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/schedule";

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  return loadSchedulePage();
}

export async function action({ request, context }: Route.ActionArgs) {
  await requireAdmin(request, context);
  const outcome = await schedulePost(await request.formData());
  if (!outcome.ok) {
    if (outcome.status === 404) throw data(null, { status: 404 });
    return data({ form: outcome.form, errors: outcome.errors }, outcome.status);
  }
  return redirectWithToast(SCHEDULE_PATH, {
    type: "success",
    title: "Schedule updated",
    description: outcome.message,
  });
}

export function meta(args: Route.MetaArgs) {
  return pageMeta(args, {
    title: "Schedule",
    description: "Who does assessment visits and when.",
    noIndex: true,
  });
}

export default function AdminSchedule({ loaderData, actionData }: Route.ComponentProps) {
  return <ScheduleSection page={loaderData} failed={actionData} />;
}
