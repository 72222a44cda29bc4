/**
 * The staff's week (on /admin/schedule): Monday to Sunday, each day's booked visits with time,
 * kind, service, customer, phone, place and staff member, and a link to move or cancel it; links
 * to the weeks around it and to one staff member. Seven columns on wide screens, a day list on
 * phones (the same markup).
 */
import { href, Link } from "react-router";
import type { loadWeekPage } from "./week.server";

type WeekPage = Awaited<ReturnType<typeof loadWeekPage>>;

const WEEK_PATH = href("/admin/schedule");

function weekLink(week: string, staffId: string | null): string {
  return `${WEEK_PATH}?week=${week}${staffId ? `&staff=${encodeURIComponent(staffId)}` : ""}`;
}

const pill =
  "inline-block rounded-md border border-slate-300 px-3 py-1 text-sm aria-[current=page]:border-brand-700 aria-[current=page]:font-semibold";

type Day = WeekPage["days"][number];

/** A booked or work visit's time, kind and service, customer and phone, place and staff member. */
function VisitLines({ visit }: { visit: Day["visits"][number] | Day["work"][number] }) {
  return (
    <>
      <p className="font-medium">{visit.time}</p>
      <p>
        {visit.kind} ({visit.service})
      </p>
      <p>
        {visit.customer}, {visit.phone}
      </p>
      <p>{visit.where}</p>
      <p>With {visit.staff}</p>
    </>
  );
}

export function WeekSection({ page }: { page: WeekPage }) {
  return (
    <section aria-labelledby="week-title" className="space-y-6">
      <h2 id="week-title" className="text-xl font-semibold">
        Visits: {page.title}
      </h2>
      <p className="text-sm text-slate-700">
        {page.count === 0
          ? "No visits this week."
          : `${page.count} visit${page.count === 1 ? "" : "s"} this week.`}{" "}
        Times are Mountain Time (America/Denver).
      </p>
      <nav aria-label="Weeks" className="flex flex-wrap gap-3">
        <Link to={weekLink(page.previous, page.staffId)} className="text-brand-800 underline">
          Previous week
        </Link>
        <Link to={weekLink(page.next, page.staffId)} className="text-brand-800 underline">
          Next week
        </Link>
      </nav>
      <nav aria-label="Staff members">
        <ul className="flex flex-wrap gap-2">
          <li>
            <Link
              to={weekLink(page.monday, null)}
              aria-current={page.staffId === null ? "page" : undefined}
              className={pill}
            >
              Everyone
            </Link>
          </li>
          {page.staff.map((s) => (
            <li key={s.id}>
              <Link
                to={weekLink(page.monday, s.id)}
                aria-current={page.staffId === s.id ? "page" : undefined}
                className={pill}
              >
                {s.name}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <div className="grid grid-cols-1 gap-4 xl:grid-cols-7 xl:gap-2">
        {page.days.map((day) => (
          <section key={day.day} aria-labelledby={`day-${day.day}`} className="min-w-0 space-y-2">
            <h3 id={`day-${day.day}`} className="font-semibold">
              {day.label}
            </h3>
            {day.visits.length === 0 && day.work.length === 0 ? (
              <p className="text-sm text-slate-700">No visits.</p>
            ) : day.visits.length === 0 ? null : (
              <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
                {day.visits.map((v) => (
                  <li key={v.id} className="space-y-1 p-3 text-sm wrap-anywhere">
                    <VisitLines visit={v} />
                    <p className="flex flex-wrap gap-x-3 gap-y-1">
                      <Link
                        to={href("/admin/quotes/:id", { id: v.quoteId })}
                        className="inline-flex min-h-6 items-center text-brand-800 underline"
                      >
                        Ref. {v.reference}
                      </Link>
                      <Link
                        to={href("/admin/schedule/visits/:id", { id: v.id })}
                        className="inline-flex min-h-6 items-center text-brand-800 underline"
                      >
                        Move or cancel
                        <span className="sr-only">
                          {" "}
                          {v.kind} of {v.customer}, {day.label} {v.time}
                        </span>
                      </Link>
                    </p>
                  </li>
                ))}
              </ul>
            )}
            {day.work.length > 0 && (
              <>
                <h4 className="text-sm font-semibold">Work visits</h4>
                <ul className="divide-y divide-slate-200 rounded-lg border border-amber-300 bg-amber-50">
                  {day.work.map((v) => (
                    <li key={v.id} className="space-y-1 p-3 text-sm wrap-anywhere">
                      <VisitLines visit={v} />
                      {v.jobId && (
                        <Link
                          to={href("/admin/jobs/:id", { id: v.jobId })}
                          className="inline-flex min-h-6 items-center text-brand-800 underline"
                        >
                          Job<span className="sr-only"> of {v.customer}</span>
                        </Link>
                      )}
                    </li>
                  ))}
                </ul>
              </>
            )}
          </section>
        ))}
      </div>
    </section>
  );
}
