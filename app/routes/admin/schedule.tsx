import { data } from "react-router";
import { loadSchedulePage, schedulePost } from "~/features/visits/schedule.server";
import { SCHEDULE_PATH, ScheduleSection } from "~/features/visits/schedule-page";
import { loadWeekPage } from "~/features/visits/week.server";
import { WeekSection } from "~/features/visits/week-page";
import { privatePageMeta } from "~/lib/seo";
import { requireAdmin } from "~/lib/session.server";
import { redirectWithToast } from "~/lib/toast.server";
import type { Route } from "./+types/schedule";

/**
 * The staff's week of visits (`?week=YYYY-MM-DD`, `?staff=<id>`) and, below it, the availability
 * settings (docs/decisions/0151-staff-week-on-schedule.md).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAdmin(request, context);
  const params = new URL(request.url).searchParams;
  const [week, schedule] = await Promise.all([
    loadWeekPage(params.get("week"), params.get("staff")),
    loadSchedulePage(),
  ]);
  return { week, schedule };
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
  return privatePageMeta(
    args,
    "Schedule",
    "The week's assessment visits, and who does visits when.",
  );
}

export default function AdminSchedule({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <div className="space-y-10">
      <nav aria-label="Schedule sections">
        <ul className="flex flex-wrap gap-4 text-sm">
          <li>
            <a href="#week-title" className="text-brand-800 underline">
              Week of visits
            </a>
          </li>
          <li>
            <a href="#schedule-title" className="text-brand-800 underline">
              Availability: staff, hours, days off, visit lengths
            </a>
          </li>
        </ul>
      </nav>
      <WeekSection page={loaderData.week} />
      <ScheduleSection page={loaderData.schedule} failed={actionData} />
    </div>
  );
}
